/// The case spellings of a word that Hunspell's `spell` hands to `checkword`, written into memory the caller owns.
///
/// As `RejectIndex` judges a word: nil when a scalar is one whose case
/// Hunspell's tables might class or map otherwise than Unicode does
/// (`RejectIndex.caseKind`), or beyond ASCII for an 8-bit dictionary. A word
/// in lower case is tried as it is; a capitalised one also in lower case; one
/// in capitals also capitalised, in lower case, and (with an apostrophe
/// inside) with the letter after it in capitals. Spelling `index` starts at
/// `index * stride` of the memory; `stride` must be at least four times the
/// word's length, plus one.
struct CaseSpellings {
    /// How many spellings were written (1 to 5).
    private(set) var count = 0
    private var storedLengths: (Int, Int, Int, Int, Int) = (0, 0, 0, 0, 0)
    /// The word is capitalised or in capitals: Hunspell breaks it capitalised (`capitalised`).
    private(set) var foldsCase = false
    /// The word is in capitals: its last two spellings are capitalised and in lower case (CHECKSHARPS tries those).
    private(set) var inCapitals = false
    /// Bit `index`: hidden capitalised homonyms (ONLYUPCASEFLAG) may answer for spelling `index`.
    private var hiddenBits: UInt8 = 0
    /// Bit `index`: `spell` refuses a root with the KEEPCASE flag found for spelling `index`.
    private var keepCaseBits: UInt8 = 0

    init?(_ word: UnsafeBufferPointer<UInt8>, asciiOnly: Bool, into memory: UnsafeMutablePointer<UInt8>, stride: Int) {
        var capitals = 0, neutral = 0, scalars = 0
        var firstCapital = false
        var apostrophe = -1
        var position = 0
        while position < word.count {
            let (value, next) = Self.decode(word, at: position)
            guard let kind = Self.kind(of: value), !(asciiOnly && value >= 0x80) else { return nil }
            if kind == .upper {
                capitals += 1
                if scalars == 0 { firstCapital = true }
            }
            if kind == .neutral { neutral += 1 }
            if value == 0x27, apostrophe < 0 { apostrophe = scalars }
            scalars += 1
            position = next
        }
        var spellings = Self()
        spellings.add(word, lower: false, capitalising: -1, -1, hidden: capitals != 1 || !firstCapital, memory, stride)
        if capitals == 0 {
        } else if capitals == 1 && firstCapital {
            spellings.foldsCase = true
            spellings.keepCaseBits |= 1 << UInt8(spellings.count)
            spellings.add(word, lower: true, capitalising: -1, -1, hidden: true, memory, stride)
        } else if capitals == scalars || capitals + neutral == scalars {
            spellings.foldsCase = true
            spellings.inCapitals = true
            // With an apostrophe that does not end it, the letter after it in capitals: `L'AMI` as `l'Ami` and `L'Ami`.
            if apostrophe >= 0, apostrophe < scalars - 1 {
                spellings.add(word, lower: true, capitalising: apostrophe + 1, -1, hidden: true, memory, stride)
                spellings.add(word, lower: true, capitalising: 0, apostrophe + 1, hidden: true, memory, stride)
            }
            spellings.keepCaseBits |= 3 << UInt8(spellings.count)
            spellings.add(word, lower: true, capitalising: 0, -1, hidden: true, memory, stride)
            spellings.add(word, lower: true, capitalising: -1, -1, hidden: true, memory, stride)
        }
        self = spellings
    }

    private init() {}

    /// The length in bytes of spelling `index`.
    func length(_ index: Int) -> Int {
        switch index {
        case 0: storedLengths.0
        case 1: storedLengths.1
        case 2: storedLengths.2
        case 3: storedLengths.3
        default: storedLengths.4
        }
    }

    /// Writes `word` in lower case with its first scalar in upper case at `out` (room for four bytes a byte of
    /// `word`); returns its length.
    static func capitalised(_ word: UnsafeBufferPointer<UInt8>, into out: UnsafeMutablePointer<UInt8>) -> Int {
        var spellings = Self()
        spellings.add(word, lower: true, capitalising: 0, -1, hidden: true, out, 0)
        return spellings.length(0)
    }

    /// Writes `word` in lower case at `out` (room for four bytes a byte of `word`); returns its length.
    ///
    /// Every case spelling of a word has this one lower case, so it keys what they share (`CompoundPartTable`).
    static func lowerCased(_ word: UnsafeBufferPointer<UInt8>, into out: UnsafeMutablePointer<UInt8>) -> Int {
        var spellings = Self()
        spellings.add(word, lower: true, capitalising: -1, -1, hidden: true, out, 0)
        return spellings.length(0)
    }

    /// Whether hidden capitalised homonyms may answer for spelling `index`.
    func hidden(_ index: Int) -> Bool { hiddenBits >> UInt8(index) & 1 != 0 }

    /// Whether `spell` (1.7) refuses a root with the KEEPCASE flag that `checkword` found for spelling `index`.
    ///
    /// The lower-case spelling of a capitalised word, and the capitalised and lower-case spellings of one in
    /// capitals; not the word as written, nor a word in capitals with the letter after its apostrophe in capitals.
    func keepCaseChecked(_ index: Int) -> Bool { keepCaseBits >> UInt8(index) & 1 != 0 }

