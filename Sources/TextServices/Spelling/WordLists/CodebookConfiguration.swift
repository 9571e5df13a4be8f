import Foundation
import TOMLReader

/// The words of a codebook configuration file (`codebook.toml`, `.codebook.toml`), for importing.
///
/// codebook keeps a project's accepted words in the top-level `words` array
/// (its "Add to dictionary" writes there, in lower case; codebook matches
/// them ignoring case). The file is read with TOMLKit (`TOMLReader`), so any
/// valid TOML is understood; a malformed file is refused with the parser's
/// line and reason. `flag_words` (words codebook always flags) is left out
/// with a note. A word's line is the first line that holds it (for notes).
/// Thread-safe.
enum CodebookConfiguration {
    static func read(_ bytes: [UInt8], path: String) throws(WordListFormat.ReadError) -> WordListFormat.Contents {
        _ = try WordListFormat.strictLines(bytes, path: path)  // refuses a file that is not UTF-8, naming the line
        let body = bytes.starts(with: WordListLines.byteOrderMark) ? bytes.dropFirst(3) : bytes[...]
        let text = String(decoding: body, as: UTF8.self)
        let table: [TOMLEntry]
        do {
            table = try TOMLReader.parse(text)
        } catch {
            throw WordListFormat.ReadError(path: path, line: error.line, reason: error.reason)
        }
        let textLines = text.split(separator: "\n", omittingEmptySubsequences: false)
        func firstLine(holding needle: String, or fallback: Int) -> Int {
            textLines.firstIndex { $0.contains(needle) }.map { $0 + 1 } ?? fallback
        }
        var contents = WordListFormat.Contents()
        var seen = Set<String>()
        if let entry = table.first(where: { $0.key == "words" }) {
            let keyLine = firstLine(holding: "words", or: 1)
            guard let elements = entry.value.array else {
                throw WordListFormat.ReadError(path: path, line: keyLine, reason: "\u{201C}words\u{201D} must be an array of strings")
            }
            for (index, element) in elements.enumerated() {
                guard let word = element.string else {
                    throw WordListFormat.ReadError(path: path, line: keyLine, reason: "words[\(index)] must be a string")
                }
                contents.append(word.trimmingCharacters(in: .whitespaces), line: firstLine(holding: word, or: keyLine), seen: &seen)
            }
        }
        if let flagged = table.first(where: { $0.key == "flag_words" }), let elements = flagged.value.array, !elements.isEmpty {
            contents.notes.append(.init(line: firstLine(holding: "flag_words", or: 1),
                                        message: "flag_words (\(elements.count)) left out: codebook always flags them"))
        }
        return contents
    }
}
