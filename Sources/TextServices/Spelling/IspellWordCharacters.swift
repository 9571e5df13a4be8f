import Foundation

/// Which characters make up words in the `hunspell -a` pipe: letters as Hunspell 1.7 classifies them,
/// plus the dictionary's `WORDCHARS`.
///
/// Hunspell's tokenizer uses its own table of letters (Unicode 4.1, Basic
/// Multilingual Plane only, letters and non-spacing marks, and of the CJK
/// ideograph blocks only the first and last code points) rather than
/// today's Unicode data; matching it keeps tokens, and so offsets and line
/// counts, identical to `hunspell -a`.
public struct IspellWordCharacters: Sendable {
    /// The dictionary's `WORDCHARS`.
    public let extra: Set<Unicode.Scalar>

    public init(extra: Set<Unicode.Scalar>) {
        self.extra = extra
    }

    /// The `WORDCHARS` of a dictionary's `.aff` file, decoded from its charset; empty when absent or unreadable.
    public init(affixPath: String, charset: String) {
        guard let data = FileManager.default.contents(atPath: affixPath) else {
            self.init(extra: [])
            return
        }
        var found: Set<Unicode.Scalar> = []
        for rawLine in data.split(separator: 0x0A) {
            let line = Array(rawLine)
            guard line.starts(with: Array("WORDCHARS".utf8)), line.count > 9, SkipRules.isSpace(line[9]) else { continue }
            let value = line.dropFirst(9).drop(while: SkipRules.isSpace).prefix(while: { !SkipRules.isSpace($0) })
            let text: String?
            if HunspellEngine.isUTF8(charset) {
                text = UTF8Validation.firstInvalidOffset(in: Array(value)) == nil ? String(decoding: value, as: UTF8.self) : nil
            } else {
                text = (try? CharsetConverter(charset: charset))?.decode(Array(value))
            }
            if let text { found.formUnion(text.unicodeScalars) }
            break
        }
        self.init(extra: found)
    }

    /// Whether `scalar` is part of a word: one of the `WORDCHARS` or a Hunspell 1.7 letter.
    public func contains(_ scalar: Unicode.Scalar) -> Bool {
        extra.contains(scalar) || Self.isHunspellLetter(scalar)
    }

    /// Hunspell 1.7's `unicodeisalpha`.
    public static func isHunspellLetter(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        guard value <= 0xFFFF else { return false }
        if (0x3401...0x4DB4).contains(value) || (0x4E01...0x9FBA).contains(value) { return false }
        let properties = scalar.properties
        guard let age = properties.age, age.major < 4 || (age.major == 4 && age.minor <= 1) else { return false }
        switch properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .nonspacingMark:
            return true
        default:
            return false
        }
    }
}
