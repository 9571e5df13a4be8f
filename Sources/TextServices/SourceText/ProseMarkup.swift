/// Hides the code-like bits inside comments and strings: code spans, doc tags, tags, format placeholders.
///
/// Works on a visible range of a `TextMask`, in bytes. Each rule only hides
/// bytes; none reveals any.
enum ProseMarkup {
    /// Hides code spans (`` `x` ``), doc-comment tags (`@param name`, `\brief`, `{@link X}`),
    /// reStructuredText roles (`:class:`), fields (`:param ctx:`) and directives (`.. autoclass:: Name`),
    /// HTML tags, command-line options (`-Wall`, `--verbose`),
    /// doctest lines (`>>> f(x)`) and `TODO(name)` references inside a comment or string. Doxygen's
    /// backslash tags count only in comments (`inComment`), where a backslash is no escape.
    static func hideCodeMarkup(in mask: inout TextMask, range: Range<Int>, inComment: Bool) {
        let bytes = mask.bytes
        var index = range.lowerBound
        let end = min(range.upperBound, bytes.count)
        let markupStarts = Self.markupStarts
        while index < end {
            let byte = bytes[index]
            // Only the bytes the cases below start with can start markup (no letter, digit, space, quote or line
            // feed): the rest of a comment goes by 16 bytes at a time, with no test of the mask.
            guard markupStarts.contains(byte) else {
                index = ByteSearch.firstIndex(of: markupStarts, in: bytes, from: index + 1, end: end)
                continue
            }
            guard mask.isVisible(index) else {
                index += 1
                continue
            }
            let atWordStart = index == range.lowerBound || isBoundary(bytes[index - 1])
            switch byte {
            case ascii("`"):
                var run = 0
                while index + run < end, bytes[index + run] == ascii("`") { run += 1 }
                if let close = findRun(of: ascii("`"), length: run, in: bytes, from: index + run, to: end) {
                    mask.hide(index..<close + run)
                    index = close + run
                } else {
                    index += run
                }
            case ascii("\\") where isRoffFontEscape(bytes, at: index, end: end):
                // Manual-page text in a string (`\fBname\fR`): the font change is markup, the word after it is not.
                mask.hide(index..<index + 3)
                index += 3
            case ascii("@") where atWordStart, ascii("\\") where atWordStart && inComment:
                var cursor = index + 1
                while cursor < end, isWordByte(bytes[cursor]) { cursor += 1 }
                if cursor > index + 1 {
                    let tag = String(decoding: bytes[index + 1..<cursor], as: UTF8.self)
                    var hideEnd = cursor
                    if namedTags.contains(tag) {
                        // `@param name`, `@throws Type`: the name after the tag is code too (and `{Type}` before it).
                        var next = cursor
                        while next < end, bytes[next] == 0x20 || bytes[next] == 0x09 { next += 1 }
                        if next < end, bytes[next] == ascii("{") {
                            next = skipBraces(bytes, from: next, to: end)
                            while next < end, bytes[next] == 0x20 || bytes[next] == 0x09 { next += 1 }
                        }
                        var nameEnd = next
                        while nameEnd < end, isWordByte(bytes[nameEnd]) || bytes[nameEnd] == ascii(".")
                            || bytes[nameEnd] == ascii("[") || bytes[nameEnd] == ascii("]") {
                            nameEnd += 1
                        }
                        hideEnd = nameEnd
                    }
                    mask.hide(index..<hideEnd)
                    index = hideEnd
                } else {
                    index += 1
                }
            case ascii("(") where inComment && index >= 4 && isTaskTag(bytes, endingAt: index):
                // TODO(name), FIXME(bug-123): the parenthesised part is a user name or reference.
                var close = index + 1
                while close < end, bytes[close] != ascii(")"), bytes[close] != 0x0A, close - index < 64 { close += 1 }
                if close < end, bytes[close] == ascii(")") {
                    mask.hide(index..<close + 1)
                    index = close + 1
                } else {
                    index += 1
                }
            case ascii("{") where index + 1 < end && bytes[index + 1] == ascii("@"):
                let close = skipBraces(bytes, from: index, to: end)
                mask.hide(index..<close)
                index = close
            case ascii(":") where atWordStart:
                // :role:`target` (the target is a code span, hidden above)
                var cursor = index + 1
                while cursor < end, isWordByte(bytes[cursor]) || bytes[cursor] == ascii(":") && cursor + 1 < end
                    && bytes[cursor + 1] != ascii("`") && isWordByte(bytes[cursor + 1]) {
                    cursor += 1
                }
                if cursor > index + 1, cursor < end, bytes[cursor] == ascii(":"), cursor + 1 < end, bytes[cursor + 1] == ascii("`") {
                    mask.hide(index..<cursor + 1)
                    index = cursor + 1
                } else if isLineStart(bytes, at: index, range: range),
                          let close = ReStructuredTextMasker.fieldNameEnd(bytes, index, index..<lineEnd(bytes, from: index, end: end)) {
                    // A field of a docstring (`:param ctx:`, `:members:`), as reStructuredText writes one.
                    mask.hide(index..<close)
                    index = close
                } else {
                    index += 1
                }
            case ascii("-") where isOptionStart(bytes, at: index, range: range, end: end):
                // A command-line option: -fwrapv, -Wformat=2, --no-daemon.
                var cursor = index
                while cursor < end, !SkipRules.isSpace(bytes[cursor]), bytes[cursor] != ascii("\""),
                      bytes[cursor] != ascii("'"), bytes[cursor] != ascii("`") {
                    cursor += 1
                }
                mask.hide(index..<cursor)
                index = cursor
            case ascii(">") where isLineStart(bytes, at: index, range: range) && starts(bytes, ">>>", at: index, end: end),
                 ascii(".") where isLineStart(bytes, at: index, range: range) && starts(bytes, "... ", at: index, end: end):
                // A doctest line (`>>> code`, `... more code`).
                var cursor = index
                while cursor < end, bytes[cursor] != 0x0A { cursor += 1 }
                mask.hide(index..<cursor)
                index = cursor
            case ascii(".") where isLineStart(bytes, at: index, range: range) && starts(bytes, ".. ", at: index, end: end):
                // A reStructuredText directive in a docstring (`.. autoclass:: Name`): its name, and unless the directive
                // holds prose (`.. note::`), the rest of its line.
                var cursor = index + 3
                while cursor < end, isWordByte(bytes[cursor]) || bytes[cursor] == ascii("-") || bytes[cursor] == ascii(":")
                    && !starts(bytes, "::", at: cursor, end: end) {
                    cursor += 1
                }
                guard cursor > index + 3, starts(bytes, "::", at: cursor, end: end) else {
                    index += 1
                    continue
                }
                var name = String(decoding: bytes[index + 3..<cursor], as: UTF8.self)
                if let colon = name.lastIndex(of: ":") { name = String(name[name.index(after: colon)...]) }
                let hideEnd = ReStructuredTextMasker.proseDirectives.contains(name.lowercased())
                    ? cursor + 2 : lineEnd(bytes, from: cursor, end: end)
                mask.hide(index..<hideEnd)
                index = hideEnd
            case ascii("<"):
                var cursor = index + 1
                if cursor < end, bytes[cursor] == ascii("/") { cursor += 1 }
                guard cursor < end, isLetter(bytes[cursor]) else {
                    index += 1
                    continue
                }
                while cursor < end, bytes[cursor] != ascii(">"), bytes[cursor] != ascii("<"), bytes[cursor] != 0x0A { cursor += 1 }
                if cursor < end, bytes[cursor] == ascii(">") {
                    let close = codeElementEnd(bytes, tagStart: index, tagEnd: cursor + 1, limit: end) ?? cursor + 1
                    mask.hide(index..<close)
                    index = close
                } else {
                    index += 1
                }
            default:
                index += 1
            }
        }
    }

