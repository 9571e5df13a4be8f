/// One remembered byte per Unicode scalar, for a loop that asks ICU about each scalar once.
///
/// Scalars below U+0800 (Latin, Greek, Cyrillic, Hebrew, Arabic) sit in a
/// flat table, the rest in a dictionary: hashing a `Unicode.Scalar` for
/// every scalar of every form was a tenth of a Portuguese compile. A value
/// type kept by one thread.
struct ScalarByteMemo {
    private static let flatCount = 0x800
    /// The flat table: 0 for a scalar not seen, else its byte plus one.
    private var flat = [UInt8](repeating: 0, count: flatCount)
    private var others: [Unicode.Scalar: UInt8] = [:]

    init() {}

    /// The byte remembered for `scalar`, or nil when it has not been seen.
    @inline(__always)
    func value(_ scalar: Unicode.Scalar) -> UInt8? {
        if scalar.value < Self.flatCount {
            let stored = flat[Int(scalar.value)]
            return stored == 0 ? nil : stored &- 1
        }
        return others[scalar]
    }

    /// Remembers `byte` (at most 254) for `scalar`.
    @inline(__always)
    mutating func set(_ scalar: Unicode.Scalar, _ byte: UInt8) {
        precondition(byte < 0xFF)
        if scalar.value < Self.flatCount {
            flat[Int(scalar.value)] = byte + 1
        } else {
            others[scalar] = byte
        }
    }

    /// The byte for `scalar`, computed by `compute` the first time.
    @inline(__always)
    mutating func value(_ scalar: Unicode.Scalar, _ compute: (Unicode.Scalar) -> UInt8) -> UInt8 {
        if let byte = value(scalar) { return byte }
        let byte = compute(scalar)
        set(scalar, byte)
        return byte
    }
}
