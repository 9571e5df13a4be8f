import CICU

// Every call into the CICU target lives in this file, so the rest of
// TextServices is plain Swift with no pointers.

/// An ICU error status with its name.
struct ICUError: Error, CustomStringConvertible {
    var status: Int32
    var description: String { String(cString: tsv_error_name(status)) }
    /// U_BUFFER_OVERFLOW_ERROR.
    static let bufferOverflow: Int32 = 15
    /// U_REGEX_TIME_OUT.
    static let regexTimeOut: Int32 = 66322
    /// U_REGEX_STACK_OVERFLOW.
    static let regexStackOverflow: Int32 = 66321
}

/// The kinds of ICU break iterator.
enum BreakKind: Int32, Sendable {
    case character = 0
    case word = 1
    case line = 2
    case sentence = 3
}

/// An ICU break iterator over UTF-8 text; offsets are bytes.
///
/// Not thread-safe: use one per thread (`BreakIteratorCache` hands them out).
/// The iterator keeps a pointer into the bytes it was given, so `setText`
/// takes the bytes and holds them alive.
final class BreakIterator {
    private let raw: OpaquePointer
    private var text: [UInt8] = []

    init(kind: BreakKind, locale: String) throws {
        var status: Int32 = 0
        guard let raw = tsv_breaker_open(kind.rawValue, locale, &status), status <= 0 else {
            throw ICUError(status: status)
        }
        self.raw = raw
    }

    private init(raw: OpaquePointer) { self.raw = raw }

    deinit { tsv_breaker_close(raw) }

    /// An independent copy of this iterator (cheaper than opening a new one).
    func clone() throws -> BreakIterator {
        var status: Int32 = 0
        guard let copy = tsv_breaker_clone(raw, &status), status <= 0 else { throw ICUError(status: status) }
        return BreakIterator(raw: copy)
    }

    /// Points the iterator at UTF-8 text (which it keeps alive).
    func setText(_ bytes: [UInt8]) {
        text = bytes
        var status: Int32 = 0
        text.withUnsafeBufferPointer { buffer in
            tsv_breaker_set_text(raw, buffer.baseAddress, Int64(buffer.count), &status)
        }
    }

    /// Drops the text reference so a large text can be freed.
    func clearText() { setText([]) }

    private static func offset(_ value: Int64) -> Int? { value < 0 ? nil : Int(value) }

    func first() -> Int { Int(tsv_breaker_first(raw)) }
    func last() -> Int { Int(tsv_breaker_last(raw)) }
    func next() -> Int? { Self.offset(tsv_breaker_next(raw)) }
    func previous() -> Int? { Self.offset(tsv_breaker_previous(raw)) }
    func following(_ offset: Int) -> Int? { Self.offset(tsv_breaker_following(raw, Int64(offset))) }
    func preceding(_ offset: Int) -> Int? { Self.offset(tsv_breaker_preceding(raw, Int64(offset))) }
    func isBoundary(_ offset: Int) -> Bool { tsv_breaker_is_boundary(raw, Int64(offset)) != 0 }
    /// The rule status of the last boundary (word kinds: 0-99 none, 100 number, 200 letter, 300 kana, 400 ideo).
    var ruleStatus: Int { Int(tsv_breaker_rule_status(raw)) }
}

/// An ICU charset converter; converts whole strings, failing on unmappable characters.
///
/// Not thread-safe.
final class CharsetConverter {
    private let raw: OpaquePointer
    /// ICU's canonical name for the charset.
    let name: String

    init(charset: String) throws {
        var status: Int32 = 0
        guard let raw = tsv_converter_open(charset, &status), status <= 0 else { throw ICUError(status: status) }
        self.raw = raw
        self.name = String(cString: tsv_converter_name(raw))
    }

    deinit { tsv_converter_close(raw) }

    /// UTF-8 text in the charset's bytes, or nil when the charset cannot hold a character.
    func encode(_ string: String) -> [UInt8]? {
        let source = Array(string.utf8)
        return convert(source, capacity: source.count * 2 + 4) { source, target, capacity, status in
            tsv_converter_from_utf8(raw, source, Int64(source.count), target, Int64(capacity), &status)
        }
    }

    /// The charset's bytes as a string, or nil when they are malformed in the charset.
    func decode(_ bytes: [UInt8]) -> String? {
        guard let utf8 = convert(bytes, capacity: bytes.count * 3 + 4, { source, target, capacity, status in
            tsv_converter_to_utf8(raw, source, Int64(source.count), target, Int64(capacity), &status)
        }) else { return nil }
        return String(decoding: utf8, as: UTF8.self)
    }

