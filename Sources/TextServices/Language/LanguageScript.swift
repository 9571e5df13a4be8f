/// The writing system of a letter, as far as telling languages apart needs it.
///
/// A word whose letters belong to two scripts (a Latin word with a Cyrillic
/// `е` in it) is `mixed` and counts as evidence for no language.
public enum LanguageScript: UInt8, Sendable, CaseIterable, CustomStringConvertible {
    case other = 0, latin, cyrillic, greek, hebrew, arabic, devanagari, bengali, mixed

    /// The script of one letter.
    static func of(_ scalar: UInt32) -> LanguageScript {
        switch scalar {
        case 0x41...0x5A, 0x61...0x7A, 0xC0...0x24F, 0x1E00...0x1EFF, 0x2C60...0x2C7F, 0xA720...0xA7FF: return .latin
        case 0x400...0x52F, 0x1C80...0x1C8F, 0x2DE0...0x2DFF, 0xA640...0xA69F: return .cyrillic
        case 0x370...0x3FF, 0x1F00...0x1FFF: return .greek
        case 0x590...0x5FF: return .hebrew
        case 0x600...0x6FF, 0x750...0x77F: return .arabic
        case 0x900...0x97F: return .devanagari
        case 0x980...0x9FF: return .bengali
        default: return .other
        }
    }

    /// The script of a word whose letters had `self` so far and now one of `next`.
    func joined(with next: LanguageScript) -> LanguageScript {
        if self == next || next == .other { return self }
        if self == .other { return next }
        return .mixed
    }

    public var description: String {
        switch self {
        case .other: "other"
        case .latin: "Latin"
        case .cyrillic: "Cyrillic"
        case .greek: "Greek"
        case .hebrew: "Hebrew"
        case .arabic: "Arabic"
        case .devanagari: "Devanagari"
        case .bengali: "Bengali"
        case .mixed: "mixed"
        }
    }
}
