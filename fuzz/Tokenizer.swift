import Foundation
@testable import TextServices

/// Fuzzes the tokenizer (`text.*`): tokens of every granularity and the position queries, in any range and locale.
///
/// Input layout: an options byte (granularity, wordsOnly, whole text or a
/// range), a locale index, range start and end, a position seed, then the
/// text (invalid UTF-8 is repaired). Checks, besides not crashing:
/// - tokens cover the range without gaps or empty tokens, on scalar boundaries;
/// - tokens of a range are the whole text's tokens clipped to it;
/// - `wordsOnly` drops exactly the `other` word tokens;
/// - `boundary`, `enclosingUnit` and `isAtBoundary` agree with the token list at every position
///   (every scalar boundary of a short range, a sample of a long one).
let locales = ["", "en", "en_US", "th", "ja", "zh", "de@ss=standard", "en@lb=strict", "fi", "sv", "ar", "km", "my", "lo", "he"]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTokenizer(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    var reader = FuzzReader(input)
    let options = reader.byte()
    let locale = locales[Int(reader.byte()) % locales.count]
    let rawStart = reader.uint16(), rawEnd = reader.uint16(), seed = reader.uint16()
    let text = TextBuffer(String(decoding: reader.rest(), as: UTF8.self))
    let granularity = Granularity.allCases[Int(options & 0x07) % Granularity.allCases.count]
    let wordsOnly = options & 0x08 != 0
    var lower = text.fuzzOffset(rawStart), upper = text.fuzzOffset(rawEnd)
    if lower > upper { swap(&lower, &upper) }
    let range: ByteRange? = options & 0x10 != 0 ? nil : lower..<upper
    let bounds = range ?? text.fullRange
    let call = "\(granularity) locale \(locale.debugDescription) wordsOnly \(wordsOnly) range \(String(describing: range)) text \(String(decoding: text.bytes, as: UTF8.self).debugDescription)"
    func fail(_ message: String) -> Never { Fuzz.fail("\(call): \(message)", input: input) }

    let tokenizer: Tokenizer
    let all: [Token], whole: [Token], units: [Token]
    do {
        tokenizer = try Tokenizer(granularity: granularity, locale: locale)
        all = try tokenizer.tokens(in: text, range: range)
        whole = try tokenizer.tokens(in: text)
        units = try tokenizer.tokens(in: text, range: range, wordsOnly: wordsOnly)
    } catch {
        fail("tokenizing threw \(error)")
    }

    // Coverage without gaps, on scalar boundaries.
    var expectedStart = bounds.lowerBound
    for token in all {
        guard token.range.lowerBound == expectedStart, !token.range.isEmpty else {
            fail("token \(token.range) does not follow \(expectedStart) (tokens \(all.map(\.range)))")
        }
        guard text.isScalarBoundary(token.range.upperBound) else { fail("token \(token.range) splits a code point") }
        guard (token.kind != nil) == (granularity == .word) else { fail("token kind \(String(describing: token.kind))") }
        expectedStart = token.range.upperBound
    }
    guard expectedStart == bounds.upperBound else { fail("tokens end at \(expectedStart), not \(bounds.upperBound)") }

    // A range's tokens are the whole text's, clipped.
    let clipped = whole.compactMap { token -> Token? in
        let low = max(token.range.lowerBound, bounds.lowerBound), high = min(token.range.upperBound, bounds.upperBound)
        return low < high ? Token(range: low..<high, kind: token.kind) : nil
    }
    guard clipped.map(\.range) == all.map(\.range) else {
        fail("range tokens \(all.map(\.range)) are not the whole text's clipped \(clipped.map(\.range))")
    }
    guard units == all.filter({ $0.isUnit(wordsOnly: wordsOnly) }) else { fail("wordsOnly tokens \(units.map(\.range))") }

    // Queries against the token list.
    var positions: [UTF8Offset] = []
    if bounds.byteCount <= 96 {
        positions = (bounds.lowerBound.rawValue...bounds.upperBound.rawValue).map { UTF8Offset($0) }.filter { text.isScalarBoundary($0) }
    } else {
        var state = UInt64(seed) &+ 0x9E3779B97F4A7C15
        for _ in 0..<24 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            positions.append(text.fuzzOffset(bounds.lowerBound.rawValue + Int(state >> 33) % (bounds.byteCount + 1)))
        }
        positions += [bounds.lowerBound, bounds.upperBound]
    }
    let edges = Set(units.flatMap { [$0.range.lowerBound, $0.range.upperBound] }).sorted()
    for p in positions {
        let after = units.first { $0.range.lowerBound <= p && p < $0.range.upperBound }
        let before = units.first { $0.range.lowerBound < p && p <= $0.range.upperBound }
        let either = [after, before].compactMap { $0 }
        let preferred = either.first { $0.kind?.isWordLike == true } ?? either.first
        do {
            let forward = try tokenizer.boundary(from: p, direction: .forward, in: text, range: range, wordsOnly: wordsOnly)
            let backward = try tokenizer.boundary(from: p, direction: .backward, in: text, range: range, wordsOnly: wordsOnly)
            guard forward == edges.first(where: { $0 > p }) else { fail("boundary forward from \(p) is \(String(describing: forward)); edges \(edges)") }
            guard backward == edges.last(where: { $0 < p }) else { fail("boundary backward from \(p) is \(String(describing: backward)); edges \(edges)") }
            let enclosingAfter = try tokenizer.enclosingUnit(at: p, direction: .forward, in: text, range: range, wordsOnly: wordsOnly)
            let enclosingBefore = try tokenizer.enclosingUnit(at: p, direction: .backward, in: text, range: range, wordsOnly: wordsOnly)
            let enclosing = try tokenizer.enclosingUnit(at: p, in: text, range: range, wordsOnly: wordsOnly)
            guard enclosingAfter == after else { fail("enclosing forward at \(p): \(String(describing: enclosingAfter)), expected \(String(describing: after))") }
            guard enclosingBefore == before else { fail("enclosing backward at \(p): \(String(describing: enclosingBefore)), expected \(String(describing: before))") }
            guard enclosing == preferred else { fail("enclosing at \(p): \(String(describing: enclosing)), expected \(String(describing: preferred))") }
            let ends = try tokenizer.isAtBoundary(p, direction: .forward, in: text, range: range, wordsOnly: wordsOnly)
            let starts = try tokenizer.isAtBoundary(p, direction: .backward, in: text, range: range, wordsOnly: wordsOnly)
            guard ends == units.contains(where: { $0.range.upperBound == p }),
                  starts == units.contains(where: { $0.range.lowerBound == p }) else {
                fail("isAtBoundary at \(p): ends \(ends) starts \(starts)")
            }
        } catch {
            fail("a query at \(p) threw \(error)")
        }
    }
    return 0
}