    private func convert(_ source: [UInt8], capacity initial: Int,
                         _ body: ([UInt8], UnsafeMutablePointer<UInt8>, Int, inout Int32) -> Int64) -> [UInt8]? {
        var capacity = initial
        for _ in 0..<2 {
            var status: Int32 = 0
            var written = 0
            let output = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
                written = Int(body(source, buffer.baseAddress!, capacity, &status))
                count = status == 0 ? written : 0
            }
            if status == ICUError.bufferOverflow {
                capacity = written + 1
                continue
            }
            return status == 0 ? output : nil
        }
        return nil
    }
}

/// Options of an ICU regular expression, as the protocol names them.
struct RegexFlags: OptionSet, Hashable, Sendable {
    let rawValue: UInt32
    static let caseInsensitive = RegexFlags(rawValue: UInt32(TSV_REGEX_CASE_INSENSITIVE))
    static let comments = RegexFlags(rawValue: UInt32(TSV_REGEX_COMMENTS))
    static let dotAll = RegexFlags(rawValue: UInt32(TSV_REGEX_DOTALL))
    static let literal = RegexFlags(rawValue: UInt32(TSV_REGEX_LITERAL))
    static let multiline = RegexFlags(rawValue: UInt32(TSV_REGEX_MULTILINE))
    static let unicodeWordBoundaries = RegexFlags(rawValue: UInt32(TSV_REGEX_UWORD))
    static let errorOnUnknownEscapes = RegexFlags(rawValue: UInt32(TSV_REGEX_ERROR_ON_UNKNOWN_ESCAPES))
}

/// Why a pattern did not compile.
struct RegexCompileError: Error {
    var status: ICUError
    /// 1-based line of the fault, or -1.
    var line: Int
    /// Offset (in code points) of the fault within its line, or -1.
    var offset: Int
}

/// A compiled ICU regular expression with its own matcher state; offsets are bytes.
///
/// Not thread-safe: keep one compiled pattern and `clone()` it for each use.
final class ICURegex {
    private let raw: OpaquePointer
    private var text: [UInt8] = []

    init(pattern: String, flags: RegexFlags) throws(RegexCompileError) {
        var status: Int32 = 0
        var line: Int32 = -1
        var offset: Int32 = -1
        let bytes = Array(pattern.utf8)
        let raw = bytes.withUnsafeBufferPointer { buffer in
            tsv_regex_compile(buffer.baseAddress, Int64(buffer.count), flags.rawValue, &line, &offset, &status)
        }
        guard let raw, status <= 0 else {
            throw RegexCompileError(status: ICUError(status: status), line: Int(line), offset: Int(offset))
        }
        self.raw = raw
    }

    private init(raw: OpaquePointer) { self.raw = raw }

    deinit { tsv_regex_close(raw) }

    /// An independent matcher over the same compiled pattern.
    func clone() throws -> ICURegex {
        var status: Int32 = 0
        guard let copy = tsv_regex_clone(raw, &status), status <= 0 else { throw ICUError(status: status) }
        return ICURegex(raw: copy)
    }

    /// Points the matcher at UTF-8 text (which it keeps alive).
    func setText(_ bytes: [UInt8]) throws {
        text = bytes
        var status: Int32 = 0
        text.withUnsafeBufferPointer { buffer in
            tsv_regex_set_text(raw, buffer.baseAddress, Int64(buffer.count), &status)
        }
        if status > 0 { throw ICUError(status: status) }
    }

    func setRegion(_ range: Range<Int>) throws {
        var status: Int32 = 0
        tsv_regex_set_region(raw, Int64(range.lowerBound), Int64(range.upperBound), &status)
        if status > 0 { throw ICUError(status: status) }
    }

    func setBounds(transparent: Bool, anchoring: Bool) throws {
        var status: Int32 = 0
        tsv_regex_set_bounds(raw, transparent ? 1 : 0, anchoring ? 1 : 0, &status)
        if status > 0 { throw ICUError(status: status) }
    }

    /// Limits matching time, in ICU's steps of roughly a millisecond (0 for none).
    func setTimeLimit(_ steps: Int) throws {
        var status: Int32 = 0
        tsv_regex_set_time_limit(raw, Int32(clamping: steps), &status)
        if status > 0 { throw ICUError(status: status) }
    }

    /// Finds the next match after the previous one; throws on time-out or stack overflow.
    func findNext() throws -> Bool {
        var status: Int32 = 0
        let found = tsv_regex_find_next(raw, &status)
        if status > 0 { throw ICUError(status: status) }
        return found != 0
    }

    /// Finds a match at or after a byte offset, ignoring the region.
    func find(from start: Int) throws -> Bool {
        var status: Int32 = 0
        let found = tsv_regex_find_from(raw, Int64(start), &status)
        if status > 0 { throw ICUError(status: status) }
        return found != 0
    }

    /// Whether the pattern matches at the start of the region.
    func lookingAt() throws -> Bool {
        var status: Int32 = 0
        let found = tsv_regex_looking_at(raw, &status)
        if status > 0 { throw ICUError(status: status) }
        return found != 0
    }

