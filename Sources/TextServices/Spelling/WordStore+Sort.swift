import Foundation

extension WordStore {
    /// The byte strings `WordStore.init` sorts its items by: each item's folded key, and the spelling that breaks ties.
    ///
    /// Shared read-only with the sorting threads; `order` is written by each thread in its own buckets' range only.
    struct SortItems: @unchecked Sendable {
        let keyBytes: UnsafeBufferPointer<UInt8>
        let keyStarts: UnsafeBufferPointer<Int>
        let surfaceForms: UnsafeBufferPointer<UInt32>
        let formBytes: UnsafeBufferPointer<UInt8>
        let formEnds: UnsafeBufferPointer<UInt32>
        /// The `surfaceForms` value of an item whose spelling is its key (a word of the frequency list).
        let listedItem: UInt32

        @inline(__always)
        func key(_ item: UInt32) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(rebasing: keyBytes[keyStarts[Int(item)]..<keyStarts[Int(item) + 1]])
        }

        @inline(__always)
        func surface(_ item: UInt32) -> UnsafeBufferPointer<UInt8> {
            let form = Int(surfaceForms[Int(item)])
            if form == Int(listedItem) { return key(item) }
            return UnsafeBufferPointer(rebasing: formBytes[(form == 0 ? 0 : Int(formEnds[form - 1]))..<Int(formEnds[form])])
        }
    }

    /// Item indices in the order of their keys' bytes, then their spellings' bytes (equal pairs by index).
    ///
    /// A radix pass on a key's first two bytes splits the items into 65,536
    /// buckets; each bucket is sorted on every core by the key's next eight
    /// bytes as one integer, comparing whole keys and spellings only for
    /// ties. One comparison sort of every item on one core was an eighth of a
    /// Portuguese compile (10.5 million forms). No key holds a zero byte or is empty.
    static func sortedItems(_ items: SortItems, count itemCount: Int) -> [UInt32] {
        let bucketCount = 65_536
        @inline(__always) func bucket(_ key: UnsafeBufferPointer<UInt8>) -> Int {
            Int(key[0]) << 8 | (key.count > 1 ? Int(key[1]) : 0)
        }
        var starts = [Int](repeating: 0, count: bucketCount + 1)
        for item in 0..<itemCount { starts[bucket(items.key(UInt32(item))) + 1] += 1 }
        for position in 0..<bucketCount { starts[position + 1] += starts[position] }
        var order = [UInt32](repeating: 0, count: itemCount)
        var next = starts
        for item in 0..<itemCount {
            let target = bucket(items.key(UInt32(item)))
            order[next[target]] = UInt32(item)
            next[target] += 1
        }
        let bucketStarts = starts, cuts = BucketGroups.cut(starts)
        order.withUnsafeMutableBufferPointer { orderBuffer in
            let shared = SortOrder(order: orderBuffer)
            DispatchQueue.concurrentPerform(iterations: cuts.count) { group in
                let order = shared.order
                var keyed: [(key: UInt64, item: UInt32)] = []
                for bucketIndex in cuts[group] {
                    let range = bucketStarts[bucketIndex]..<bucketStarts[bucketIndex + 1]
                    guard range.count > 1 else { continue }
                    keyed.removeAll(keepingCapacity: true)
                    for position in range { keyed.append((sortKey(items.key(order[position])), order[position])) }
                    keyed.sort { a, b in
                        if a.key != b.key { return a.key < b.key }
                        let byKey = Self.order(items.key(a.item), items.key(b.item))
                        if byKey != 0 { return byKey < 0 }
                        let bySurface = Self.order(items.surface(a.item), items.surface(b.item))
                        return bySurface != 0 ? bySurface < 0 : a.item < b.item
                    }
                    for (offset, entry) in keyed.enumerated() { order[range.lowerBound + offset] = entry.item }
                }
            }
        }
        return order
    }

    /// The buffer of `sortedItems` its threads write, each in its own buckets' range.
    private struct SortOrder: @unchecked Sendable {
        let order: UnsafeMutableBufferPointer<UInt32>
    }

    /// Bytes 2..<10 of a key as one big-endian integer, zero past its end.
    @inline(__always)
    private static func sortKey(_ key: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var value: UInt64 = 0
        for position in 2..<10 { value = value << 8 | (position < key.count ? UInt64(key[position]) : 0) }
        return value
    }
}
