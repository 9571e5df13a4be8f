/// Hides what in a Markdown document is not prose.
///
/// Hidden: front matter, fenced and indented code blocks, code spans, link
/// destinations and reference definitions, autolinks, HTML tags and
/// entities. Link texts, image descriptions, headings, lists, quotes,
/// tables and HTML comment contents stay visible. Works line by line, as
/// CommonMark's block structure does; never fails on malformed input.
enum MarkdownMasker {
    static func mask(_ bytes: [UInt8]) -> TextMask {
        var mask = TextMask(bytes: bytes, visible: true)
        let lines = LineSplitter.lines(bytes)
        var lineIndex = 0
        if let first = lines.first, trimmedLine(bytes, first) == Array("---".utf8) {
            // YAML front matter, up to the closing `---` or `...`.
            var end = 1
            while end < lines.count, ![Array("---".utf8), Array("...".utf8)].contains(trimmedLine(bytes, lines[end])) { end += 1 }
            if end < lines.count {
                mask.hide(lines[0].lowerBound..<lines[end].upperBound)
                lineIndex = end + 1
            }
        }
        var fence: (byte: UInt8, length: Int)?
        var inIndentedCode = false
        var previousBlank = true
        var inList = false
        /// Where a code span that crossed a line end closed: inline markup resumes there.
        var resume = 0
        while lineIndex < lines.count {
            let line = lines[lineIndex]
            lineIndex += 1
            let indent = indentation(bytes, line)
            let blank = indent.offset == line.upperBound
            if let open = fence {
                mask.hide(line)
                if indent.columns <= 3, let run = fenceRun(bytes, from: indent.offset, to: line.upperBound), run.byte == open.byte,
                   run.length >= open.length, isBlank(bytes, from: indent.offset + run.length, to: line.upperBound) {
                    fence = nil
                }
                continue
            }
            if indent.columns <= 3, let run = fenceRun(bytes, from: indent.offset, to: line.upperBound), run.length >= 3,
               run.byte == UInt8(ascii: "~") || !bytes[indent.offset + run.length..<line.upperBound].contains(UInt8(ascii: "`")) {
                fence = run
                mask.hide(line)
                previousBlank = false
                continue
            }
            if blank {
                previousBlank = true
                continue
            }
            if indent.columns >= 4, (inIndentedCode || previousBlank), !inList {
                inIndentedCode = true
                mask.hide(line)
                continue
            }
            inIndentedCode = false
            if isListItem(bytes, from: indent.offset, to: line.upperBound) {
                inList = true
            } else if indent.columns == 0, previousBlank {
                inList = false
            }
            previousBlank = false
            if indent.columns <= 3, isReferenceDefinition(bytes, from: indent.offset, to: line.upperBound) {
                mask.hide(line)
                continue
            }
            hideInline(&mask, line, lines: lines[lineIndex...], resume: &resume)
        }
        return mask
    }

