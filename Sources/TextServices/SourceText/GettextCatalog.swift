import Foundation

/// A gettext catalog (`.po`, `.pot`) read for spell-checking: which strings are in the source language and which are translations.
///
/// `msgid` and `msgid_plural` strings and extracted comments (`#.`) are
/// written in the program's language and checked as the door's; `msgstr`
/// strings are translations, in the language the header's `Language:` field
/// names. The header entry (the empty `msgid`), contexts (`msgctxt`),
/// references, flags, translator comments, previous strings (`#|`) and
/// obsolete entries (`#~`) are not checked. Escape sequences (`\n`, `\"`)
/// are left out of the ranges. Offsets are bytes of the text. A value.
public struct GettextCatalog: Sendable, Equatable {
    /// Byte ranges in the source language: string contents of `msgid`, `msgid_plural`, and `#.` comments.
    public var source: [Range<Int>] = []
    /// Byte ranges of translations: string contents of `msgstr` and `msgstr[N]`, the header's excepted.
    public var translations: [Range<Int>] = []
    /// The header's `Language:` value (`de`, `pt_BR`, `sr@latin`), nil when absent or empty.
    public var language: String?

    private enum Part { case source, translation, header, hidden }

    /// Reads a catalog's parts; any text parses (lines it does not know are not checked).
    public init(_ bytes: [UInt8]) {
        var headerRanges: [Range<Int>] = []
        bytes.withUnsafeBufferPointer { buffer in read(buffer, header: &headerRanges) }
        language = Self.headerLanguage(bytes, headerRanges)
    }

    /// Reads the catalog's lines into `source` and `translations`, and the header's string contents into `header`.
    private mutating func read(_ bytes: UnsafeBufferPointer<UInt8>, header headerRanges: inout [Range<Int>]) {
        var part = Part.hidden
        var sawEntry = false
        var lineStart = 0
        var idIsEmpty = false
        while lineStart < bytes.count {
            // A catalog is mostly long lines (translations): their ends are found with `memchr`, not byte by byte.
            let lineEnd = ByteSearch.firstIndex(of: 0x0A, in: UnsafeRawBufferPointer(bytes), from: lineStart) ?? bytes.count
            var start = lineStart
            while start < lineEnd, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
            if start < lineEnd {
                let first = bytes[start]
                if first == UInt8(ascii: "#") {
                    part = .hidden
                    if start + 1 < lineEnd, bytes[start + 1] == UInt8(ascii: ".") { source.append(start + 2..<lineEnd) }
                } else if first == UInt8(ascii: "\"") {
                    let nonEmpty = appendStrings(bytes, from: start, to: lineEnd, to: part, header: &headerRanges)
                    if part == .source, nonEmpty { idIsEmpty = false }
                } else if let keyword = Self.keyword(bytes, from: start, to: lineEnd) {
                    switch keyword {
                    case .msgid:
                        part = .source
                        idIsEmpty = !appendStrings(bytes, from: start, to: lineEnd, to: part, header: &headerRanges)
                    case .msgidPlural:
                        part = .source
                        appendStrings(bytes, from: start, to: lineEnd, to: part, header: &headerRanges)
                    case .msgstr:
                        // Only the first entry can be the header.
                        part = idIsEmpty && !sawEntry ? .header : .translation
                        sawEntry = true
                        appendStrings(bytes, from: start, to: lineEnd, to: part, header: &headerRanges)
                    case .other:
                        part = .hidden
                    }
                } else {
                    part = .hidden
                }
            }
            lineStart = lineEnd + 1
        }
    }

    /// Appends the non-empty contents of the quoted strings on a line (`stringContents`) to `part`; whether there were any.
    @discardableResult
    private mutating func appendStrings(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, to part: Part,
                                        header: inout [Range<Int>]) -> Bool {
        var nonEmpty = false
        Self.stringContents(bytes, from: start, to: end) { range in
            guard !range.isEmpty else { return }
            nonEmpty = true
            switch part {
            case .source: source.append(range)
            case .translation: translations.append(range)
            case .header: header.append(range)
            case .hidden: break
            }
        }
        return nonEmpty
    }

    /// The keywords a line can start with that matter here (`msgstr` stands for `msgstr[N]` too).
    private enum Keyword { case msgid, msgidPlural, msgstr, other }

