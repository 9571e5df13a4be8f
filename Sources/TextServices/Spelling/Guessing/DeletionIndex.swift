/// A symmetric-deletion index over a `WordStore`: finds every word within edit distance 2 of a typo.
///
/// As in SymSpell, only the first `prefixLength` letters of a word are
/// indexed; words sharing that prefix sit next to each other in the sorted
/// store, so the index maps hashes of the prefix's deletions (up to
/// `maxDistance` letters removed) to groups of entries rather than to words.
/// Storage is two flat arrays (bucket offsets and group numbers); hash
/// collisions only add candidates, which the caller verifies by distance.
/// Prefixes are indexed without their diacritics (`Diacritics`), so a word
/// typed without any of its accents (`zolw` for `żółw`) still finds it.
/// Immutable and thread-safe once built.
final class DeletionIndex: Sendable {
    let prefixLength: Int
    let maxDistance: Int
    /// The first entry of each group, plus the store's count at the end.
    let groupStarts: Table<UInt32>
    let bucketOffsets: Table<UInt32>
    let bucketGroups: Table<UInt32>
    let bucketMask: UInt32
    /// The store's entry count: group ranges are clamped to it.
    private let entryCount: Int

    /// An index over tables read from a compiled dictionary (not checked: reads stay in bounds whatever they hold).
    init(groupStarts: Table<UInt32>, bucketOffsets: Table<UInt32>, bucketGroups: Table<UInt32>, bucketMask: UInt32,
         prefixLength: Int, maxDistance: Int, entryCount: Int) {
        self.groupStarts = groupStarts
        self.bucketOffsets = bucketOffsets
        self.bucketGroups = bucketGroups
        self.bucketMask = bucketMask
        self.prefixLength = prefixLength
        self.maxDistance = maxDistance
        self.entryCount = entryCount
    }

    init(store: WordStore, prefixLength: Int = 6, maxDistance: Int = 2) {
        self.prefixLength = prefixLength
        self.maxDistance = maxDistance
        var groupStarts: [UInt32] = []
        // Every group's deletion hashes, flat; a group without suggestible entries gets none.
        var hashes: [UInt32] = []
        var hashStarts: [UInt32] = [0]
        var previous: [UInt32] = [UInt32.max]
        var currentSuggestible = false
        func closeGroup() {
            if !currentSuggestible { hashes.removeSubrange(Int(hashStarts[hashStarts.count - 1])...) }
            hashStarts.append(UInt32(hashes.count))
        }
        for entry in 0..<store.count {
            let prefix = Self.scalars(store.keyBytes(entry)).prefix(prefixLength).map(Diacritics.base)
            if prefix != previous {
                if !groupStarts.isEmpty { closeGroup() }
                groupStarts.append(UInt32(entry))
                hashes += Self.deletionHashes(prefix, maxDistance: maxDistance)
                previous = prefix
                currentSuggestible = false
            }
            if store.isSuggestible(entry) { currentSuggestible = true }
        }
        if !groupStarts.isEmpty { closeGroup() }
        groupStarts.append(UInt32(store.count))

        var buckets = 1
        while buckets < max(1, hashes.count / 6) { buckets <<= 1 }
        let mask = UInt32(buckets - 1)
        // Both tables are filled in their own memory: an array and its copy were the peak of an English compile.
        let offsets = Table<UInt32>(zeroed: buckets + 1) { offsets in
            for hash in hashes { offsets[Int(hash & mask) + 1] += 1 }
            for index in 0..<buckets { offsets[index + 1] += offsets[index] }
        }
        var fill = Array(offsets.buffer)
        self.bucketGroups = Table(zeroed: hashes.count) { groups in
            for group in 0..<(hashStarts.count - 1) {
                for hash in hashes[Int(hashStarts[group])..<Int(hashStarts[group + 1])] {
                    let bucket = Int(hash & mask)
                    groups[Int(fill[bucket])] = UInt32(group)
                    fill[bucket] += 1
                }
            }
        }
        self.groupStarts = Table(groupStarts)
        self.bucketOffsets = offsets
        self.bucketMask = mask
        self.entryCount = store.count
    }