    /// Code spans, link destinations, reference labels, autolinks, tags and entities within one line.
    ///
    /// A code span may go on over the paragraph's next lines (`following`),
    /// as CommonMark allows; it then ends inline markup up to `resume`, which
    /// the lines it covers start from.
    private static func hideInline(_ mask: inout TextMask, _ line: Range<Int>, lines following: ArraySlice<Range<Int>>,
                                   resume: inout Int) {
        let bytes = mask.bytes
        var index = max(line.lowerBound, resume)
        var openBrackets: [Int] = []
        while index < line.upperBound {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\\"):
                index += 2
            case UInt8(ascii: "["):
                openBrackets.append(index)
                index += 1
            case UInt8(ascii: "`"):
                var run = 0
                while index + run < line.upperBound, bytes[index + run] == byte { run += 1 }
                if let closed = closingRun(bytes, run: run, in: index + run..<line.upperBound) {
                    mask.hide(index..<closed + run)
                    index = closed + run
                } else if let closed = spanClose(bytes, run: run, after: following) {
                    mask.hide(index..<closed + run)
                    resume = closed + run
                    index = line.upperBound
                } else {
                    index += run
                }
            case UInt8(ascii: "]") where index + 1 < line.upperBound:
                let open = openBrackets.popLast()
                let next = bytes[index + 1]
                if next == UInt8(ascii: "(") || next == UInt8(ascii: "[") {
                    let close = next == UInt8(ascii: "(") ? UInt8(ascii: ")") : UInt8(ascii: "]")
                    var depth = 0
                    var cursor = index + 1
                    while cursor < line.upperBound {
                        if bytes[cursor] == next { depth += 1 } else if bytes[cursor] == close {
                            depth -= 1
                            if depth == 0 { break }
                        }
                        cursor += 1
                    }
                    let end = min(cursor + 1, line.upperBound)
                    mask.hide(index + 1..<end)
                    let destination = bytes[index + 2..<max(index + 2, end - 1)]
                    if next == UInt8(ascii: "("), let open, isHandle(bytes[open + 1..<index], of: destination) || isProfile(destination) {
                        mask.hide(open + 1..<index)
                    }
                    index = end
                } else {
                    index += 1
                }
            case UInt8(ascii: "<"):
                var cursor = index + 1
                if cursor < line.upperBound, bytes[cursor] == UInt8(ascii: "/") { cursor += 1 }
                guard cursor < line.upperBound, isASCIILetter(bytes[cursor]) else {
                    index += 1
                    continue
                }
                while cursor < line.upperBound, bytes[cursor] != UInt8(ascii: ">"), bytes[cursor] != UInt8(ascii: "<") { cursor += 1 }
                if cursor < line.upperBound, bytes[cursor] == UInt8(ascii: ">") {
                    // `<code>x</code>` and `<tt>x</tt>` are code spans written in HTML.
                    let close = ProseMarkup.codeElementEnd(bytes, tagStart: index, tagEnd: cursor + 1, limit: line.upperBound) ?? cursor + 1
                    mask.hide(index..<close)
                    index = close
                } else {
                    index += 1
                }
            case UInt8(ascii: "&"):
                var cursor = index + 1
                if cursor < line.upperBound, bytes[cursor] == UInt8(ascii: "#") { cursor += 1 }
                let nameStart = cursor
                while cursor < line.upperBound, cursor - nameStart < 32, isASCIILetter(bytes[cursor]) || SkipRules.isHexDigit(bytes[cursor]) {
                    cursor += 1
                }
                if cursor > nameStart, cursor < line.upperBound, bytes[cursor] == UInt8(ascii: ";") {
                    mask.hide(index..<cursor + 1)
                    index = cursor + 1
                } else {
                    index += 1
                }
            default:
                index += 1
            }
        }
    }

    /// The bytes that part a link's destination into the names `isHandle` compares (path, host, query).
    private static let destinationSeparators: Set<UInt8> = [UInt8(ascii: "/"), UInt8(ascii: "."), UInt8(ascii: "?"),
                                                            UInt8(ascii: "#"), UInt8(ascii: "="), UInt8(ascii: "&"),
                                                            UInt8(ascii: "@"), UInt8(ascii: ":")]

    /// Whether a link's text is a name its destination spells out as a part (`[jonchurch](https://github.com/jonchurch)`):
    /// an account or project name, not prose.
    private static func isHandle(_ text: ArraySlice<UInt8>, of destination: ArraySlice<UInt8>) -> Bool {
        var name = text
        if name.first == UInt8(ascii: "@") { name = name.dropFirst() }
        guard name.count >= 2, !name.contains(where: { SkipRules.isSpace($0) }) else { return false }
        let wanted = name.map { $0 | 0x20 }
        return destination.split(whereSeparator: { destinationSeparators.contains($0) }).contains { part in
            part.count == wanted.count && zip(part, wanted).allSatisfy { $0 | 0x20 == $1 }
        }
    }

    /// Hosts whose pages at `https://HOST/NAME` are a person's or an organization's profile.
    private static let profileHosts: [[UInt8]] = ["github.com", "gitlab.com", "codeberg.org", "bitbucket.org", "sr.ht",
                                                   "twitter.com", "x.com", "mastodon.social", "linkedin.com/in"]
        .map { Array($0.utf8) }

    /// Whether a link's destination is a profile page (`https://github.com/mnunberg`), so its text names a person or
    /// an organization (`[Mark Nunberg](https://github.com/mnunberg)`).
    private static func isProfile(_ destination: ArraySlice<UInt8>) -> Bool {
        var rest = destination
        for scheme in ["https://", "http://"].map({ Array($0.utf8) }) where rest.starts(with: scheme) {
            rest = rest.dropFirst(scheme.count)
        }
        guard rest.count < destination.count else { return false }
        if rest.starts(with: Array("www.".utf8)) { rest = rest.dropFirst(4) }
        guard let host = profileHosts.first(where: { rest.starts(with: $0 + [UInt8(ascii: "/")]) }) else { return false }
        var name = rest.dropFirst(host.count + 1)
        if name.last == UInt8(ascii: "/") { name = name.dropLast() }
        if name.first == UInt8(ascii: "~") || name.first == UInt8(ascii: "@") { name = name.dropFirst() }
        return !name.isEmpty && name.allSatisfy { isASCIILetter($0) || ($0 &- UInt8(ascii: "0")) < 10
            || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: ".") }
    }

    private static func indentation(_ bytes: [UInt8], _ line: Range<Int>) -> (offset: Int, columns: Int) {
        var columns = 0
        var index = line.lowerBound
        while index < line.upperBound {
            if bytes[index] == 0x20 { columns += 1 } else if bytes[index] == 0x09 { columns += 4 - columns % 4 } else { break }
            index += 1
        }
        return (index, columns)
    }

    /// Where a code span opened by `run` backticks closes on the paragraph's next lines, or nil.
    ///
    /// The paragraph ends at a blank line, and at a line that opens a fence,
    /// an ATX heading or a list item; a span does not go past it.
    private static func spanClose(_ bytes: [UInt8], run: Int, after following: ArraySlice<Range<Int>>) -> Int? {
        for line in following {
            let indent = indentation(bytes, line)
            if indent.offset == line.upperBound { return nil }
            if indent.columns <= 3, bytes[indent.offset] == UInt8(ascii: "#") || fenceRun(bytes, from: indent.offset, to: line.upperBound)
                .map({ $0.length >= 3 }) == true || isListItem(bytes, from: indent.offset, to: line.upperBound) {
                return nil
            }
            if let closed = closingRun(bytes, run: run, in: line) { return closed }
        }
        return nil
    }

    /// Where in `range` a run of exactly `run` backticks starts (a code span's close), or nil.
    private static func closingRun(_ bytes: [UInt8], run: Int, in range: Range<Int>) -> Int? {
        var cursor = range.lowerBound
        while cursor < range.upperBound {
            guard bytes[cursor] == UInt8(ascii: "`") else {
                cursor += 1
                continue
            }
            var other = 0
            while cursor + other < range.upperBound, bytes[cursor + other] == UInt8(ascii: "`") { other += 1 }
            if other == run { return cursor }
            cursor += other
        }
        return nil
    }

    private static func fenceRun(_ bytes: [UInt8], from start: Int, to end: Int) -> (byte: UInt8, length: Int)? {
        guard start < end, bytes[start] == UInt8(ascii: "`") || bytes[start] == UInt8(ascii: "~") else { return nil }
        var length = 0
        while start + length < end, bytes[start + length] == bytes[start] { length += 1 }
        return length >= 3 ? (bytes[start], length) : nil
    }

    private static func isListItem(_ bytes: [UInt8], from start: Int, to end: Int) -> Bool {
        guard start < end else { return false }
        let first = bytes[start]
        if first == UInt8(ascii: "-") || first == UInt8(ascii: "*") || first == UInt8(ascii: "+") {
            return start + 1 == end || bytes[start + 1] == 0x20 || bytes[start + 1] == 0x09
        }
        var cursor = start
        while cursor < end, cursor - start < 9, bytes[cursor] >= UInt8(ascii: "0"), bytes[cursor] <= UInt8(ascii: "9") { cursor += 1 }
        guard cursor > start, cursor < end, bytes[cursor] == UInt8(ascii: ".") || bytes[cursor] == UInt8(ascii: ")") else { return false }
        return cursor + 1 == end || bytes[cursor + 1] == 0x20 || bytes[cursor + 1] == 0x09
    }

    /// `[label]: destination "title"`.
    private static func isReferenceDefinition(_ bytes: [UInt8], from start: Int, to end: Int) -> Bool {
        guard start < end, bytes[start] == UInt8(ascii: "[") else { return false }
        var cursor = start + 1
        while cursor < end, bytes[cursor] != UInt8(ascii: "]") { cursor += 1 }
        return cursor > start + 1 && cursor + 1 < end && bytes[cursor + 1] == UInt8(ascii: ":")
    }

    private static func trimmedLine(_ bytes: [UInt8], _ line: Range<Int>) -> [UInt8] {
        var slice = bytes[line]
        while let last = slice.last, SkipRules.isSpace(last) { slice = slice.dropLast() }
        return Array(slice)
    }

    private static func isBlank(_ bytes: [UInt8], from start: Int, to end: Int) -> Bool {
        start >= end || bytes[start..<end].allSatisfy(SkipRules.isSpace)
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }
}
