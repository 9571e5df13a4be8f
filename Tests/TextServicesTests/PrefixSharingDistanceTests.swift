import Testing
@testable import TextServices

/// Words over a four-letter alphabet, so that keys share prefixes and swaps and doubled letters are common.
private func randomWords(count: Int, using generator: inout some RandomNumberGenerator) -> [[UInt32]] {
    (0..<count).map { _ in (0..<Int.random(in: 1...9, using: &generator)).map { _ in UInt32.random(in: 0x61...0x64, using: &generator) } }
}

@Test func prefixSharingDistanceEqualsTheEditModelsDistanceOverSortedKeys() {
    var generator = SystemRandomNumberGenerator()
    let keys = Array(Set(randomWords(count: 3000, using: &generator))).sorted { $0.lexicographicallyPrecedes($1) }
    var scratch: [Int] = []
    for typed in randomWords(count: 40, using: &generator) {
        for limit in [1, 2] {
            let distances = PrefixSharingDistance(typed: typed, limit: limit, maximumKeyLength: 12)
            var mismatches: [String] = []
            for key in keys {
                let expected = EditModel.distance(typed[...], key[...], limit: limit, scratch: &scratch)
                let found = key.withUnsafeBufferPointer { distances.distance(to: $0) }
                if found != expected { mismatches.append("\(typed) to \(key), limit \(limit): \(found), not \(expected)") }
            }
            #expect(mismatches.isEmpty, "\(mismatches.prefix(3))")
        }
    }
}

@Test func prefixSharingDistanceIsExactInAnyOrderAndForKeysBeyondItsLength() {
    var generator = SystemRandomNumberGenerator()
    let keys = randomWords(count: 2000, using: &generator) + [Array(repeating: 0x61, count: 20)]
    var scratch: [Int] = []
    let typed: [UInt32] = [0x61, 0x62, 0x63, 0x61, 0x62]
    // A key longer than maximumKeyLength (6 here) is measured without the shared rows.
    let distances = PrefixSharingDistance(typed: typed, limit: 2, maximumKeyLength: 6)
    for key in keys.shuffled(using: &generator) {
        let expected = EditModel.distance(typed[...], key[...], limit: 2, scratch: &scratch)
        #expect(key.withUnsafeBufferPointer { distances.distance(to: $0) } == expected, "\(key)")
    }
    // A swap of two letters is one edit; the shared prefix of the key before does not change that.
    let swap = PrefixSharingDistance(typed: [0x61, 0x62, 0x63], limit: 1, maximumKeyLength: 8)
    #expect([UInt32]([0x61, 0x62, 0x63]).withUnsafeBufferPointer { swap.distance(to: $0) } == 0)
    #expect([UInt32]([0x61, 0x63, 0x62]).withUnsafeBufferPointer { swap.distance(to: $0) } == 1)
    #expect([UInt32]([0x61, 0x63, 0x63, 0x64]).withUnsafeBufferPointer { swap.distance(to: $0) } == 2)
}
