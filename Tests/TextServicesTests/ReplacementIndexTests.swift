import Testing
@testable import TextServices

/// Every occurrence by the plain loop the index replaces: each pattern in turn, at each position it fits.
private func plainMatches(_ word: [Character], _ patterns: [[Character]], _ starts: [Bool], _ ends: [Bool]) -> [ReplacementIndex.Match] {
    var found: [ReplacementIndex.Match] = []
    for (index, pattern) in patterns.enumerated() where pattern.count <= word.count {
        for start in 0...(word.count - pattern.count) {
            if starts[index] && start != 0 { break }
            if ends[index] && start + pattern.count != word.count { continue }
            if word[start..<(start + pattern.count)].elementsEqual(pattern) {
                found.append(ReplacementIndex.Match(replacement: index, start: start, length: pattern.count))
            }
        }
    }
    return found
}

@Test func theReplacementIndexFindsWhatTryingEveryPatternAtEveryPositionFinds() {
    var generator = SystemRandomNumberGenerator()
    // Letters that repeat often, a decomposed é beside the precomposed one, and a Cyrillic letter.
    let letters: [String] = ["a", "o", "s", "ss", "ç", "é", "e\u{301}", "ã", "ж", "-", "r"]
    func text(_ count: Int) -> [Character] {
        Array((0..<count).map { _ in letters.randomElement(using: &generator)! }.joined())
    }
    for _ in 0..<200 {
        let count = Int.random(in: 1...60, using: &generator)
        let patterns = (0..<count).map { _ in text(Int.random(in: 0...3, using: &generator)) }
        let starts = patterns.map { _ in Int.random(in: 0..<4, using: &generator) == 0 }
        let ends = patterns.map { _ in Int.random(in: 0..<4, using: &generator) == 0 }
        let index = ReplacementIndex(patterns: patterns, anchoredStart: starts, anchoredEnd: ends)
        for _ in 0..<20 {
            let word = text(Int.random(in: 0...9, using: &generator))
            let expected = plainMatches(word, patterns, starts, ends)
            #expect(index.matches(word) == expected, "\(String(word)) in \(patterns.map { String($0) })")
            let bytes = Array(String(word).utf8)
            if bytes.allSatisfy({ $0 < 0x80 }) {
                #expect(index.matches(ascii: bytes) == expected, "\(String(word)) as bytes")
            }
        }
    }
}

@Test func aDecomposedLetterInTheWordMeetsAPrecomposedPattern() {
    let index = ReplacementIndex(patterns: [Array("é")], anchoredStart: [false], anchoredEnd: [false])
    #expect(index.matches(Array("cafe\u{301}")) == [ReplacementIndex.Match(replacement: 0, start: 3, length: 1)])
}
