/// Facts about the letters an edit model weighs, in tables read without hashing: which are letters and vowels, and a small index.
///
/// `EditModel.cost` asks these for every letter pair of every candidate; in
/// sets they were a third of a Czech guess (hashing, and Unicode property
/// lookups). The tables cover the scalars below `limit`: the Latin, Greek,
/// Cyrillic and Hebrew blocks. The index numbers the lower-case letters of
/// Latin (with Latin-1 and Latin Extended-A), Greek, Cyrillic and Hebrew,
/// 1 to `alphabetSize - 1` (0: not indexed), so a model can keep a table of
/// letter pairs. `shared` is made once and never freed or written after; a
/// model keeps a copy of it (two pointers), so a lookup neither retains nor
/// checks a lazy global. Thread-safe.
struct LetterTraits: @unchecked Sendable {
    /// Scalars below this are in the tables.
    static let limit: UInt32 = 0x800

    static let shared = LetterTraits()

    private static let letterBit: UInt8 = 1
    private static let vowelBit: UInt8 = 2

    /// Bits `letterBit` and `vowelBit` of each scalar below `limit`.
    private let traits: UnsafeBufferPointer<UInt8>
    /// The alphabet index of each scalar below `limit` (0: not indexed).
    private let indexes: UnsafeBufferPointer<UInt8>
    /// One more than the largest index.
    let alphabetSize: Int

    /// The vowels' base letters.
    private static let baseVowels: Set<UInt32> = Set("aeiouyаеиоуыэюяіїєαεηιουω".unicodeScalars.map(\.value))

    private init() {
        let traits = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: Int(Self.limit))
        for value in 0..<Self.limit {
            var bits: UInt8 = 0
            if let scalar = Unicode.Scalar(value), scalar.properties.isAlphabetic { bits |= Self.letterBit }
            if Self.baseVowels.contains(Diacritics.base(value)) { bits |= Self.vowelBit }
            traits[Int(value)] = bits
        }
        let indexes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: Int(Self.limit))
        indexes.initialize(repeating: 0)
        var next = 1
        let ranges: [ClosedRange<UInt32>] = [0x61...0x7A, 0xDF...0x17F, 0x3AC...0x3CE, 0x430...0x45F, 0x5D0...0x5EA]
        for range in ranges {
            for value in range {
                guard let scalar = Unicode.Scalar(value), scalar.properties.isAlphabetic,
                      !scalar.properties.isUppercase, next < 256 else { continue }
                indexes[Int(value)] = UInt8(next)
                next += 1
            }
        }
        self.traits = UnsafeBufferPointer(traits)
        self.indexes = UnsafeBufferPointer(indexes)
        alphabetSize = next
    }

    /// Whether a scalar is a letter (`Unicode.Scalar.Properties.isAlphabetic`; ASCII: `a`...`z` either case).
    @inline(__always)
    func isLetter(_ scalar: UInt32) -> Bool {
        if scalar < 0x80 { return (scalar | 0x20) >= 0x61 && (scalar | 0x20) <= 0x7A }
        if scalar < Self.limit { return traits[Int(scalar)] & Self.letterBit != 0 }
        return Unicode.Scalar(scalar).map { $0.properties.isAlphabetic } ?? false
    }

    /// Whether the base letter of a scalar (`Diacritics.base`) is a Latin, Greek or Cyrillic vowel.
    @inline(__always)
    func isVowel(_ scalar: UInt32) -> Bool {
        scalar < Self.limit ? traits[Int(scalar)] & Self.vowelBit != 0 : Self.baseVowels.contains(Diacritics.base(scalar))
    }

    /// The alphabet index of a scalar, 0 when it has none.
    @inline(__always)
    func index(_ scalar: UInt32) -> Int {
        scalar < Self.limit ? Int(indexes[Int(scalar)]) : 0
    }

    /// Every indexed scalar with its index.
    var alphabet: [(scalar: UInt32, index: Int)] {
        (0..<Self.limit).compactMap { value in index(value) == 0 ? nil : (value, index(value)) }
    }
}
