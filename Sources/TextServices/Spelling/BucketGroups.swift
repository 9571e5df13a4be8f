/// Runs of consecutive buckets holding about equal numbers of items, for sorting buckets on every core.
enum BucketGroups {
    /// Cuts the buckets whose items start at `starts` (one more entry than buckets: the last is the total) into about `parts` runs.
    ///
    /// Each run holds at least `total / parts` items, except the last; a bucket is never split.
    static func cut(_ starts: [Int], parts: Int = 256) -> [Range<Int>] {
        let bucketCount = starts.count - 1
        guard bucketCount > 0 else { return [] }
        let groupSize = max(starts[bucketCount] / parts, 1)
        var groups: [Range<Int>] = []
        var groupStart = 0
        for position in 1...bucketCount where starts[position] - starts[groupStart] >= groupSize || position == bucketCount {
            groups.append(groupStart..<position)
            groupStart = position
        }
        return groups
    }
}