    /// The entries whose indexed prefix is within `maxDistance` deletions of the word's, diacritics aside (a superset of the matches).
    ///
    /// One range a group: every key of a range has the same first `prefixLength` letters without their diacritics
    /// (a key shorter than that: all of its letters), so the caller may pass over a whole range on those letters alone.
    func candidateEntries(for word: [UInt32]) -> [Range<Int>] {
        let prefix = word.prefix(prefixLength).map(Diacritics.base)
        let slices = Self.deletionHashes(prefix, maxDistance: maxDistance).map { hash in
            let bucket = Int(hash & bucketMask)
            return bucketGroups.slice(Table<UInt32>.clampedRange(bucketOffsets[bucket], bucketOffsets[bucket + 1],
                                                                  limit: bucketGroups.count))
        }
        var groups: [UInt32] = []
        groups.reserveCapacity(slices.reduce(0) { $0 + $1.count })
        for slice in slices { groups.append(contentsOf: slice) }
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(groups.count)
        func append(_ group: UInt32) {
            ranges.append(Table<UInt32>.clampedRange(groupStarts[Int(group)], groupStarts[Int(group) + 1], limit: entryCount))
        }
        func appendSorted(_ groups: inout [UInt32]) {
            groups.sort()
            var last = UInt32.max
            for group in groups where group != last {
                last = group
                append(group)
            }
        }
        let groupCount = self.groupCount
        guard groups.count > Self.mostGroupsSorted, groupCount > 0 else {
            appendSorted(&groups)
            return ranges
        }
        // Common letters put thousands of groups in a prefix's buckets: a bit a group puts them in order, once each,
        // for less than sorting them costs. Numbers past the last group (a damaged file) come after, sorted.
        var beyond: [UInt32] = []
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: (groupCount + 63) / 64) { bits in
            bits.initialize(repeating: 0)
            var low = Int.max, high = -1
            for group in groups {
                let number = Int(group)
                guard number < groupCount else { beyond.append(group); continue }
                bits[number >> 6] |= 1 << UInt64(number & 63)
                low = min(low, number)
                high = max(high, number)
            }
            guard high >= 0 else { return }
            for index in (low >> 6)...(high >> 6) {
                var word = bits[index]
                while word != 0 {
                    append(UInt32(index << 6 | word.trailingZeroBitCount))
                    word &= word - 1
                }
            }
        }
        appendSorted(&beyond)
        return ranges
    }

    /// Up to this many groups from a prefix's buckets are put in order by sorting; more, by a bit a group.
    static let mostGroupsSorted = 64

    /// Approximate heap bytes held by the index.
    var memoryFootprint: Int { groupStarts.byteCount + bucketOffsets.byteCount + bucketGroups.byteCount }

    var groupCount: Int { max(groupStarts.count - 1, 0) }
    var pairCount: Int { bucketGroups.count }

    /// UTF-8 bytes as Unicode scalar values.
    static func scalars<C: Collection>(_ bytes: C) -> [UInt32] where C.Element == UInt8 {
        if bytes.allSatisfy({ $0 < 0x80 }) { return bytes.map { UInt32($0) } }
        return String(decoding: bytes, as: UTF8.self).unicodeScalars.map(\.value)
    }

    /// The distinct hashes of a word and of every string made by deleting up to `maxDistance` letters.
    static func deletionHashes(_ word: [UInt32], maxDistance: Int) -> [UInt32] {
        var hashes: [UInt32] = [hash(word[...], skipping: [])]
        var skipped: [Int] = []
        func recurse(from start: Int, depth: Int) {
            guard depth < maxDistance else { return }
            for index in start..<word.count {
                // Deleting either of two equal neighbours gives the same string; take the first only.
                if index > start, word[index] == word[index - 1] { continue }
                skipped.append(index)
                hashes.append(hash(word[...], skipping: skipped))
                recurse(from: index + 1, depth: depth + 1)
                skipped.removeLast()
            }
        }
        recurse(from: 0, depth: 0)
        hashes.sort()
        var unique: [UInt32] = []
        unique.reserveCapacity(hashes.count)
        for hash in hashes where hash != unique.last { unique.append(hash) }
        return unique
    }

    /// FNV-1a over the scalars not in `skipping` (sorted positions), with the length mixed in.
    @inline(__always)
    private static func hash(_ word: ArraySlice<UInt32>, skipping: [Int]) -> UInt32 {
        var value: UInt32 = 2_166_136_261
        var skip = 0
        var length: UInt32 = 0
        for index in word.indices {
            if skip < skipping.count, skipping[skip] == index { skip += 1; continue }
            var scalar = word[index]
            repeat {
                value = (value ^ (scalar & 0xFF)) &* 16_777_619
                scalar >>= 8
            } while scalar != 0
            length += 1
        }
        value = (value ^ length) &* 16_777_619
        return value ^ (value >> 15)
    }
}