    /// Where the element that an opening tag from `tagStart` to `tagEnd` starts ends, after its closing tag, when it
    /// holds code (`<code>`, `<tt>`, `<kbd>`, `<samp>`, `<var>`: RDoc and HTML write code this way) and closes
    /// before `limit`; nil for another tag or an element left open.
    static func codeElementEnd(_ bytes: [UInt8], tagStart: Int, tagEnd: Int, limit: Int) -> Int? {
        var nameEnd = tagStart + 1
        while nameEnd < tagEnd, isLetter(bytes[nameEnd]) { nameEnd += 1 }
        let name = bytes[tagStart + 1..<nameEnd].map { $0 | 0x20 }
        guard nameEnd - tagStart > 1, codeElements.contains(name) else { return nil }
        let closing = [ascii("<"), ascii("/")] + name + [ascii(">")]
        var index = tagEnd
        while index + closing.count <= limit {
            if bytes[index] == ascii("<"), closing.indices.allSatisfy({ bytes[index + $0] | ($0 >= 2 && $0 < closing.count - 1 ? 0x20 : 0) == closing[$0] }) {
                return index + closing.count
            }
            index += 1
        }
        return nil
    }

    private static let codeElements: Set<[UInt8]> = Set(["code", "tt", "kbd", "samp", "var"].map { Array($0.utf8) })

