/// Store entries with the cheapest slip cost found for each: the guesser's candidates, in an open-addressing table.
///
/// A short typo meets thousands of entries within two edits; a `Dictionary`
/// hashed each one twice with SipHash (a tenth of a Czech guess). Entry
/// numbers are not chosen by anyone, so a multiplicative hash is enough.
/// Iteration order is the table's, not insertion order. Not thread-safe: one per guess.
struct CheapestCosts {
    private var entries: [Int]
    private var costs: [Double]
    private var shift: Int
    private(set) var count = 0

    private static let empty = -1

    init(capacity: Int = 256) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        entries = [Int](repeating: Self.empty, count: size)
        costs = [Double](repeating: 0, count: size)
        shift = 64 - size.trailingZeroBitCount
    }

    @inline(__always)
    private func slot(_ entry: Int) -> Int {
        Int(truncatingIfNeeded: (UInt64(bitPattern: Int64(entry)) &* 0x9E37_79B9_7F4A_7C15) >> UInt64(shift))
    }

    /// Records `cost` for `entry` unless a cost at most as high is already recorded.
    mutating func offer(_ entry: Int, cost: Double) {
        let mask = entries.count - 1
        var position = slot(entry)
        while true {
            let held = entries[position]
            if held == entry {
                if cost < costs[position] { costs[position] = cost }
                return
            }
            if held == Self.empty { break }
            position = (position + 1) & mask
        }
        entries[position] = entry
        costs[position] = cost
        count += 1
        if count * 2 > entries.count { grow() }
    }

    /// Whether a cost is recorded for `entry`.
    func contains(_ entry: Int) -> Bool {
        let mask = entries.count - 1
        var position = slot(entry)
        while true {
            let held = entries[position]
            if held == entry { return true }
            if held == Self.empty { return false }
            position = (position + 1) & mask
        }
    }

    /// Calls `body` with every entry and its cheapest cost.
    func forEach(_ body: (_ entry: Int, _ cost: Double) -> Void) {
        for position in entries.indices where entries[position] != Self.empty { body(entries[position], costs[position]) }
    }

    private mutating func grow() {
        let oldEntries = entries, oldCosts = costs
        entries = [Int](repeating: Self.empty, count: oldEntries.count * 2)
        costs = [Double](repeating: 0, count: oldEntries.count * 2)
        shift -= 1
        count = 0
        for position in oldEntries.indices where oldEntries[position] != Self.empty {
            offer(oldEntries[position], cost: oldCosts[position])
        }
    }
}
