extension Character {
    /// Whether this Character is the one ASCII scalar `byte` alone, read from its UTF-8 bytes.
    ///
    /// The same answer as `==` with that character for a byte no other scalar
    /// decomposes to canonically (every byte but `;`, `` ` `` and `K`, which
    /// U+037E, U+1FEF and the Kelvin sign decompose to), without the
    /// normalization `==` runs on a Character outside ASCII: comparing Hangul
    /// jamo with `" "` and `"\n"` so was a fifth of a Korean compile.
    @inline(__always)
    func isASCIIByte(_ byte: UInt8) -> Bool {
        let bytes = utf8
        return bytes.first == byte && bytes.count == 1
    }
}
