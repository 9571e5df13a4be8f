/// The default language's check of a text, which settles the blocks its dictionary accepts whole without scoring them.
///
/// A block (a paragraph, or a hard-wrapped paragraph's lines) is settled
/// when its evidence words are all in the default language's script, and
/// of the words the default language's dictionary rejects, another
/// candidate's word list (of that script) holds none (in a block of at least
/// `LanguageIdentifier.minimumSentenceWords` evidence words), or one (in a
/// block of at least `wordsForOneRejection`). A rejected word no other list
/// holds (a typo, an identifier, a name) is evidence of no language, so it
/// counts for none. Such a block is taken
/// for the default language as a decided range, and the check's verdicts on
/// it are the ones made here, so it is neither scored nor checked again.
/// Every other block is identified as before. The dictionaries' own verdicts
/// are evidence of a language (issue 22 names them): a block in another
/// language of the same script has words its dictionary rejects and that
/// language's list holds, and a quoted sentence in another language (two
/// such words or more) leaves its block unsettled, to be cut at sentence
/// boundaries as before. Offsets are UTF-8 bytes of the checked text.
struct SettledBlocks {
    /// The default language's tag (the candidate's).
    let language: String
    /// The script of the default language's words.
    let script: LanguageScript
    /// The default language's misspellings of the range it checked (to `end`), in order.
    let misspellings: [Misspelling]
    /// For each misspelling, whether another candidate's word list of the word's script holds it.
    let foreign: [Bool]
    /// The words the default language's check examined (to `end`).
    let wordCount: Int
    /// Where the check stopped: it covers the range from its start to here (a blank line, or the range's end), and
    /// only blocks that end by here can settle.
    var end: UTF8Offset = UTF8Offset(Int.max)

    /// The fewest evidence words of a settled block that holds one word the default language's dictionary rejects.
    static let wordsForOneRejection = 20

    /// The block's evidence words when `block` of `bytes` is settled (at least enough of them to settle it); nil when it is not.
    func words(ofSettled block: ByteRange, in bytes: [UInt8]) -> Int? {
        guard block.upperBound <= end else { return nil }
        var low = 0, high = misspellings.count
        while low < high {
            let middle = (low + high) / 2
            if misspellings[middle].range.upperBound <= block.lowerBound { low = middle + 1 } else { high = middle }
        }
        var rejected = 0
        var index = low
        while index < misspellings.count, misspellings[index].range.lowerBound < block.upperBound {
            if foreign[index] { rejected += 1 }
            if rejected > 1 { return nil }
            index += 1
        }
        let enough = rejected == 0 ? LanguageIdentifier.minimumSentenceWords : Self.wordsForOneRejection
        var words = 0
        if script == .latin, LanguageWordScanner.isASCII(bytes, range: block.ints) {
            // Every ASCII letter is Latin, so the block settles once it has enough words: they need not all be counted.
            LanguageWordScanner.forEachWordWhile(in: bytes, range: block.ints) { _ in
                words += 1
                return words < enough
            }
            return words >= enough ? words : nil
        }
        var oneScript = true
        LanguageWordScanner.forEachWord(in: bytes, range: block.ints) { word in
            words += 1
            if word.script != script { oneScript = false }
        }
        return oneScript && words >= enough ? words : nil
    }

    /// What the settled blocks depend on besides the text, for the key that kept spans are found by.
    var settings: String {
        var starts: [UInt8] = []
        for (misspelling, foreign) in zip(misspellings, foreign) {
            withUnsafeBytes(of: Int64(misspelling.range.lowerBound.rawValue).littleEndian) { starts += $0 }
            starts.append(foreign ? 1 : 0)
        }
        return "settled \(language) \(end.rawValue) \(ContentHash(starts))"
    }

    /// The misspellings that start in `range`, from `index` on (moved past them); `range`s asked for in order.
    func misspellings(in range: ByteRange, from index: inout Int) -> ArraySlice<Misspelling> {
        while index < misspellings.count, misspellings[index].range.lowerBound < range.lowerBound { index += 1 }
        let first = index
        while index < misspellings.count, misspellings[index].range.lowerBound < range.upperBound { index += 1 }
        return misspellings[first..<index]
    }
}