    /// The bytes `hideCodeMarkup` may find markup at; at any other byte it moves on.
    private static let markupStarts = ByteSet("`\\@({:->.<")

    /// Hides printf formats (`%s`, `%-5.2f`, `%(name)s`, `%@`) and brace placeholders (`{}`, `{name}`, `{0:>8}`).
    static func hidePlaceholders(in mask: inout TextMask, range: Range<Int>) {
        let bytes = mask.bytes
        var index = range.lowerBound
        let end = min(range.upperBound, bytes.count)
        let placeholderStarts = Self.placeholderStarts
        while index < end {
            let byte = bytes[index]
            guard placeholderStarts.contains(byte) else {
                index = ByteSearch.firstIndex(of: placeholderStarts, in: bytes, from: index + 1, end: end)
                continue
            }
            if byte == ascii("%"), let formatEnd = percentFormatEnd(bytes, from: index, to: end) {
                mask.hide(index..<formatEnd)
                index = formatEnd
            } else if byte == ascii("{") {
                var cursor = index + 1
                while cursor < end, bytes[cursor] != ascii("}"), bytes[cursor] != ascii("{"), !SkipRules.isSpace(bytes[cursor]) {
                    cursor += 1
                }
                if cursor < end, bytes[cursor] == ascii("}") {
                    mask.hide(index..<cursor + 1)
                    index = cursor + 1
                } else if cursor < end, cursor == index + 1, bytes[cursor] == ascii("{") {
                    index += 2
                } else {
                    index += 1
                }
            } else {
                index += 1
            }
        }
    }

    /// The bytes a placeholder starts with (`hidePlaceholders`).
    private static let placeholderStarts = ByteSet("%{")

    /// The end of a printf-style conversion starting at `%`, or nil when there is none.
    private static func percentFormatEnd(_ bytes: [UInt8], from start: Int, to end: Int) -> Int? {
        var cursor = start + 1
        guard cursor < end else { return nil }
        if bytes[cursor] == ascii("%") { return cursor + 1 }
        if bytes[cursor] == ascii("(") {
            while cursor < end, bytes[cursor] != ascii(")"), bytes[cursor] != 0x0A { cursor += 1 }
            guard cursor < end, bytes[cursor] == ascii(")") else { return nil }
            cursor += 1
        }
        // position argument 1$
        var digits = cursor
        while digits < end, isDigit(bytes[digits]) { digits += 1 }
        if digits > cursor, digits < end, bytes[digits] == ascii("$") { cursor = digits + 1 }
        while cursor < end, formatFlags.contains(bytes[cursor]) { cursor += 1 }
        while cursor < end, isDigit(bytes[cursor]) || bytes[cursor] == ascii("*") { cursor += 1 }
        if cursor < end, bytes[cursor] == ascii(".") {
            cursor += 1
            while cursor < end, isDigit(bytes[cursor]) || bytes[cursor] == ascii("*") { cursor += 1 }
        }
        // A length modifier: `hh`, `ll`, `h`, `l`, `L`, `q`, `j`, `z` or `t`.
        if cursor < end, lengthModifiers.contains(bytes[cursor]) {
            let doubled = (bytes[cursor] == ascii("h") || bytes[cursor] == ascii("l")) && cursor + 1 < end
                && bytes[cursor + 1] == bytes[cursor]
            cursor += doubled ? 2 : 1
        }
        guard cursor < end, isConversion(bytes[cursor]) else { return nil }
        cursor += 1
        // A conversion letter glued to more letters is a word ("%success"), unless it came after flags or a width.
        if cursor < end, isLetter(bytes[cursor]), cursor == start + 2 { return nil }
        return cursor
    }