    /// The keyword a line starts with, nil when it starts with none (no letter or underscore).
    private static func keyword(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Keyword? {
        var index = start
        while index < end, bytes[index] == UInt8(ascii: "_") || (bytes[index] | 0x20 >= UInt8(ascii: "a") && bytes[index] | 0x20 <= UInt8(ascii: "z")) {
            index += 1
        }
        guard index > start else { return nil }
        func `is`(_ keyword: StaticString) -> Bool {
            guard index - start == keyword.utf8CodeUnitCount else { return false }
            for offset in 0..<keyword.utf8CodeUnitCount where bytes[start + offset] != keyword.utf8Start[offset] { return false }
            return true
        }
        if `is`("msgid") { return .msgid }
        if `is`("msgstr") { return .msgstr }
        if `is`("msgid_plural") { return .msgidPlural }
        return .other
    }

    /// Calls `body` with the contents of the quoted strings on a line, split at escape sequences, in order.
    private static func stringContents(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, _ body: (Range<Int>) -> Void) {
        var index = start
        while index < end, bytes[index] != UInt8(ascii: "\"") { index += 1 }
        while index < end {
            // `index` is at an opening quote.
            var runStart = index + 1
            var cursor = runStart
            while true {
                cursor = Self.nextQuoteOrBackslash(bytes, from: cursor, to: end)
                guard cursor < end, bytes[cursor] != UInt8(ascii: "\"") else { break }
                // A backslash: the escape sequence is left out.
                body(runStart..<cursor)
                cursor = min(end, cursor + 2)
                runStart = cursor
            }
            body(runStart..<min(cursor, end))
            index = cursor + 1
            while index < end, bytes[index] != UInt8(ascii: "\"") { index += 1 }
        }
    }

    /// The first quote or backslash at or after `from`, before `end`; `end` when there is none.
    ///
    /// Eight bytes at a time: a translation's strings are long and hold neither in most of their bytes.
    @inline(__always)
    private static func nextQuoteOrBackslash(_ bytes: UnsafeBufferPointer<UInt8>, from: Int, to end: Int) -> Int {
        var index = from
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
            while index + 8 <= end {
                let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                // A lane's top bit is set exactly where the lane equals the byte (`x ^ byte` is zero there).
                func equal(_ other: UInt64) -> UInt64 { ~(((other & low) &+ low) | other) & ~low }
                let found = equal(word ^ 0x2222_2222_2222_2222) | equal(word ^ 0x5C5C_5C5C_5C5C_5C5C)
                if found != 0 { return index + found.trailingZeroBitCount / 8 }
                index += 8
            }
        }
        while index < end, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\") { index += 1 }
        return index
    }

    /// The `Language:` field of the header's text.
    private static func headerLanguage(_ bytes: [UInt8], _ ranges: [Range<Int>]) -> String? {
        let field = Array("Language:".utf8)
        for range in ranges where range.count > field.count && Array(bytes[range.lowerBound..<range.lowerBound + field.count]) == field {
            let value = String(decoding: bytes[range.lowerBound + field.count..<range.upperBound], as: UTF8.self)
                .trimmingCharacters(in: .whitespaces)
            return value.isEmpty ? nil : value
        }
        return nil
    }

    /// The tag among `tags` to check a catalog's translations in, nil when none fits its `Language:` value.
    ///
    /// The value's encoding and modifier (`.UTF-8`, `@latin`) are dropped;
    /// an exact tag wins, then, for a bare language, the region named like it
    /// (`de` finds `de_DE`), then the first of that language in `tags`.
    public static func tag(forLanguage value: String, among tags: [String]) -> String? {
        let bare = String(value.prefix { $0 != "." && $0 != "@" })
        guard let tag = LanguageTag(dictionaryName: bare) else { return nil }
        let known = tags.compactMap { LanguageTag(dictionaryName: $0) }
        if let exact = known.first(where: { $0 == tag }) { return exact.tag }
        guard tag.isLanguageOnly else { return nil }
        let same = known.filter { $0.language == tag.language }
        return (same.first { $0.tag == "\(tag.language)_\(tag.language.uppercased())" } ?? same.first)?.tag
    }
}
