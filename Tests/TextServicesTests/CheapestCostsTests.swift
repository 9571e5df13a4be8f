import Testing
@testable import TextServices

@Test func cheapestCostsKeepsTheLowestCostOfEachEntryAsADictionaryWould() {
    var generator = SystemRandomNumberGenerator()
    var costs = CheapestCosts(capacity: 4)
    var expected: [Int: Double] = [:]
    // Entries that collide in a small table, large ones, and repeats that raise and lower the cost.
    for _ in 0..<20_000 {
        let entry = Bool.random(using: &generator) ? Int.random(in: 0..<300, using: &generator) * 1024
            : Int.random(in: 0..<11_000_000, using: &generator)
        let cost = Double(Int.random(in: 0..<40, using: &generator)) / 10
        costs.offer(entry, cost: cost)
        expected[entry] = min(expected[entry] ?? .infinity, cost)
    }
    var found: [Int: Double] = [:]
    costs.forEach { entry, cost in
        #expect(found[entry] == nil, "\(entry) twice")
        found[entry] = cost
    }
    #expect(found == expected)
    #expect(costs.count == expected.count)
    #expect(expected.keys.allSatisfy { costs.contains($0) })
    #expect(!costs.contains(11_000_001) && !costs.contains(0 - 1 + 2 * 11_000_000))
}
