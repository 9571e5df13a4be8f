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
    /// The default language's misspellings of the parts it covers, in order.
    let misspellings: [Misspelling]
    /// For each misspelling, whether another candidate's word list of the word's script holds it.
    let foreign: [Bool]
    /// The words the default language's check examined in the parts it covers.
    let wordCount: Int
    /// The parts of the range the check covers, in order and apart (each from a blank line to a blank line, or the
    /// range's edges; nil: all of it): a part it rejected more than a quarter of is not among them, and only blocks
    /// inside one can settle.
    var parts: [ByteRange]?

    /// The fewest evidence words of a settled block that holds one word the default language's dictionary rejects.
    static let wordsForOneRejection = 20

    /// The block's evidence words when `block` of `bytes` is settled (at least enough of them to settle it); nil when it is not.
    func words(ofSettled block: ByteRange, in bytes: [UInt8]) -> Int? {
        guard covers(block) else { return nil }
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
        if script == .latin, LanguageWordScanner.lettersAreLatin(bytes, range: block.ints) {
            // Every word is Latin, so the block settles once it has enough words: they need not all be counted.
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
        for part in parts ?? [] {
            withUnsafeBytes(of: Int64(part.lowerBound.rawValue).littleEndian) { starts += $0 }
            withUnsafeBytes(of: Int64(part.upperBound.rawValue).littleEndian) { starts += $0 }
        }
        return "settled \(language) \(parts?.count ?? -1) \(ContentHash(starts))"
    }

    /// Whether one part the check covers holds all of `range`.
    func covers(_ range: ByteRange) -> Bool {
        guard let parts else { return true }
        var low = 0, high = parts.count
        while low < high {
            let middle = (low + high) / 2
            if parts[middle].upperBound < range.upperBound { low = middle + 1 } else { high = middle }
        }
        return low < parts.count && parts[low].lowerBound <= range.lowerBound
    }

    /// `range` cut where the covered parts begin and end, in order, each piece with whether the check covers it.
    func pieces(of range: ByteRange) -> [(range: ByteRange, covered: Bool)] {
        guard let parts else { return [(range, true)] }
        var pieces: [(range: ByteRange, covered: Bool)] = []
        var start = range.lowerBound
        for part in parts where part.upperBound > start && part.lowerBound < range.upperBound {
            if part.lowerBound > start { pieces.append((start..<part.lowerBound, false)) }
            let end = min(part.upperBound, range.upperBound)
            pieces.append((max(start, part.lowerBound)..<end, true))
            start = end
        }
        if start < range.upperBound { pieces.append((start..<range.upperBound, false)) }
        return pieces
    }

    /// The misspellings that start in `range`, from `index` on (moved past them); `range`s asked for in order.
    func misspellings(in range: ByteRange, from index: inout Int) -> ArraySlice<Misspelling> {
        while index < misspellings.count, misspellings[index].range.lowerBound < range.lowerBound { index += 1 }
        let first = index
        while index < misspellings.count, misspellings[index].range.lowerBound < range.upperBound { index += 1 }
        return misspellings[first..<index]
    }
}
