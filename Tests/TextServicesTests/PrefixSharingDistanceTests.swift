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

@Test func aRefusedPrefixRefusesEveryKeyThatBeginsWithIt() {
    var generator = SystemRandomNumberGenerator()
    let keys = Array(Set(randomWords(count: 3000, using: &generator))).sorted { $0.lexicographicallyPrecedes($1) }
    var scratch: [Int] = []
    var refusals = 0
    for typed in randomWords(count: 30, using: &generator) {
        let distances = PrefixSharingDistance(typed: typed, limit: 2, maximumKeyLength: 12)
        var wrong: [String] = []
        for (position, key) in keys.enumerated() {
            _ = key.withUnsafeBufferPointer { distances.distance(to: $0) }
            let refused = distances.refusedPrefix
            guard refused > 0 else { continue }
            refusals += 1
            // The keys that begin with the refused letters are one sorted run around this key.
            let prefix = key.prefix(refused)
            var first = position
            while first > 0, keys[first - 1].starts(with: prefix) { first -= 1 }
            var end = position + 1
            while end < keys.count, keys[end].starts(with: prefix) { end += 1 }
            for other in keys[first..<end] where EditModel.distance(typed[...], other[...], limit: 2, scratch: &scratch) <= 2 {
                wrong.append("\(typed): \(other) begins with refused \(Array(prefix))")
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(3))")
    }
    #expect(refusals > 0)
}

@Test func theEndOfARunIsTheFirstKeyThatDoesNotBeginWithThePrefix() {
    var generator = SystemRandomNumberGenerator()
    let words = Set(randomWords(count: 800, using: &generator).map { String(decoding: $0.map(UInt8.init), as: UTF8.self) })
        .union(["ab", "abé", "abéc", "abc"])
    let store = WordStore(forms: words.map { .init(word: $0, suggestible: true) }, frequencies: nil)
    for entry in 0..<store.count {
        let key = Array(store.keyBytes(entry))
        for length in 1...key.count {
            let prefix = Array(key.prefix(length))
            var expected = entry + 1
            while expected < store.count, store.keyBytes(expected).starts(with: prefix) { expected += 1 }
            let found = prefix.withUnsafeBufferPointer { store.endOfRun(from: entry, sharing: $0, before: store.count) }
            #expect(found == expected, "\(store.key(entry)) prefix \(length)")
            // An end before the run's own end stops the search there.
            let end = min(entry + 2, store.count)
            #expect(prefix.withUnsafeBufferPointer { store.endOfRun(from: entry, sharing: $0, before: end) } == min(expected, end))
        }
    }
}
