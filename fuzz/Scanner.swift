import Foundation
@testable import TextServices

/// Fuzzes the misspelling scanner: `SpellChecker.check` over any text with any range, start, wrap and limit.
///
/// Input layout: one byte of options (dictionary choice, wrap), range start
/// and end, startingAt and limit as little-endian numbers, then the text
/// (invalid UTF-8 is repaired, as a transport's validation would refuse it).
/// Checks, besides not crashing:
/// - every misspelling lies inside the range, on scalar boundaries, and names the text it covers;
/// - a limited search returns at most `limit` results, and they are the first results of the unlimited one;
/// - a wrapped search from any start finds the same misspellings as a search from the range's start,
///   rotated so that those after the start come first;
/// - the fast ASCII word segmenter gives ICU's word tokens.
let checkers: [SpellChecker] = [
    try! Fuzz.services.spelling.checker(languages: ["en_US"]),
    try! Fuzz.services.spelling.checker(languages: ["xx_LATIN1"]),
    try! Fuzz.services.spelling.checker(languages: ["en_US", "xx_LATIN1"]),
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScanner(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    var reader = FuzzReader(input)
    let options = reader.byte()
    let rawStart = reader.uint16(), rawEnd = reader.uint16(), rawStartingAt = reader.uint16()
    let rawLimit = Int(reader.byte())
    let text = TextBuffer(String(decoding: reader.rest(), as: UTF8.self))
    let checker = checkers[Int(options & 0x03) % checkers.count]
    let wrap = options & 0x04 != 0
    var lower = text.fuzzOffset(rawStart), upper = text.fuzzOffset(rawEnd)
    if lower > upper { swap(&lower, &upper) }
    let range = options & 0x08 != 0 ? nil : lower..<upper
    let whole = range ?? text.fullRange
    let startingAt = options & 0x10 != 0 ? nil : Optional(min(max(text.fuzzOffset(rawStartingAt), whole.lowerBound), whole.upperBound))
    let limit = rawLimit == 0 ? nil : Optional(rawLimit - 1)

    let call = "checker \(options & 0x03) range \(String(describing: range)) startingAt \(String(describing: startingAt)) wrap \(wrap) limit \(String(describing: limit)) text \(String(decoding: text.bytes, as: UTF8.self).debugDescription)"
    let all = checker.check(text, range: range).misspellings
    for misspelling in all {
        let bounds = misspelling.range
        guard bounds.lowerBound >= whole.lowerBound, bounds.upperBound <= whole.upperBound, !bounds.isEmpty else {
            Fuzz.fail("misspelling \(bounds) outside the range \(whole)", input: input)
        }
        guard text.isScalarBoundary(bounds.lowerBound), text.isScalarBoundary(bounds.upperBound) else {
            Fuzz.fail("misspelling \(bounds) splits a code point", input: input)
        }
        guard text.string(bounds) == misspelling.word else {
            Fuzz.fail("misspelling word \(misspelling.word.debugDescription) is not the text at \(bounds)", input: input)
        }
    }
    if zip(all, all.dropFirst()).contains(where: { $0.range.upperBound > $1.range.lowerBound }) {
        Fuzz.fail("misspellings overlap or are out of order: \(all.map(\.range))", input: input)
    }

    let found = checker.check(text, range: range, startingAt: startingAt, wrap: wrap, limit: limit).misspellings
    if let limit, found.count > limit { Fuzz.fail("\(found.count) results for limit \(limit)", input: input) }
    // The unwrapped, unlimited search is a suffix of the whole; the wrapped one adds the rest after it.
    let firstPass = checker.check(text, range: range, startingAt: startingAt).misspellings
    let full = checker.check(text, range: range, startingAt: startingAt, wrap: true).misspellings
    let pivot = all.count - firstPass.count
    guard pivot >= 0, Array(all[pivot...]) == firstPass else {
        Fuzz.fail("\(call): a search from the start is not the tail of the whole: \(firstPass.map(\.range)) vs \(all.map(\.range))", input: input)
    }
    guard full == firstPass + all[..<pivot] else {
        Fuzz.fail("\(call): a wrapped search is not a rotation of the whole: \(full.map(\.range)) vs \(all.map(\.range))", input: input)
    }
    let start = startingAt ?? whole.lowerBound
    if all[..<pivot].contains(where: { $0.range.upperBound > start }) {
        Fuzz.fail("\(call): a misspelling after the start \(start) was left for the wrapped pass", input: input)
    }
    let expected = Array((wrap ? full : firstPass).prefix(limit ?? Int.max))
    if expected != found {
        Fuzz.fail("\(call): search gave \(found.map(\.range)), expected \(expected.map(\.range))", input: input)
    }

    checkSegmenter(text.bytes, input: input)
    return 0
}

/// The scanner's word tokens (fast path where it applies, ICU elsewhere) must be exactly ICU's.
func checkSegmenter(_ bytes: [UInt8], input: [UInt8]) {
    var icu: [Range<Int>] = []
    try? BreakIteratorPool.shared.withIterator(.word, locale: "en-US", text: bytes) { iterator in
        var start = iterator.first()
        while let end = iterator.next() {
            let status = iterator.ruleStatus
            if status >= WordScanner.ruleStatusLetter, status < WordScanner.ruleStatusKana { icu.append(start..<end) }
            start = end
        }
    }
    let scanned = WordScanner.tokens(bytes, 0..<bytes.count, locale: "en-US").filter(\.isWord).map(\.range)
    if scanned != icu {
        let show = { (ranges: [Range<Int>]) in ranges.map { String(decoding: bytes[$0], as: UTF8.self) } }
        Fuzz.fail("word tokens differ from ICU's: scanner \(show(scanned)) ICU \(show(icu))", input: input)
    }
}
