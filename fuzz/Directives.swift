import Foundation
@testable import TextServices

/// Fuzzes the inline directive parser (`InlineDirectives`) and the check that applies it (`DocumentChecker`).
///
/// Input layout: one byte picks the document kind, the rest is the text
/// (invalid UTF-8 is repaired, as a door reading a file would). Besides not
/// crashing or hanging:
/// - every hidden and language range lies inside the text, language
///   regions in order and apart, and no accepted word is blank;
/// - the check's misspellings lie inside the text, in order, outside every
///   hidden range, and none is a word a directive accepts;
/// - a text holding no directive prefix gives no directive.
enum DirectivesFuzz {
    static let kinds: [DocumentKind] = [.plainText, .markdown, .gitCommit, .markup, .tex, .source(.swift), .source(.python),
                                        .source(.c), .source(.shell), .source(.hash)]
    static let checker = try! Fuzz.services.spelling.checker(languages: ["en_US"])
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDirectives(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    var reader = FuzzReader(input)
    let kind = DirectivesFuzz.kinds[Int(reader.byte()) % DirectivesFuzz.kinds.count]
    let text = TextBuffer(String(decoding: reader.rest(), as: UTF8.self))
    let bytes = text.bytes
    let directives = InlineDirectives(bytes)
    let whole = 0...bytes.count
    for range in directives.hidden + directives.languages.map(\.range)
    where !whole.contains(range.lowerBound) || !whole.contains(range.upperBound) {
        Fuzz.fail("a directive range \(range) outside the text of \(bytes.count) bytes", input: input)
    }
    for (one, next) in zip(directives.languages, directives.languages.dropFirst()) where one.range.upperBound > next.range.lowerBound {
        Fuzz.fail("language regions \(one.range) and \(next.range) overlap or are out of order", input: input)
    }
    if directives.words.contains(where: { $0.isEmpty || $0.contains(where: \.isWhitespace) }) {
        Fuzz.fail("a blank word or one with spaces was accepted: \(directives.words)", input: input)
    }
    let lowered = String(decoding: bytes, as: UTF8.self).lowercased()
    if !directives.isEmpty, !["textsvcd:", "cspell:", "spell-checker:", "spellchecker:"].contains(where: lowered.contains) {
        Fuzz.fail("directives found in a text with no directive prefix", input: input)
    }
    let result: DocumentChecker.Result
    do {
        result = try DocumentChecker().check(text, kind: kind, directives: directives, checker: { _ in DirectivesFuzz.checker })
    } catch {
        Fuzz.fail("the check threw \(error)", input: input)
    }
    let accepted = Set(directives.words)
    for (one, next) in zip(result.misspellings, result.misspellings.dropFirst()) where one.range.lowerBound > next.range.lowerBound {
        Fuzz.fail("misspellings out of order: \(one.range), \(next.range)", input: input)
    }
    for misspelling in result.misspellings {
        let range = Int(misspelling.range.lowerBound.rawValue)..<Int(misspelling.range.upperBound.rawValue)
        guard range.lowerBound >= 0, range.upperBound <= bytes.count else {
            Fuzz.fail("misspelling \(range) outside the text", input: input)
        }
        if let hidden = directives.hidden.first(where: { $0.overlaps(range) }) {
            Fuzz.fail("misspelling \(misspelling.word.debugDescription) at \(range) in the hidden range \(hidden)", input: input)
        }
        if accepted.contains(misspelling.word) {
            Fuzz.fail("misspelling \(misspelling.word.debugDescription) is a word a directive accepts", input: input)
        }
    }
    return 0
}
