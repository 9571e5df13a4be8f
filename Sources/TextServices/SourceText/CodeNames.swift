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
                let byte = bytes[index]
                guard isNameStart(byte) else {
                    index += 1
                    // A run that starts with a digit or a non-ASCII byte is no name of ours (`0x1f`, `naïve`).
                    if isNameByte(byte) || byte >= 0x80 {
                        while index < bytes.count, isNameByte(bytes[index]) || bytes[index] >= 0x80 { index += 1 }
                    }
                    continue
                }
                let start = index
                var hash = offsetBasis
                while index < bytes.count, isNameByte(bytes[index]) {
                    hash = (hash ^ UInt64(lowered(bytes[index]))) &* prime
                    index += 1
                }
                if index < bytes.count, bytes[index] >= 0x80 {
                    while index < bytes.count, isNameByte(bytes[index]) || bytes[index] >= 0x80 { index += 1 }
                    continue
                }
                // A mask's edges within a run of name bytes are where an escape ends (`"\nfoo"`: `n` hidden, `foo` shown):
                // a name hidden at both ends is hidden whole.
                guard index - start >= 3, !mask.isVisible(start), !mask.isVisible(index - 1) else { continue }
                let slot = Int(truncatingIfNeeded: hash >> 52)
                if recent[slot] != hash {
                    recent[slot] = hash
                    names.insert(hash)
                }
            }
        }
        return names
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
