/// How an .aff file writes its flags (the `FLAG` line).
///
/// A flag is stored as a `UInt32` whatever the mode: a character's scalar
/// value, two characters packed (`long`), or the number itself (`num`).
enum AffixFlagMode: Sendable, Equatable {
    /// One character per flag (Hunspell's default).
    case character
    /// Two characters per flag (`FLAG long`).
    case long
    /// Comma-separated decimal numbers (`FLAG num`).
    case numeric
    /// One Unicode character per flag (`FLAG UTF-8`).
    case unicode

    init(declaration: Substring) {
        switch declaration.lowercased() {
        case "long": self = .long
        case "num": self = .numeric
        case "utf-8", "utf8": self = .unicode
        default: self = .character
        }
    }

    /// The flags written in `text` (a .dic entry's or an affix's flag field).
    func parse(_ text: Substring) -> [UInt32] {
        switch self {
        case .character, .unicode:
            return text.unicodeScalars.map(\.value)
        case .long:
            var flags: [UInt32] = []
            var pending: UInt32?
            for scalar in text.unicodeScalars {
                if let first = pending {
                    flags.append(first << 16 | (scalar.value & 0xFFFF))
                    pending = nil
                } else {
                    pending = scalar.value
                }
            }
            if let first = pending { flags.append(first << 16) }
            return flags
        case .numeric:
            return text.split(separator: ",").compactMap { UInt32($0.filter { $0 != " " }) }
        }
    }

    /// One flag named alone (a `NEEDAFFIX x` line's value).
    func parseSingle(_ text: Substring) -> UInt32? {
        parse(text).first
    }
}

/// A small sorted set of flags.
struct FlagSet: Sendable, Equatable {
    private(set) var flags: [UInt32]

    init(_ flags: [UInt32]) {
        self.flags = Array(Set(flags)).sorted()
    }

    static let empty = FlagSet([])

    var isEmpty: Bool { flags.isEmpty }

    func contains(_ flag: UInt32?) -> Bool {
        guard let flag else { return false }
        if flags.count < 8 { return flags.contains(flag) }
        var low = 0
        var high = flags.count
        while low < high {
            let mid = (low + high) / 2
            if flags[mid] < flag { low = mid + 1 } else { high = mid }
        }
        return low < flags.count && flags[low] == flag
    }

    func union(_ other: FlagSet) -> FlagSet {
        other.isEmpty ? self : FlagSet(flags + other.flags)
    }
}
