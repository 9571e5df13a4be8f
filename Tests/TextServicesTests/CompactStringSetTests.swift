import Testing
@testable import TextServices

/// Words of ASCII, Latin, Cyrillic and Hangul letters, some in two canonically equivalent spellings.
private func sampleWords(count: Int, seed: UInt64) -> [String] {
    var state = seed
    func next(_ bound: Int) -> Int {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Int((state >> 33) % UInt64(bound))
    }
    let letters: [String] = ["a", "b", "e", "k", "z", "é", "e\u{301}", "ё", "е\u{308}", "ж", "한", "\u{1112}\u{1161}\u{11AB}",
                             "Å", "\u{212B}", "ß", "-", "'"]
    return (0..<count).map { _ in (0..<(1 + next(12))).map { _ in letters[next(letters.count)] }.joined() }
}

@Test func compactStringSetAnswersAsASetOfStrings() {
    let members = sampleWords(count: 20_000, seed: 1)
    var compact = CompactStringSet()
    var reference = Set<String>()
    for word in members {
        let inserted = compact.insert(word)
        #expect(inserted == reference.insert(word).inserted, "\(word.unicodeScalars.map(\.value))")
    }
    #expect(compact.count == reference.count)
    for word in members + sampleWords(count: 20_000, seed: 2) {
        #expect(compact.contains(word) == reference.contains(word), "\(word.unicodeScalars.map(\.value))")
    }
}

@Test func compactStringSetHoldsCanonicallyEquivalentSpellingsAsOneMember() {
    var set: CompactStringSet = ["caf\u{E9}", "\u{0451}\u{0436}"]
    #expect(set.contains("cafe\u{301}"))
    #expect(set.contains("\u{0435}\u{308}\u{0436}"))
    let insertedAgain = set.insert("cafe\u{301}")
    #expect(!insertedAgain)
    #expect(set.count == 2)
    #expect(!set.contains("cafe"))
    #expect(!CompactStringSet().contains(""))
    #expect(!set.contains(""))
    set.insert("")
    #expect(set.contains(""))
}

@Test func compactStringSetsAreEqualWhenTheirMembersAreWhateverTheOrder() {
    let words = sampleWords(count: 3_000, seed: 3)
    let forward = CompactStringSet(words), backward = CompactStringSet(words.reversed())
    #expect(forward == backward)
    #expect(CompactStringSet(["a", "b", "c"]) != CompactStringSet(["a", "b"]))
    #expect(CompactStringSet(["a", "b"]) != CompactStringSet(["a", "c"]))
}