    /// Writes `word` (in lower case when `lower`, then with the scalars at `first` and `second` in upper case) as
    /// the next spelling.
    private mutating func add(_ word: UnsafeBufferPointer<UInt8>, lower: Bool, capitalising first: Int, _ second: Int, hidden: Bool,
                              _ memory: UnsafeMutablePointer<UInt8>, _ stride: Int) {
        let out = memory + count * stride
        var length = 0
        var position = 0, scalar = 0
        while position < word.count {
            let (value, next) = Self.decode(word, at: position)
            var mapped = lower ? Self.lowerCase(value) : value
            if scalar == first || scalar == second { mapped = Self.upperCase(mapped) }
            length += Self.encode(mapped, into: out + length)
            position = next
            scalar += 1
        }
        switch count {
        case 0: storedLengths.0 = length
        case 1: storedLengths.1 = length
        case 2: storedLengths.2 = length
        case 3: storedLengths.3 = length
        default: storedLengths.4 = length
        }
        if hidden { hiddenBits |= 1 << UInt8(count) }
        count += 1
    }

    // MARK: Scalars

    /// The scalar at `position` of valid UTF-8 and where the next one starts.
    @inline(__always)
    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int) -> (UInt32, Int) {
        let lead = UInt32(bytes[position])
        if lead < 0x80 { return (lead, position + 1) }
        var value: UInt32, length: Int
        if lead < 0xE0 {
            value = lead & 0x1F
            length = 2
        } else if lead < 0xF0 {
            value = lead & 0x0F
            length = 3
        } else {
            value = lead & 0x07
            length = 4
        }
        let end = min(position + length, bytes.count)
        for index in (position + 1)..<end { value = value << 6 | UInt32(bytes[index] & 0x3F) }
        return (value, end)
    }

    @inline(__always)
    private static func encode(_ value: UInt32, into out: UnsafeMutablePointer<UInt8>) -> Int {
        if value < 0x80 {
            out[0] = UInt8(value)
            return 1
        }
        if value < 0x800 {
            out[0] = UInt8(0xC0 | value >> 6)
            out[1] = UInt8(0x80 | value & 0x3F)
            return 2
        }
        if value < 0x10000 {
            out[0] = UInt8(0xE0 | value >> 12)
            out[1] = UInt8(0x80 | value >> 6 & 0x3F)
            out[2] = UInt8(0x80 | value & 0x3F)
            return 3
        }
        out[0] = UInt8(0xF0 | value >> 18)
        out[1] = UInt8(0x80 | value >> 12 & 0x3F)
        out[2] = UInt8(0x80 | value >> 6 & 0x3F)
        out[3] = UInt8(0x80 | value & 0x3F)
        return 4
    }

    /// Scalars below this have their case kind and mappings in `table`.
    private static let tabled: UInt32 = 0x500

    /// For each scalar below `tabled`: its lower-case mapping, its upper-case mapping and its case kind (0 upper,
    /// 1 lower, 2 neutral, 3 untrusted), as `RejectIndex.caseKind`, `lower` and `initialCapital` give them.
    private static let table: Table<UInt32> = {
        let count = Int(tabled)
        var memory = [UInt32](repeating: 0, count: 3 * count)
        for value in 0..<UInt32(count) {
            let scalar = Unicode.Scalar(value)!
            memory[Int(value)] = mapping(scalar.properties.lowercaseMapping, scalar)
            memory[count + Int(value)] = mapping(scalar.properties.uppercaseMapping, scalar)
            memory[2 * count + Int(value)] = switch RejectIndex.caseKind(scalar) {
            case .upper: 0
            case .lower: 1
            case .neutral: 2
            case nil: 3
            }
        }
        return Table(memory)
    }()

    private static func mapping(_ mapped: String, _ scalar: Unicode.Scalar) -> UInt32 {
        let scalars = mapped.unicodeScalars
        return scalars.count == 1 ? scalars.first!.value : scalar.value
    }

    @inline(__always)
    private static func kind(of value: UInt32) -> RejectIndex.CaseKind? {
        if value < 0x80 {
            if value >= 0x41 && value <= 0x5A { return .upper }
            if value >= 0x61 && value <= 0x7A { return .lower }
            return value <= 0x20 || value == 0x7F ? nil : .neutral
        }
        guard value < tabled else { return Unicode.Scalar(value).flatMap(RejectIndex.caseKind) }
        switch table[2 * Int(tabled) + Int(value)] {
        case 0: return .upper
        case 1: return .lower
        case 2: return .neutral
        default: return nil
        }
    }

    @inline(__always)
    private static func lowerCase(_ value: UInt32) -> UInt32 {
        if value < 0x80 { return value >= 0x41 && value <= 0x5A ? value + 0x20 : value }
        if value < tabled { return table[Int(value)] }
        guard let scalar = Unicode.Scalar(value) else { return value }
        return mapping(scalar.properties.lowercaseMapping, scalar)
    }

    @inline(__always)
    private static func upperCase(_ value: UInt32) -> UInt32 {
        if value < 0x80 { return value >= 0x61 && value <= 0x7A ? value - 0x20 : value }
        if value < tabled { return table[Int(tabled) + Int(value)] }
        guard let scalar = Unicode.Scalar(value) else { return value }
        return mapping(scalar.properties.uppercaseMapping, scalar)
    }
}
