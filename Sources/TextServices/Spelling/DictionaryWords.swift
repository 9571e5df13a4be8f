import Foundation

/// Reads the words of a Hunspell dictionary.
enum DictionaryWords {
    /// Every surface form of the dictionary (stems with their affixes), expanded from the .aff rules, up to `maximumForms`.
    static func forms(_ info: DictionaryInfo, maximumForms: Int = 2_000_000) -> [WordFormExpander.Form] {
        WordFormExpander.forms(of: info, maximumForms: maximumForms)
    }

    /// The stems listed in the .dic file, decoded from the dictionary's charset.
    static func load(_ info: DictionaryInfo) -> [String] {
        guard let data = FileManager.default.contents(atPath: info.wordsPath) else { return [] }
        let bytes = [UInt8](data)
        let charset = AffixHeader.charset(affixPath: info.affixPath)
        let converter = HunspellEngine.isUTF8(charset) ? nil : try? CharsetConverter(charset: charset)
        var words: [String] = []
        var lineStart = 0
        var first = true
        for index in 0...bytes.count where index == bytes.count || bytes[index] == 0x0A {
            defer { lineStart = index + 1 }
            var line = bytes[lineStart..<index]
            if line.last == 0x0D { line = line.dropLast() }
            if first {
                first = false
                if line.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 || $0 == 0x20 }) { continue }
            }
            // The word ends at an unescaped '/' (flags), or at whitespace (morphology).
            var end = line.startIndex
            while end < line.endIndex {
                let byte = line[end]
                if byte == UInt8(ascii: "/") && (end == line.startIndex || line[end - 1] != UInt8(ascii: "\\")) { break }
                if byte == 0x09 || (byte == 0x20 && end > line.startIndex) { break }
                end += 1
            }
            let raw = Array(line[line.startIndex..<end]).filter { $0 != UInt8(ascii: "\\") }
            guard !raw.isEmpty else { continue }
            if let converter {
                if let word = converter.decode(raw) { words.append(word) }
            } else if UTF8Validation.firstInvalidOffset(in: raw) == nil {
                words.append(String(decoding: raw, as: UTF8.self))
            }
        }
        return words
    }
}

/// Reads the few header lines of an .aff file that matter before loading.
public enum AffixHeader {
    /// The charset from the `SET` line; ISO8859-1 (Hunspell's default) when absent.
    public static func charset(affixPath: String) -> String {
        guard let data = FileManager.default.contents(atPath: affixPath) else { return "ISO8859-1" }
        for line in data.split(separator: 0x0A, omittingEmptySubsequences: true) {
            let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: CharacterSet.whitespacesAndNewlines.union(CharacterSet(charactersIn: "\u{FEFF}")))
            if text.hasPrefix("SET ") || text.hasPrefix("SET\t") {
                return text.dropFirst(4).trimmingCharacters(in: .whitespaces)
            }
        }
        return "ISO8859-1"
    }
}
