/// Edit distances from one typed word to a run of sorted keys, reusing the work for the prefix each key shares with the one before.
///
/// The same optimal-string-alignment distance as `EditModel.distance`
/// (capped at `limit + 1`), computed one key letter a row: a key that
/// starts like the previous one keeps that prefix's rows, and a key whose
/// shared prefix already costs more than `limit` is refused without a row
/// of its own. Sorted store keys share long prefixes (the forms of one stem), so a
/// candidate scan computes a few rows a key instead of all of them. Keys
/// are scalar values (the guesser passes bases without diacritics). A key
/// is read no further than `limit + 1` letters past the typed word's
/// length, so a caller may pass only that many of its letters; a key that
/// needs more rows than `maximumKeyLength` is measured by
/// `EditModel.distance` instead. Not thread-safe: one per scan.
final class PrefixSharingDistance {
    let limit: Int
    let maximumKeyLength: Int
    private let typed: [UInt32]
    private let width: Int
    /// Row j holds the distances from key[0..<j] to each prefix of `typed`, within the band.
    private let rows: UnsafeMutablePointer<Int>
    /// The key whose rows are held, and how many of its rows are valid (row 0 always is).
    private let previous: UnsafeMutablePointer<UInt32>
    private var previousCount = 0
    private var validRows = 1
    /// The first row whose band minimum exceeded `limit`, or nil: every key that shares that prefix is refused.
    private var refusedRow: Int?
    /// How many of the last measured key's first letters already cost more than `limit` (0 if that was not shown).
    ///
    /// Every key that begins with those letters is refused too, so a caller
    /// walking sorted keys may pass over all of them without measuring each.
    private(set) var refusedPrefix = 0
    private var scratch: [Int] = []

    init(typed: [UInt32], limit: Int, maximumKeyLength: Int) {
        self.typed = typed
        self.limit = limit
        self.maximumKeyLength = max(maximumKeyLength, 0)
        width = typed.count + 1
        rows = .allocate(capacity: (self.maximumKeyLength + 1) * width)
        previous = .allocate(capacity: max(self.maximumKeyLength, 1))
        let beyond = limit + 1
        for i in 0..<width { rows[i] = min(i, beyond) }
    }

    deinit {
        rows.deallocate()
        previous.deallocate()
    }

    /// The distance from the typed word to `key`, or `limit + 1` when it exceeds `limit`.
    func distance(to key: UnsafeBufferPointer<UInt32>) -> Int {
        let n = typed.count
        let m = key.count
        let beyond = limit + 1
        refusedPrefix = 0
        if m + limit < n { return beyond }
        // A key more than `limit` letters longer than the typed word is refused by its first `n + limit + 1`
        // letters at the latest; its rows are computed only that far, to find the shortest refused prefix.
        let rowCount = min(m, n + limit)
        guard rowCount <= maximumKeyLength, n > 0, m > 0 else {
            if m > n + limit { return beyond }
            return typed.withUnsafeBufferPointer { EditModel.distance($0, key, limit: limit, scratch: &scratch) }
        }
        var shared = 0
        let reusable = min(m, previousCount, validRows - 1)
        while shared < reusable, key[shared] == previous[shared] { shared += 1 }
        if let refused = refusedRow, shared >= refused {
            refusedPrefix = refused
            return beyond
        }
        refusedRow = nil
        return typed.withUnsafeBufferPointer { typed in
            var result = beyond
            var j = shared + 1
            while j <= rowCount {
                let current = rows + j * width
                let rowMin = EditModel.bandRow(j, of: key, across: typed, limit: limit,
                                               current: current, above: current - width,
                                               older: j > 1 ? current - 2 * width : current - width)
                if rowMin > limit {
                    refusedRow = j
                    refusedPrefix = j
                    break
                }
                j += 1
            }
            let computed = min(j, rowCount)
            for index in shared..<computed { previous[index] = key[index] }
            previousCount = computed
            validRows = computed + 1
            if refusedRow == nil {
                if m > rowCount { refusedPrefix = rowCount + 1 } else { result = min(rows[m * width + n], beyond) }
            }
            return result
        }
    }
}
