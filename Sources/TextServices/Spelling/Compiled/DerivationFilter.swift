/// The lower-cased spellings of every derivation the reject index's search may find, as a blocked Bloom filter: a
/// spelling whose lower case it does not hold has no derivation, so that search need not run (`RejectIndex.rejects`).
///
/// Built with the compound part table, by the same forward expansion of
/// every .dic homonym (`CompoundPartTable.build`), for compounding
/// dictionaries only: there the index searches every word that is no
/// compound, and most of a German text's misspellings and foreign words are
/// settled here in one cache line instead of an affix search of each case
/// spelling. Only homonyms the search can end at are expanded: where the rules
/// name ONLYINCOMPOUND, none holding it. A hit proves nothing (the search
/// runs); a miss is certain. Each spelling sets `probes` bits of one 512-bit
/// block. Empty (every spelling a hit) for other dictionaries and for files
/// compiled without it. Thread-safe (immutable).
struct DerivationFilter: Sendable {
    /// The blocks, eight words each; their count is a power of two.
    let words: Table<UInt64>
    private let blockMask: Int

    static let empty = DerivationFilter(words: Table([]))
    /// Bits set per spelling, and bits of the filter per spelling held (about 1% of misses then read as hits).
    static let probes = 6
    static let bitsPerSpelling = 12

    init(words: Table<UInt64>) {
        self.words = words
        let blocks = words.count / 8
        blockMask = blocks > 0 && blocks & (blocks - 1) == 0 && words.count % 8 == 0 ? blocks - 1 : -1
    }

    /// Whether the filter is in use (a miss then settles a spelling).
    var isUsable: Bool { blockMask >= 0 }

    /// Whether some derivation may have this lower-cased spelling; false is certain, true says nothing.
    @inline(__always)
    func mayHold(_ lowered: UnsafeBufferPointer<UInt8>) -> Bool {
        guard blockMask >= 0 else { return true }
        return mayHold(hash: AcceptTable.hash(lowered))
    }

    @inline(__always)
    func mayHold(hash: UInt64) -> Bool {
        let base = (Int(truncatingIfNeeded: hash) & blockMask) << 3
        var bits = Self.bitSource(hash)
        for _ in 0..<Self.probes {
            let bit = Int(bits & 511)
            guard words[base + (bit >> 6)] & (1 << UInt64(bit & 63)) != 0 else { return false }
            bits >>= 9
        }
        return true
    }

    /// The bits to set or test within a block, nine at a time, from bits of the hash the block's number does not use.
    @inline(__always)
    private static func bitSource(_ hash: UInt64) -> UInt64 {
        (hash >> 32 | hash << 32) &* 0x9E37_79B9_7F4A_7C15
    }

    /// A filter holding the spellings whose hashes (`AcceptTable.hash`) are `hashes`.
    static func build(hashes: [UInt64]) -> DerivationFilter {
        guard !hashes.isEmpty else { return .empty }
        var blocks = 1
        while blocks * 512 < hashes.count * bitsPerSpelling { blocks *= 2 }
        let mask = blocks - 1
        let words = Table<UInt64>(zeroed: blocks * 8) { words in
            for hash in hashes {
                let base = (Int(truncatingIfNeeded: hash) & mask) << 3
                var bits = bitSource(hash)
                for _ in 0..<probes {
                    let bit = Int(bits & 511)
                    words[base + (bit >> 6)] |= 1 << UInt64(bit & 63)
                    bits >>= 9
                }
            }
        }
        return DerivationFilter(words: words)
    }
}
