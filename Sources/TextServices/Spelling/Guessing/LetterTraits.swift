/// Facts about the letters an edit model weighs, in tables read without hashing: letterhood, vowels, and a small index.
///
/// `EditModel.cost` asks these for every letter pair of every candidate; in
/// sets they were a third of a Czech guess (hashing, and Unicode property
/// lookups). The tables cover the scalars below `limit`: the Latin, Greek,
/// Cyrillic and Hebrew blocks. The index numbers the lower-case letters of
/// Latin (with Latin-1 and Latin Extended-A), Greek, Cyrillic and Hebrew,
/// 1 to `alphabetSize - 1` (0: not indexed), so a model can keep a table of
/// letter pairs. Allocated once and never freed or written after, so reading
/// needs no retain. Thread-safe.
enum LetterTraits {
    /// Scalars below this are in the tables.
    static let limit: UInt32 = 0x800

    private static let letterBit: UInt8 = 1
    private static let vowelBit: UInt8 = 2

    /// Bits `letterBit` and `vowelBit` of each scalar below `limit`.
    nonisolated(unsafe) private static let traits: UnsafeBufferPointer<UInt8> = {
        let stored = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: Int(limit))
        for value in 0..<limit {
            var bits: UInt8 = 0
            if let scalar = Unicode.Scalar(value), scalar.properties.isAlphabetic { bits |= letterBit }
            if baseVowels.contains(Diacritics.base(value)) { bits |= vowelBit }
            stored[Int(value)] = bits
        }
        return UnsafeBufferPointer(stored)
    }()

    /// The alphabet index of each scalar below `limit` (0: not indexed).
    nonisolated(unsafe) private static let indexes: UnsafeBufferPointer<UInt8> = {
        let stored = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: Int(limit))
        stored.initialize(repeating: 0)
        var next = 1
        let ranges: [ClosedRange<UInt32>] = [0x61...0x7A, 0xDF...0x17F, 0x3AC...0x3CE, 0x430...0x45F, 0x5D0...0x5EA]
        for range in ranges {
            for value in range {
                guard let scalar = Unicode.Scalar(value), scalar.properties.isAlphabetic,
                      !scalar.properties.isUppercase, next < 256 else { continue }
                stored[Int(value)] = UInt8(next)
                next += 1
            }
        }
        return UnsafeBufferPointer(stored)
    }()

    /// One more than the largest index.
    static let alphabetSize: Int = (indexes.max().map(Int.init) ?? 0) + 1

    /// Whether a scalar is a letter (`Unicode.Scalar.Properties.isAlphabetic`).
    @inline(__always)
    static func isLetter(_ scalar: UInt32) -> Bool {
        if scalar < 0x80 { return (scalar | 0x20) >= 0x61 && (scalar | 0x20) <= 0x7A }
        if scalar < limit { return traits[Int(scalar)] & letterBit != 0 }
        return Unicode.Scalar(scalar).map { $0.properties.isAlphabetic } ?? false
    }

    /// Whether a scalar's base letter (`Diacritics.base`) is a Latin, Greek or Cyrillic vowel.
    @inline(__always)
    static func isVowel(_ scalar: UInt32) -> Bool {
        scalar < limit ? traits[Int(scalar)] & vowelBit != 0 : baseVowels.contains(Diacritics.base(scalar))
    }

    /// The vowels' base letters (for scalars beyond the table).
    static let baseVowels: Set<UInt32> = Set("aeiouyаеиоуыэюяіїєαεηιουω".unicodeScalars.map(\.value))

    /// The alphabet index of a scalar, 0 when it has none.
    @inline(__always)
    static func index(_ scalar: UInt32) -> Int {
        scalar < limit ? Int(indexes[Int(scalar)]) : 0
    }

    /// Every indexed scalar with its index.
    static var alphabet: [(scalar: UInt32, index: Int)] {
        (0..<limit).compactMap { value in index(value) == 0 ? nil : (value, index(value)) }
    }
}
