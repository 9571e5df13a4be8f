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

/// A stored word in an open-addressing table keyed by `WordKey` (`WordMemo`, `ScoredWords`).
protocol WordKeyedSlot {
    /// The word's first eight bytes (`WordKey.prefix`).
    var prefix: UInt64 { get }
    /// The word's length in bytes; 0 marks a free slot.
    var byteCount: Int { get }
    /// Where the word's bytes past the eighth start in the table's `rest` bytes.
    var restStart: Int { get }
}

extension WordKey {
    /// The slot holding the word at `range` of `bytes`, probing one slot after another from its hash; nil when a
    /// free slot comes first.
    ///
    /// `slots` is a power of two long (`mask` is its count minus one) and never full; `rest` holds the stored
    /// words' bytes past the eighth. A word of up to eight bytes is decided by its slot alone.
    @inline(__always)
    static func find<Slot: WordKeyedSlot>(_ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>,
                                          slots: UnsafeBufferPointer<Slot>, rest: UnsafeBufferPointer<UInt8>,
                                          mask: Int) -> Slot? {
        let length = range.count
        let prefix = Self.prefix(bytes, range)
        var position = Int(truncatingIfNeeded: hash(prefix, length, last: last(bytes, range))) & mask
        while true {
            let slot = slots[position]
            let stored = slot.byteCount
            if stored == 0 { return nil }
            if slot.prefix == prefix, stored == length,
               length <= 8 || ByteComparison.equal(rest.baseAddress! + slot.restStart,
                                                   bytes.baseAddress! + range.lowerBound + 8, length - 8) {
                return slot
            }
            position = (position + 1) & mask
        }
    }
}
