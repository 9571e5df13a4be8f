/// The names a source file's code uses: its identifiers outside comments and strings, as keys.
///
/// A word that a comment or a document mentions and that the code also names
/// (`nodeptr`, `aftersleep`, `minincr`) refers to the code: it is not a
/// misspelling (`RepositoryVocabulary`). Names are kept as 64-bit keys of
/// their lower-cased ASCII bytes (`key(_:)`), so a tree's millions of
/// identifiers cost no string each. Thread-safe (pure functions).
public enum CodeNames {
    /// The keys of the distinct identifiers of at least three characters that `mask` hides whole: the code of a
    /// source file's mask, whose comments and strings are what is visible.
    public static func hidden(in mask: TextMask) -> Set<UInt64> {
        var names: Set<UInt64> = []
        // Most names recur (`if`, `int`, a file's own variables): a name seen lately is not hashed into the set again.
        var recent = [UInt64](repeating: 0, count: 4096)
        mask.bytes.withUnsafeBufferPointer { bytes in
            var index = 0
            while index < bytes.count {
                // A run of name bytes and bytes outside ASCII; one that starts with a digit or holds a byte outside
                // ASCII is no name of ours (`0x1f`, `naïve`).
                let start = nextRun(bytes, from: index)
                guard start < bytes.count else { break }
                let (end, outsideASCII) = endOfRun(bytes, from: start)
                index = end
                // A mask's edges within a run of name bytes are where an escape ends (`"\nfoo"`: `n` hidden, `foo` shown):
                // a name hidden at both ends is hidden whole.
                guard !outsideASCII, isNameStart(bytes[start]), end - start >= 3, !mask.isVisible(start), !mask.isVisible(end - 1)
                else { continue }
                var hash = offsetBasis
                for offset in start..<end { hash = (hash ^ UInt64(lowered(bytes[offset]))) &* prime }
                let slot = Int(truncatingIfNeeded: hash >> 52)
                if recent[slot] != hash {
                    recent[slot] = hash
                    names.insert(hash)
                }
            }
        }
        return names
    }

    /// The top bit of each byte of `word` that is a name byte (`isNameByte`) or outside ASCII, and no other bit.
    @inline(__always)
    private static func runBytes(_ word: UInt64) -> UInt64 {
        let top: UInt64 = 0x8080_8080_8080_8080, low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        // Lane by lane on the low seven bits (no sum carries into the next lane): letters are 0x61...0x7A once
        // lower-cased, digits 0x30...0x39, the underscore 0x5F.
        let seven = word & low
        let letters = ByteTops.asciiLetters(word)
        let digits = (seven &+ 0x5050_5050_5050_5050) & ~(seven &+ 0x4646_4646_4646_4646)
        let other = seven ^ 0x5F5F_5F5F_5F5F_5F5F
        let underscores = ~((other &+ low) | other)
        return ((letters | digits | underscores) | word) & top
    }

    /// The first byte at or after `from` that a run holds (a name byte or a byte outside ASCII), or the end.
    @inline(__always)
    private static func nextRun(_ bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Int {
        var index = from
        while index + 8 <= bytes.count {
            let found = runBytes(UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self))
            if found != 0 { return index + found.trailingZeroBitCount >> 3 }
            index += 8
        }
        while index < bytes.count, !isNameByte(bytes[index]), bytes[index] < 0x80 { index += 1 }
        return index
    }

    /// The end of the run at `start` (name bytes and bytes outside ASCII), and whether it holds a byte outside ASCII.
    @inline(__always)
    private static func endOfRun(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (end: Int, outsideASCII: Bool) {
        let top: UInt64 = 0x8080_8080_8080_8080
        var index = start
        var high: UInt64 = 0
        while index + 8 <= bytes.count {
            let word = UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self)
            let outside = ~runBytes(word) & top
            guard outside != 0 else {
                high |= word & top
                index += 8
                continue
            }
            let inside = outside.trailingZeroBitCount >> 3
            high |= word & top & ((UInt64(1) << (inside << 3)) &- 1)
            return (index + inside, high != 0)
        }
        while index < bytes.count, isNameByte(bytes[index]) || bytes[index] >= 0x80 {
            if bytes[index] >= 0x80 { high = top }
            index += 1
        }
        return (index, high != 0)
    }

    /// The key of a word as `hidden(in:)` keys names: FNV-1a over its lower-cased bytes.
    public static func key(_ word: String) -> UInt64 {
        var hash = offsetBasis
        for byte in word.utf8 { hash = (hash ^ UInt64(lowered(byte))) &* prime }
        return hash
    }

    private static let offsetBasis: UInt64 = 0xCBF2_9CE4_8422_2325
    private static let prime: UInt64 = 0x0000_0100_0000_01B3

    @inline(__always)
    private static func lowered(_ byte: UInt8) -> UInt8 { byte &- 0x41 < 26 ? byte | 0x20 : byte }

    @inline(__always)
    private static func isNameStart(_ byte: UInt8) -> Bool { (byte | 0x20) &- 0x61 < 26 || byte == 0x5F }

    @inline(__always)
    private static func isNameByte(_ byte: UInt8) -> Bool { isNameStart(byte) || byte &- 0x30 < 10 }
}
