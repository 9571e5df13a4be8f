/// Counts for eight-bytes-at-a-time scans whose flags sit in each byte's top bit.
enum ByteTops {
    /// How many bytes of `word` have their top bit set, for a word with no other bit set.
    ///
    /// One multiplication sums the flags into the top byte: the release build targets x86-64 without `popcnt`,
    /// where `nonzeroBitCount` is a dozen instructions.
    @inline(__always)
    static func count(_ word: UInt64) -> Int {
        Int(truncatingIfNeeded: ((word >> 7) &* 0x0101_0101_0101_0101) >> 56)
    }
}
