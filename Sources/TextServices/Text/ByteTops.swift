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

    /// The top bit of each byte of `word` whose low seven bits, lower-cased, are an ASCII letter (0x61...0x7A), and no other bit.
    ///
    /// Lane by lane on the low seven bits, so no sum carries into the next
    /// lane (at most 0x7F + 0x1F). A byte of 0x80 or more is judged by its
    /// low seven bits too: a caller that wants ASCII alone masks with `~word`.
    @inline(__always)
    static func asciiLetters(_ word: UInt64) -> UInt64 {
        let folded = (word | 0x2020_2020_2020_2020) & 0x7F7F_7F7F_7F7F_7F7F
        return (folded &+ 0x1F1F_1F1F_1F1F_1F1F) & ~(folded &+ 0x0505_0505_0505_0505) & 0x8080_8080_8080_8080
    }
}
