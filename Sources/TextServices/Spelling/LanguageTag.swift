import Foundation

/// A normalised language tag such as `en_US`, `de_DE`, `sr_Latn_RS` or `en`.
///
/// `en-US`, `en_us` and `EN_US` all normalise to `en_US`: language in lower
/// case, a four-letter script in title case, a region in upper case, parts
/// joined by underscores (Hunspell's file naming).
public struct LanguageTag: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let tag: String

    public init?(_ raw: String) {
        if Self.isNormal(raw) {
            tag = raw
            return
        }
        let trimmed = raw.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return nil }
        var parts = trimmed.split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
        guard !parts.isEmpty, parts.allSatisfy({ !$0.isEmpty && $0.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) } })
        else { return nil }
        parts[0] = parts[0].lowercased()
        guard (2...8).contains(parts[0].count), parts.dropFirst().allSatisfy({ $0.count <= 8 }) else { return nil }
        for index in parts.indices.dropFirst() {
            let part = parts[index]
            if part.count == 4, part.allSatisfy(\.isLetter) {
                parts[index] = part.prefix(1).uppercased() + part.dropFirst().lowercased()
            } else if part.count == 2 || (part.count == 3 && part.allSatisfy(\.isNumber)) {
                parts[index] = part.uppercased()
            } else {
                parts[index] = part
            }
        }
        self.tag = parts.joined(separator: "_")
    }

    /// Whether `raw` is already a normal tag of a language and maybe a region (`en`, `en_US`, `ast_ES`), as most
    /// dictionary file names are: what the general rules would give back unchanged, found without them.
    private static func isNormal(_ raw: String) -> Bool {
        raw.utf8.withContiguousStorageIfAvailable { bytes in
            let language = bytes.prefix { $0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z") }.count
            guard language == 2 || language == 3 else { return false }
            if bytes.count == language { return true }
            func isCapital(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") }
            return bytes.count == language + 3 && bytes[language] == UInt8(ascii: "_")
                && isCapital(bytes[language + 1]) && isCapital(bytes[language + 2])
        } ?? false
    }

    /// A dictionary's name: its file's base name as a tag when it reads as one, else the base name itself.
    ///
    /// `en-US` and `en_us` give `en_US` as before; a dictionary whose file
    /// name is not a language tag (`checkcompoundcase`, `medical.v2`, a
    /// project's own word list) keeps its name verbatim, so `--lang` and `-d`
    /// take any dictionary name, as Hunspell does. Nil for an empty name, one
    /// with a `/`, a control character, or a leading `.` (not a file base name).
    public init?(dictionaryName raw: String) {
        if let tag = LanguageTag(raw) {
            self = tag
            return
        }
        let name = raw.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, !name.hasPrefix("."), !name.contains("/"),
              !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return nil }
        self.tag = name
    }

    /// The language part alone (`en` for `en_US`).
    public var language: String { String(tag.prefix { $0 != "_" }) }

    /// Whether the tag names only a language, with no region or script.
    public var isLanguageOnly: Bool { !tag.contains("_") }

    /// The tag in BCP 47 form (`en-US`), as ICU locales and LSP clients use.
    public var bcp47: String { tag.replacingOccurrences(of: Character("_"), with: Character("-")) }

    public var description: String { tag }
    public static func < (a: Self, b: Self) -> Bool { a.tag < b.tag }
}

extension String {
    func replacingOccurrences(of target: Character, with replacement: Character) -> String {
        String(map { $0 == target ? replacement : $0 })
    }
}