    var groupCount: Int {
        var status: Int32 = 0
        return Int(tsv_regex_group_count(raw, &status))
    }

    /// The byte range of a group in the last match, or nil when it did not take part.
    func range(ofGroup group: Int) -> Range<Int>? {
        var status: Int32 = 0
        let start = tsv_regex_start(raw, Int32(group), &status)
        let end = tsv_regex_end(raw, Int32(group), &status)
        guard status <= 0, start >= 0, end >= start else { return nil }
        return Int(start)..<Int(end)
    }

    /// The number of a named group, or nil when the pattern has no such name.
    func groupNumber(named name: String) -> Int? {
        var status: Int32 = 0
        let bytes = Array(name.utf8)
        let number = bytes.withUnsafeBufferPointer { buffer in
            tsv_regex_group_number(raw, buffer.baseAddress, Int64(buffer.count), &status)
        }
        return status > 0 ? nil : Int(number)
    }
}

/// Full Unicode case mapping (ß to SS, final sigma, Turkish dotted i with the locale).
enum CaseMapping {
    enum Kind: Int32 {
        case lower = 0
        case upper = 1
        case title = 2
    }

    static func map(_ string: String, _ kind: Kind, locale: String = "") -> String {
        let source = Array(string.utf8)
        var capacity = source.count + 8
        for _ in 0..<3 {
            var status: Int32 = 0
            var written = 0
            let output = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
                written = Int(tsv_case_map(kind.rawValue, locale, source, Int64(source.count),
                                           buffer.baseAddress!, Int64(capacity), &status))
                count = status == 0 ? written : 0
            }
            if status == ICUError.bufferOverflow {
                capacity = written + 1
                continue
            }
            if status == 0 { return String(decoding: output, as: UTF8.self) }
            break
        }
        return string
    }
}

/// Locale names from ICU's data.
enum LocaleNames {
    /// The English display name of a locale, or nil when ICU knows nothing of it.
    static func displayName(_ locale: String) -> String? {
        var status: Int32 = 0
        var written = 0
        let output = [UInt8](unsafeUninitializedCapacity: 512) { buffer, count in
            written = Int(tsv_locale_display_name(locale, buffer.baseAddress!, 512, &status))
            count = status == 0 ? min(written, 512) : 0
        }
        guard status == 0, !output.isEmpty else { return nil }
        let name = String(decoding: output, as: UTF8.self)
        return name == locale ? nil : name
    }
}

// MARK: - Text units and regular expressions (deadlines)

extension ICUError {
    /// U_REGEX_STOPPED_BY_CALLER: a deadline set with `ICURegex.setDeadline` passed.
    static let regexStoppedByCaller: Int32 = 66323
}

extension ICURegex {
    /// Stops every later match of this matcher once `milliseconds` of wall-clock time have passed (0 for none).
    ///
    /// A match stopped this way throws `ICUError` with `regexStoppedByCaller`.
    func setDeadline(milliseconds: Int) throws {
        var status: Int32 = 0
        tsv_regex_set_deadline(raw, Int64(milliseconds), &status)
        if status > 0 { throw ICUError(status: status) }
    }

    /// Whether the deadline set with `setDeadline` has passed.
    var deadlinePassed: Bool { tsv_regex_deadline_passed(raw) != 0 }

    /// Points the matcher at part of some UTF-8 text (which it keeps alive), as if that part were the whole text.
    ///
    /// Offsets the matcher reports are then relative to `window.lowerBound`.
    /// `window` must lie on scalar boundaries.
    func setText(_ bytes: [UInt8], window: Range<Int>) throws {
        precondition(window.lowerBound >= 0 && window.upperBound <= bytes.count, "window outside the text")
        text = bytes
        var status: Int32 = 0
        text.withUnsafeBufferPointer { buffer in
            tsv_regex_set_text(raw, buffer.baseAddress.map { $0 + window.lowerBound }, Int64(window.count), &status)
        }
        if status > 0 { throw ICUError(status: status) }
    }
}

/// Unicode scripts from ICU's data (`uscript.h`).
enum ScriptCodes {
    /// The script code of one code point (0 Common, 1 Inherited for punctuation, digits and marks).
    static func of(_ scalar: UInt32) -> Int32 { tsv_script_of(scalar) }

    /// The script codes ICU gives a locale's language; empty when it knows none.
    static func of(locale: String) -> [Int32] {
        var codes = [Int32](repeating: 0, count: 8)
        let count = Int(tsv_scripts_of_locale(locale, &codes, 8))
        return Array(codes.prefix(max(0, min(count, 8))))
    }

    /// The long English name of a script code (`Cyrillic`), nil for an invalid one.
    static func name(_ code: Int32) -> String? {
        tsv_script_name(code).map { String(cString: $0) }
    }
}