    private static let formatFlags = ByteSet("-+#0'")
    private static let lengthModifiers = ByteSet("hlLqjzt")
    private static let conversions = ByteSet("diouxXeEfFgGaAcspn@vTqbwU")

    private static func isConversion(_ byte: UInt8) -> Bool {
        conversions.contains(byte)
    }

    private static func findRun(of byte: UInt8, length: Int, in bytes: [UInt8], from start: Int, to end: Int) -> Int? {
        var index = start
        while index < end {
            guard bytes[index] == byte else { index += 1; continue }
            var run = 0
            while index + run < end, bytes[index + run] == byte { run += 1 }
            if run == length { return index }
            index += run
        }
        return nil
    }

    private static func skipBraces(_ bytes: [UInt8], from start: Int, to end: Int) -> Int {
        var depth = 0
        var index = start
        while index < end {
            if bytes[index] == ascii("{") { depth += 1 } else if bytes[index] == ascii("}") {
                depth -= 1
                if depth == 0 { return index + 1 }
            }
            index += 1
        }
        return end
    }

    static let namedTags: Set<String> = [
        "param", "arg", "argument", "tparam", "throws", "throw", "exception", "raises", "property", "prop",
        "typedef", "callback", "template", "type", "see", "link", "linkcode", "linkplain", "ref", "var", "ivar",
        "cvar", "field", "member", "memberof", "name", "class", "struct", "fn", "def", "enum", "brief_param",
    ]

    private static func isOptionStart(_ bytes: [UInt8], at index: Int, range: Range<Int>, end: Int) -> Bool {
        if index > range.lowerBound {
            let previous = bytes[index - 1]
            guard SkipRules.isSpace(previous) || optionPrecedents.contains(previous) else { return false }
        }
        var next = index + 1
        if next < end, bytes[next] == ascii("-") { next += 1 }
        return next < end && isLetter(bytes[next])
    }

    private static let optionPrecedents = ByteSet("([\"'=`")

    /// The offset of the line feed that ends the line holding `index`, or `end`.
    private static func lineEnd(_ bytes: [UInt8], from index: Int, end: Int) -> Int {
        var cursor = index
        while cursor < end, bytes[cursor] != 0x0A { cursor += 1 }
        return cursor
    }

    private static func isLineStart(_ bytes: [UInt8], at index: Int, range: Range<Int>) -> Bool {
        var cursor = index - 1
        while cursor >= range.lowerBound, bytes[cursor] == 0x20 || bytes[cursor] == 0x09 { cursor -= 1 }
        return cursor < range.lowerBound || bytes[cursor] == 0x0A
    }

    private static func starts(_ bytes: [UInt8], _ prefix: StaticString, at index: Int, end: Int) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard index >= 0, index + count <= end else { return false }
        let expected = prefix.utf8Start
        for offset in 0..<count where bytes[index + offset] != expected[offset] { return false }
        return true
    }

    private static func isTaskTag(_ bytes: [UInt8], endingAt end: Int) -> Bool {
        for tag: StaticString in ["TODO", "FIXME", "XXX", "HACK", "NOTE", "BUG"] where end >= tag.utf8CodeUnitCount {
            if starts(bytes, tag, at: end - tag.utf8CodeUnitCount, end: end) { return true }
        }
        return false
    }

    private static func isBoundary(_ byte: UInt8) -> Bool {
        SkipRules.isSpace(byte) || byte == ascii("(") || byte == ascii("[") || byte == ascii("*") || byte == ascii("/")
            || byte == ascii("#") || byte == ascii("!") || byte == ascii("-")
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        isLetter(byte) || isDigit(byte) || byte == ascii("_") || byte >= 0x80
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= ascii("a") && byte <= ascii("z")) || (byte >= ascii("A") && byte <= ascii("Z"))
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= ascii("0") && byte <= ascii("9") }

    /// Whether a roff font escape (`\fB`, `\fI`, `\fR`, `\fP`) starts at `index`.
    static func isRoffFontEscape(_ bytes: [UInt8], at index: Int, end: Int) -> Bool {
        index + 2 < end && bytes[index] == ascii("\\") && bytes[index + 1] == ascii("f")
            && [ascii("B"), ascii("I"), ascii("R"), ascii("P")].contains(bytes[index + 2])
    }
}
