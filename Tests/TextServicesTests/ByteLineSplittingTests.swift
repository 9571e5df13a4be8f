import Foundation
import Testing
@testable import TextServices
@testable import TextServicesTestSupport

/// A .dic line's word and flags read by a walk over its Characters: what `WordFormExpander.splitEntry` must give.
private func splitByCharacters(_ line: Substring) -> (String, Substring?)? {
    var word = ""
    var index = line.startIndex
    var flags: Substring?
    while index < line.endIndex {
        let character = line[index]
        if character == "\\", line.index(after: index) < line.endIndex, line[line.index(after: index)] == "/" {
            word.append("/")
            index = line.index(index, offsetBy: 2)
            continue
        }
        if character == "/", !word.isEmpty {
            var end = line.index(after: index)
            while end < line.endIndex, line[end] != " ", line[end] != "\t" { end = line.index(after: end) }
            flags = line[line.index(after: index)..<end]
            break
        }
        if character == "\t" || (character == " " && !word.isEmpty) { break }
        word.append(character)
        index = line.index(after: index)
    }
    let trimmed = word.trimmingCharacters(in: .whitespaces)
    return trimmed.isEmpty ? nil : (trimmed, flags)
}

/// Lines built of pieces that join the ASCII separators into Characters of their own or not: combining marks after
/// them, a Prepend scalar (U+0600) before them, Hangul jamo, letters beyond ASCII.
private let trickyPieces = ["a", "ж", "é", "/", "\\", " ", "\t", "\u{301}", "\u{600}", "\u{1100}", "\u{1161}", "가", "X1",
                            "\u{200D}", "\u{0903}", "\u{00A0}"]

@Test func splittingAnEntryByItsBytesGivesWhatAWalkByCharactersGives() {
    var generator = SystemRandomNumberGenerator()
    var lines: [String] = ["дүнхүү/A33A!!", "a\\/b/X", "\\/", "/x", " /x", "a /b", "a\t/b", "a/\u{301}b c", "a \u{301}/b",
                           "a/b \u{301}c d", "\u{600}/x", "x\u{600}/y", "x/\u{600} y", "a\\\u{301}/b", "a\\/\u{301}b/c"]
    for _ in 0..<20_000 {
        lines.append((0..<Int.random(in: 1...7, using: &generator)).map { _ in trickyPieces.randomElement(using: &generator)! }.joined())
    }
    for name in HunspellSuite.names {
        guard let text = try? String(contentsOfFile: HunspellSuite.folder + "/" + name + ".dic", encoding: .utf8) else { continue }
        lines += text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }).map(String.init)
    }
    for line in lines {
        let bytes = WordFormExpander.splitEntry(line[...]), characters = splitByCharacters(line[...])
        #expect(bytes?.0 == characters?.0 && bytes?.1 == characters?.1, "\(line.unicodeScalars.map(\.value))")
    }
}

@Test func linesCutByTheirBytesAreTheLinesCutByCharacters() {
    var generator = SystemRandomNumberGenerator()
    let pieces = ["a", "ж", "\n", "\r", "\r\n", "\u{301}", "\u{600}", "가", " ", "\n\u{301}", "\r\u{301}"]
    for _ in 0..<5_000 {
        let text = (0..<Int.random(in: 0...12, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
        let expected = text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
        #expect(Array(TextLines(text)) == expected, "\(text.unicodeScalars.map(\.value))")
        // A part of a text, as the expander's runs of lines are.
        let part = text.dropFirst(min(1, text.count))
        let expectedPart = part.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
        #expect(Array(TextLines(part)) == expectedPart, "\(text.unicodeScalars.map(\.value))")
    }
}
