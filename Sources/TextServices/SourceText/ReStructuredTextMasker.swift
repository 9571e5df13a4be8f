/// Hides what in a reStructuredText document is not prose.
///
/// Hidden: inline literals (` ``x`` `), roles with their text
/// (`:func:`name``), interpreted text in single back-quotes unless it is a
/// link's text (`` `Requests`_ `` stays, its `<url>` does not), field names
/// (`:param x:`), section adornment lines, literal blocks (the indented
/// block after a line ending in `::`), doctest blocks (`>>>`), comments,
/// link targets and substitution definitions, and the directive line of a
/// directive with the body of any directive that holds no prose (`code-block`,
/// `math`, `toctree`, `automodule`...). The bodies of admonitions and other
/// prose directives (`note`, `warning`, `versionadded`...) and footnote
/// texts stay visible. Works line by line on indentation, as the reference parser's
/// block structure does; never fails on malformed input.
enum ReStructuredTextMasker {
    /// Directives whose body is prose, checked like the text around them.
    static let proseDirectives: Set<String> = [
        "note", "warning", "tip", "hint", "important", "caution", "danger", "error", "attention", "admonition", "seealso",
        "versionadded", "versionchanged", "deprecated", "topic", "sidebar", "rubric", "epigraph", "highlights",
        "pull-quote", "compound", "container", "only", "glossary", "centered", "hlist", "todo",
    ]

    static func mask(_ bytes: [UInt8]) -> TextMask {
        var mask = TextMask(bytes: bytes, visible: true)
        let lines = LineSplitter.lines(bytes)
        var index = 0
        while index < lines.count {
            let line = lines[index]
            let indent = indentation(bytes, line)
            index += 1
            if indent == line.upperBound { continue }
            let content = Array(bytes[indent..<line.upperBound])
            if isAdornment(content) {
                mask.hide(line)
                continue
            }
            if content.starts(with: Array(">>>".utf8)) {
                // A doctest block runs to the next blank line.
                mask.hide(line)
                while index < lines.count, !isBlank(bytes, lines[index]) {
                    mask.hide(lines[index])
                    index += 1
                }
                continue
            }
            if content.starts(with: Array("..".utf8)), content.count == 2 || content[2] == UInt8(ascii: " ") {
                let column = indent - line.lowerBound
                let kind = explicitMarkup(content)
                switch kind {
                case .footnote(let labelEnd):
                    mask.hide(line.lowerBound..<indent + labelEnd)
                    maskInline(bytes, line, into: &mask)
                case .proseDirective(let nameEnd):
                    // `.. warning:: The key must be...`: the text after the name is the body's first line.
                    mask.hide(line.lowerBound..<indent + nameEnd)
                    maskInline(bytes, indent + nameEnd..<line.upperBound, into: &mask)
                    // Its options (`:class: x`) come first; the body after them is prose.
                    while index < lines.count, !isBlank(bytes, lines[index]),
                          indentation(bytes, lines[index]) - lines[index].lowerBound > column,
                          bytes[indentation(bytes, lines[index])] == UInt8(ascii: ":") {
                        mask.hide(lines[index])
                        index += 1
                    }
                case .other:
                    mask.hide(line)
                    index = hideIndentedBlock(bytes, lines, from: index, deeperThan: column, into: &mask)
                }
                continue
            }
            maskInline(bytes, line, into: &mask)
            if content.count >= 2, content.suffix(2) == [UInt8(ascii: ":"), UInt8(ascii: ":")] {
                index = hideIndentedBlock(bytes, lines, from: index, deeperThan: indent - line.lowerBound, into: &mask)
            }
        }
        return mask
    }

    private enum ExplicitMarkup {
        /// `.. [1] text`: the label ends at this offset of the line's content.
        case footnote(labelEnd: Int)
        /// A directive whose body is prose; its name and `::` end at this offset of the line's content.
        case proseDirective(nameEnd: Int)
        /// Other directives, comments, link targets, substitution definitions: hidden with their body.
        case other
    }

    private static func explicitMarkup(_ content: [UInt8]) -> ExplicitMarkup {
        let rest = content.dropFirst(3)
        if rest.first == UInt8(ascii: "["), let close = rest.firstIndex(of: UInt8(ascii: "]")) {
            return .footnote(labelEnd: close + 1)
        }
        guard let colons = rest.firstRange(of: Array("::".utf8)) else { return .other }
        let name = String(decoding: rest[rest.startIndex..<colons.lowerBound], as: UTF8.self).lowercased()
        return proseDirectives.contains(name) ? .proseDirective(nameEnd: colons.upperBound) : .other
    }

    /// Hides the lines from `start` that are blank or indented deeper than `column`; returns the first line after them.
    ///
    /// Blank lines at the block's end are left for the next block.
    private static func hideIndentedBlock(_ bytes: [UInt8], _ lines: [Range<Int>], from start: Int, deeperThan column: Int,
                                          into mask: inout TextMask) -> Int {
        var index = start
        var lastDeep = start - 1
        while index < lines.count {
            let line = lines[index]
            if isBlank(bytes, line) {
                index += 1
                continue
            }
            guard indentation(bytes, line) - line.lowerBound > column else { break }
            lastDeep = index
            index += 1
        }
        for hidden in lines[start..<(lastDeep + 1)] { mask.hide(hidden) }
        return lastDeep + 1
    }

