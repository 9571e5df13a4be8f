/// The byte keys of a word that the open-addressing word tables (`WordMemo`, `ScoredWords`) store and probe with.
///
/// A word is known by its first eight bytes, its length and, when longer,
/// its last eight bytes; `hash` mixes them into where its probe starts.
/// Ranges are byte offsets into the buffer. Pure functions.
enum WordKey {
    /// The bytes of `range` (eight at most), little-endian, zero past its end.
    @inline(__always)
    static func prefix(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> UInt64 {
        let count = min(range.count, 8)
        if range.lowerBound + 8 <= bytes.count {
            let word = UnsafeRawPointer(bytes.baseAddress! + range.lowerBound).loadUnaligned(as: UInt64.self)
            return count == 8 ? word : word & ((1 << UInt64(count * 8)) - 1)
        }
        var value: UInt64 = 0
        for index in 0..<count { value |= UInt64(bytes[range.lowerBound + index]) << UInt64(index * 8) }
        return value
    }

    /// The last eight bytes of a word longer than eight bytes (0 for a shorter one).
    @inline(__always)
    static func last(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> UInt64 {
        range.count > 8 ? prefix(bytes, range.upperBound - 8..<range.upperBound) : 0
    }

    /// A word's hash: the prefix and length mixed, and for a longer word its last eight bytes, so that words
    /// sharing a prefix spread out.
    @inline(__always)
    static func hash(_ prefix: UInt64, _ length: Int, last: UInt64) -> UInt64 {
        var value = prefix ^ UInt64(length) &* 0x9E37_79B9_7F4A_7C15
        if length > 8 { value ^= last &* 0xC2B2_AE3D_27D4_EB4F }
        value = (value ^ (value >> 29)) &* 0xBF58_476D_1CE4_E5B9
        return value ^ (value >> 32)
    }
}
