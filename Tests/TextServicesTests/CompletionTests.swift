import Testing
@testable import TextServices
@testable import TextServicesProtocol
@testable import TextServicesTestSupport

@Test func completionsStartWithCommonWordsInThePrefixCase() {
    let completions = suggestionTestEnglish.completions(for: "Hel", limit: 5)
    #expect(completions.first == "Help" || completions.first == "Hello", "\(completions)")
    #expect(completions.contains("Hello"))
    #expect(completions.allSatisfy { $0.hasPrefix("Hel") })
    #expect(suggestionTestEnglish.completions(for: "HEL", limit: 3).allSatisfy { $0.hasPrefix("HEL") && $0 == $0.uppercased() })
}

@Test func completionsIncludeAffixedForms() {
    let completions = suggestionTestEnglish.completions(for: "walk", limit: 10)
    #expect(completions.contains("walked"))
    #expect(completions.contains("walking"))
    #expect(!completions.contains("walk"))
}

@Test func completionsRankByFrequency() {
    #expect(suggestionTestEnglish.completions(for: "th", limit: 3).first == "the")
    let completions = suggestionTestEnglish.completions(for: "rec", limit: 10)
    #expect(completions.firstIndex(of: "receive").map { $0 < 10 } ?? false, "\(completions)")
}

@Test func lowerCasePrefixKeepsTheDictionaryCase() {
    #expect(suggestionTestEnglish.completions(for: "londo", limit: 5).contains("London"))
}

@Test func completionsNeverOfferNoSuggestWords() {
    #expect(!suggestionTestEnglish.completions(for: "fuc", limit: 50).contains { $0.hasPrefix("fuck") })
}

@Test func wordListHoldsAffixedForms() {
    let list = suggestionTestEnglish.wordList
    #expect(list.count > 120_000)
    #expect(list.words(withPrefix: "walke").contains("walked"))
}

@Test func typographicApostrophesAreKept() {
    #expect(suggestionTestEnglish.completions(for: "doesn\u{2019}", limit: 3).contains("doesn\u{2019}t"))
    #expect(suggestionTestEnglish.guesses(for: "dosn\u{2019}t", limit: 5).contains("doesn\u{2019}t"))
    #expect(suggestionTestEnglish.guesses(for: "dont", limit: 5).contains("don't"))
}
