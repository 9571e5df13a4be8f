/// The words of a codebook configuration file (`codebook.toml`, `.codebook.toml`), for importing.
///
/// codebook keeps a project's accepted words in the top-level `words` array
/// (its "Add to dictionary" writes there, in lower case; codebook matches
/// them ignoring case). That array may span lines and hold comments and a
/// trailing comma, as TOML allows. `flag_words` (words codebook always
/// flags) is left out with a note. The keys before the first table header
/// are read (every top-level key is there); a malformed file is refused with
/// the line of the fault. Thread-safe.
enum CodebookConfiguration {
    static func read(_ bytes: [UInt8], path: String) throws(WordListFormat.ReadError) -> WordListFormat.Contents {
        let lines = try WordListFormat.strictLines(bytes, path: path)
        var reader = TOMLTopLevelReader(bytes: bytes, start: bytes.starts(with: WordListLines.byteOrderMark) ? 3 : 0)
        let pairs: [TOMLTopLevelReader.Pair]
        do {
            pairs = try reader.pairs()
        } catch {
            throw WordListFormat.ReadError(path: path, line: lines.lineNumber(atByte: error.offset), reason: error.reason)
        }
        var contents = WordListFormat.Contents()
        var seen = Set<String>()
        let wordPairs = pairs.filter { $0.key == ["words"] }
        if wordPairs.count > 1 {
            throw WordListFormat.ReadError(path: path, line: lines.lineNumber(atByte: wordPairs[1].keyOffset),
                                           reason: "\u{201C}words\u{201D} is defined twice")
        }
        if let pair = wordPairs.first {
            guard case .array(let elements) = pair.value.value else {
                throw WordListFormat.ReadError(path: path, line: lines.lineNumber(atByte: pair.value.offset),
                                               reason: "\u{201C}words\u{201D} must be an array of strings")
            }
            for (index, element) in elements.enumerated() {
                let line = lines.lineNumber(atByte: element.offset)
                guard case .string(let word) = element.value else {
                    throw WordListFormat.ReadError(path: path, line: line, reason: "words[\(index)] must be a string")
                }
                contents.append(word.trimmingCharacters(in: .whitespaces), line: line, seen: &seen)
            }
        }
        if let flagged = pairs.first(where: { $0.key == ["flag_words"] }), case .array(let elements) = flagged.value.value,
           !elements.isEmpty {
            contents.notes.append(.init(line: lines.lineNumber(atByte: flagged.keyOffset),
                                        message: "flag_words (\(elements.count)) left out: codebook always flags them"))
        }
        return contents
    }
}
