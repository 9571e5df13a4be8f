import Foundation
@testable import TextServices

/// Fuzzes the regular-expression front end: compile any pattern with any options, search and replace in any range.
///
/// Input layout: two bytes of options (the ten `RegexOptions` bits, then
/// backwards and whole-text flags), range start and end, a limit, the
/// pattern's length in bytes, the pattern, then the text (invalid UTF-8 is
/// repaired). Checks, besides not crashing:
/// - only the contract's errors: -32002 for a bad pattern, -32003 past the time or memory limit;
/// - the time limit holds (a search stops within a second of it);
/// - matches lie in the range, in order, without overlap, on scalar boundaries; groups on scalar boundaries;
/// - a limited search is a prefix of the full one, a backwards one its reversed tail, `firstMatch` its first;
/// - replacing every match with `$0` gives the text back, and counts the matches.
let timeLimit = 200

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRegex(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    var reader = FuzzReader(input)
    let flags = reader.uint16()
    let rawStart = reader.uint16(), rawEnd = reader.uint16()
    let limit = Int(reader.byte()) % 8
    let patternLength = Int(reader.byte())
    var patternBytes: [UInt8] = []
    for _ in 0..<patternLength { patternBytes.append(reader.byte()) }
    let pattern = String(decoding: patternBytes, as: UTF8.self)
    let text = TextBuffer(String(decoding: reader.rest(), as: UTF8.self))
    let options = RegexOptions(rawValue: UInt32(flags & 0x3FF))
    let backwards = flags & 0x400 != 0
    var lower = text.fuzzOffset(rawStart), upper = text.fuzzOffset(rawEnd)
    if lower > upper { swap(&lower, &upper) }
    let range: ByteRange? = flags & 0x800 != 0 ? nil : lower..<upper
    let bounds = range ?? text.fullRange
    let call = "pattern \(pattern.debugDescription) options \(options.rawValue) range \(String(describing: range)) text \(String(decoding: text.bytes.prefix(300), as: UTF8.self).debugDescription)"
    func fail(_ message: String) -> Never { Fuzz.fail("\(call): \(message)", input: input) }

    let regex: RegularExpression
    do {
        regex = try RegularExpression(pattern, options: options)
    } catch {
        guard error.code == -32002 else { fail("compiling threw \(error.code) \(error.message)") }
        return 0
    }
    /// Runs a search; nil when it hit its limit (which must be a -32003 in time).
    func timed<T>(_ what: String, _ body: () throws(ServiceError) -> T) -> T? {
        let started = ContinuousClock.now
        do {
            return try body()
        } catch {
            guard error.code == -32003 else { fail("\(what) threw \(error.code) \(error.message)") }
            let elapsed = ContinuousClock.now - started
            if elapsed > .milliseconds(timeLimit + 1_000) { fail("\(what) stopped after \(elapsed), limit \(timeLimit) ms") }
            return nil
        }
    }
    guard let all = timed("matches", { () throws(ServiceError) in
        try regex.matches(in: text, range: range, timeLimitMilliseconds: timeLimit).matches
    }) else { return 0 }

    var previous: ByteRange?
    for match in all {
        let whole = match.range
        guard whole.lowerBound >= bounds.lowerBound, whole.upperBound <= bounds.upperBound else {
            fail("match \(whole) is outside \(bounds)")
        }
        for group in match.groups.compactMap({ $0 }) where !text.isScalarBoundary(group.lowerBound) || !text.isScalarBoundary(group.upperBound) {
            fail("group \(group) splits a code point")
        }
        guard match.groups.count == regex.groupCount + 1 else { fail("\(match.groups.count) groups, pattern has \(regex.groupCount)") }
        if let previous {
            guard whole.lowerBound >= previous.upperBound, whole != previous || !whole.isEmpty else {
                fail("match \(whole) overlaps or repeats \(previous)")
            }
            if previous.isEmpty, whole.lowerBound == previous.lowerBound { fail("match \(whole) repeats at an empty match's place") }
        }
        previous = whole
    }
    if limit > 0, let limited = timed("limited matches", { () throws(ServiceError) in
        try regex.matches(in: text, range: range, limit: limit, backwards: backwards, timeLimitMilliseconds: timeLimit)
    }) {
        let expected = backwards ? Array(all.suffix(limit).reversed()) : Array(all.prefix(limit))
        guard limited.matches == expected, limited.hasMore == (all.count > limit) else {
            fail("limit \(limit) backwards \(backwards): \(limited.matches.map(\.range)) hasMore \(limited.hasMore), all \(all.map(\.range))")
        }
    }
    if let first = timed("firstMatch", { () throws(ServiceError) in
        try regex.firstMatch(in: text, range: range, timeLimitMilliseconds: timeLimit)
    }), first != all.first {
        fail("firstMatch \(String(describing: first?.range)) is not the first of \(all.map(\.range))")
    }
    do {
        let template = try ReplacementTemplate("$0", for: regex)
        if let replaced = timed("replacing", { () throws(ServiceError) in
            try regex.replacing(in: text, with: template, range: range, timeLimitMilliseconds: timeLimit)
        }) {
            guard replaced.text == String(decoding: text.bytes, as: UTF8.self), replaced.count == all.count else {
                fail("replacing with $0 changed the text or counted \(replaced.count) of \(all.count)")
            }
        }
    } catch {
        fail("the template $0 was refused: \(error)")
    }
    return 0
}