    /// Hides inline literals, roles, interpreted text and link destinations in one line.
    private static func maskInline(_ bytes: [UInt8], _ line: Range<Int>, into mask: inout TextMask) {
        let backquote = UInt8(ascii: "`")
        var position = line.lowerBound
        while position < line.upperBound {
            let byte = bytes[position]
            if byte == backquote, position + 1 < line.upperBound, bytes[position + 1] == backquote {
                // ``literal``, to the closing pair on this line (or the line's end).
                var end = position + 2
                while end + 1 < line.upperBound, !(bytes[end] == backquote && bytes[end + 1] == backquote) { end += 1 }
                let stop = min(end + 2, line.upperBound)
                mask.hide(position..<stop)
                position = stop
                continue
            }
            if byte == backquote {
                var end = position + 1
                while end < line.upperBound, bytes[end] != backquote { end += 1 }
                // Interpreted text that goes on to the next line (a long link's text) is left visible.
                guard end < line.upperBound else {
                    position = end
                    continue
                }
                let isLink = end + 1 < line.upperBound && bytes[end + 1] == UInt8(ascii: "_")
                let role = roleStart(bytes, before: position, lineStart: line.lowerBound)
                if isLink && role == nil {
                    // `text <destination>`_: the destination goes, the text stays.
                    var stop = end + 1
                    while stop < line.upperBound, bytes[stop] == UInt8(ascii: "_") { stop += 1 }
                    let open = bytes[position..<end].lastIndex(of: UInt8(ascii: "<")) ?? end
                    mask.hide(open..<stop)
                } else {
                    mask.hide((role ?? position)..<min(end + 1, line.upperBound))
                }
                position = end + 1
                continue
            }
            if byte == UInt8(ascii: ":"), position == firstNonSpace(bytes, line), let close = fieldNameEnd(bytes, position, line) {
                mask.hide(position..<close)
                position = close
                continue
            }
            position += 1
        }
    }

    /// Where a role (`:func:`) written just before a backtick at `position` starts, or nil.
    private static func roleStart(_ bytes: [UInt8], before position: Int, lineStart: Int) -> Int? {
        guard position - 2 >= lineStart, bytes[position - 1] == UInt8(ascii: ":") else { return nil }
        // Back over the role's bytes (`:py:func:` holds colons); it must begin with a colon.
        var start = position - 1
        while start - 1 >= lineStart, isRoleByte(bytes[start - 1]) { start -= 1 }
        guard start < position - 1, bytes[start] == UInt8(ascii: ":") else { return nil }
        return start
    }

    private static func isRoleByte(_ byte: UInt8) -> Bool {
        (0x61...0x7A).contains(byte) || (0x41...0x5A).contains(byte) || (0x30...0x39).contains(byte)
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: ":")
    }

    /// The end of a field name (`:param name:`) that opens a line, just past its closing colon; nil when there is none.
    static func fieldNameEnd(_ bytes: [UInt8], _ start: Int, _ line: Range<Int>) -> Int? {
        var end = start + 1
        while end < line.upperBound, bytes[end] != UInt8(ascii: ":"), bytes[end] != UInt8(ascii: "`") { end += 1 }
        guard end < line.upperBound, bytes[end] == UInt8(ascii: ":"), end > start + 1,
              end + 1 == line.upperBound || bytes[end + 1] == UInt8(ascii: " ") else { return nil }
        return end + 1
    }

    /// Whether a line is a section adornment: one punctuation character repeated, at least three times.
    private static func isAdornment(_ content: [UInt8]) -> Bool {
        var trimmed = content[...]
        while let last = trimmed.last, last == UInt8(ascii: " ") || last == 0x0D { trimmed = trimmed.dropLast() }
        guard trimmed.count >= 3, let first = trimmed.first,
              (0x21...0x2F).contains(first) || (0x3A...0x40).contains(first) || (0x5B...0x60).contains(first)
                || (0x7B...0x7E).contains(first) else { return false }
        return trimmed.allSatisfy { $0 == first }
    }

    /// The offset of a line's first byte that is not a space or tab (its end when blank).
    private static func indentation(_ bytes: [UInt8], _ line: Range<Int>) -> Int {
        var offset = line.lowerBound
        while offset < line.upperBound, bytes[offset] == UInt8(ascii: " ") || bytes[offset] == 0x09 || bytes[offset] == 0x0D {
            offset += 1
        }
        return offset
    }

    private static func firstNonSpace(_ bytes: [UInt8], _ line: Range<Int>) -> Int { indentation(bytes, line) }

    private static func isBlank(_ bytes: [UInt8], _ line: Range<Int>) -> Bool { indentation(bytes, line) == line.upperBound }
}
