/// The text of an HTML fragment, as pasting it into plain text should give it.
///
/// Not a full HTML parser: it reads tags, comments and character references
/// well enough for what browsers and office programs put on a clipboard.
/// Tags are dropped; block elements (`p`, `div`, `li`, `tr`, headings...)
/// and `br` end lines; white space is collapsed as a browser renders it,
/// except inside `pre`; `script`, `style`, `head` and `title` are dropped
/// with their content; named references for the common characters and
/// every numeric reference are decoded. Pure function; thread-safe.
public enum HTMLText {
    /// Elements whose start or end breaks the line.
    private static let blocks: Set<String> = [
        "address", "article", "aside", "blockquote", "dd", "div", "dl", "dt", "figcaption", "figure", "footer",
        "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "li", "main", "nav", "ol", "p", "pre",
        "section", "table", "tbody", "thead", "tfoot", "tr", "ul",
    ]
    /// Elements dropped with everything inside them.
    private static let hidden: Set<String> = ["script", "style", "head", "title", "template", "noscript"]
    /// Cells: separated by a tab.
    private static let cells: Set<String> = ["td", "th"]

    private static let namedReferences: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}", "shy": "\u{AD}",
        "ndash": "\u{2013}", "mdash": "\u{2014}", "hellip": "\u{2026}", "lsquo": "\u{2018}", "rsquo": "\u{2019}",
        "ldquo": "\u{201C}", "rdquo": "\u{201D}", "laquo": "\u{AB}", "raquo": "\u{BB}", "bull": "\u{2022}",
        "middot": "\u{B7}", "copy": "\u{A9}", "reg": "\u{AE}", "trade": "\u{2122}", "deg": "\u{B0}",
        "euro": "\u{20AC}", "pound": "\u{A3}", "yen": "\u{A5}", "cent": "\u{A2}", "sect": "\u{A7}",
        "para": "\u{B6}", "times": "\u{D7}", "divide": "\u{F7}", "plusmn": "\u{B1}", "minus": "\u{2212}",
        "larr": "\u{2190}", "rarr": "\u{2192}", "uarr": "\u{2191}", "darr": "\u{2193}", "zwj": "\u{200D}",
        "zwnj": "\u{200C}", "ensp": "\u{2002}", "emsp": "\u{2003}", "thinsp": "\u{2009}",
    ]

    /// The text of `html`, with lines joined by `\n` and no blank lines at either end.
    public static func plainText(of html: String) -> String {
        var output = Output()
        let scalars = Array(html.unicodeScalars)
        var index = 0
        var hiddenUntil: String?
        var preformatted = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "<" {
                if starts(with: "<!--", in: scalars, at: index) {
                    index = find("-->", in: scalars, from: index + 4).map { $0 + 3 } ?? scalars.count
                    continue
                }
                guard let tag = readTag(scalars, at: index) else {
                    if hiddenUntil == nil { output.append(scalar, preformatted: preformatted > 0) }
                    index += 1
                    continue
                }
                index = tag.end
                if let hidden = hiddenUntil {
                    if tag.isEnd, tag.name == hidden { hiddenUntil = nil }
                    continue
                }
                if !tag.isEnd, !tag.selfClosing, Self.hidden.contains(tag.name) {
                    hiddenUntil = tag.name
                    continue
                }
                if tag.name == "br" {
                    output.lineBreak(force: true)
                } else if blocks.contains(tag.name) {
                    output.lineBreak(force: false)
                    if tag.name == "pre" { preformatted = max(0, preformatted + (tag.isEnd ? -1 : 1)) }
                } else if cells.contains(tag.name), !tag.isEnd {
                    output.cell()
                }
                continue
            }
            if hiddenUntil != nil {
                index += 1
                continue
            }
            if scalar == "&", let (decoded, end) = readReference(scalars, at: index) {
                for character in decoded.unicodeScalars { output.append(character, preformatted: preformatted > 0, literal: true) }
                index = end
                continue
            }
            output.append(scalar, preformatted: preformatted > 0)
            index += 1
        }
        return output.finished()
    }

    /// The text being built: lines, and white space pending until the next visible character.
    private struct Output {
        var lines: [String] = [""]
        var pendingSpace = false

        mutating func append(_ scalar: Unicode.Scalar, preformatted: Bool, literal: Bool = false) {
            if preformatted {
                if scalar == "\n" { lines.append("") } else if scalar != "\r" { lines[lines.count - 1].unicodeScalars.append(scalar) }
                return
            }
            // A decoded no-break space is kept, but rendered white space collapses.
            if !literal, scalar.properties.isWhitespace {
                pendingSpace = true
                return
            }
            if pendingSpace, !lines[lines.count - 1].isEmpty { lines[lines.count - 1].append(" ") }
            pendingSpace = false
            lines[lines.count - 1].unicodeScalars.append(scalar == "\u{A0}" ? " " : scalar)
        }

        /// Ends the line; a block boundary does not add an empty line, `<br>` does.
        mutating func lineBreak(force: Bool) {
            pendingSpace = false
            if force || !lines[lines.count - 1].isEmpty { lines.append("") }
        }

        mutating func cell() {
            if !lines[lines.count - 1].isEmpty { lines[lines.count - 1].append("\t") }
            pendingSpace = false
        }

        func finished() -> String {
            var trimmed = lines.map { line in
                var line = Substring(line)
                while line.last == " " || line.last == "\t" { line.removeLast() }
                return String(line)
            }
            while trimmed.first?.isEmpty == true { trimmed.removeFirst() }
            while trimmed.last?.isEmpty == true { trimmed.removeLast() }
            return trimmed.joined(separator: "\n")
        }
    }

    private struct Tag {
        var name: String
        var isEnd: Bool
        var selfClosing: Bool
        /// The index just after the tag's `>`.
        var end: Int
    }

    /// The tag starting at `index` (a `<`), or nil when it is not one (a lone `<` is text).
    private static func readTag(_ scalars: [Unicode.Scalar], at index: Int) -> Tag? {
        var position = index + 1
        var isEnd = false
        if position < scalars.count, scalars[position] == "/" {
            isEnd = true
            position += 1
        }
        // `<!DOCTYPE ...>` and `<?xml ...?>` are tags without a name that matters.
        let declaration = position < scalars.count && (scalars[position] == "!" || scalars[position] == "?")
        guard position < scalars.count, declaration || scalars[position].properties.isAlphabetic else { return nil }
        var name = ""
        while position < scalars.count, !declaration,
              scalars[position].properties.isAlphabetic || ("0"..."9").contains(scalars[position]) || scalars[position] == "-" {
            name.unicodeScalars.append(scalars[position])
            position += 1
        }
        // Skip attributes, minding quotes, up to the closing `>`.
        var quote: Unicode.Scalar?
        while position < scalars.count {
            let scalar = scalars[position]
            if let open = quote {
                if scalar == open { quote = nil }
            } else if scalar == "\"" || scalar == "'" {
                quote = scalar
            } else if scalar == ">" {
                let selfClosing = position > index && scalars[position - 1] == "/"
                return Tag(name: name.lowercased(), isEnd: isEnd, selfClosing: selfClosing, end: position + 1)
            }
            position += 1
        }
        return Tag(name: name.lowercased(), isEnd: isEnd, selfClosing: false, end: scalars.count)
    }

    /// The character reference starting at `index` (an `&`) and the index after it, or nil when it is not one.
    private static func readReference(_ scalars: [Unicode.Scalar], at index: Int) -> (String, Int)? {
        var position = index + 1
        var body = ""
        while position < scalars.count, position - index <= 32, scalars[position] != ";" {
            let scalar = scalars[position]
            guard scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "#" else { return nil }
            body.unicodeScalars.append(scalar)
            position += 1
        }
        guard position < scalars.count, scalars[position] == ";", !body.isEmpty else { return nil }
        if body.hasPrefix("#") {
            let digits = body.dropFirst()
            let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits)
            guard let value, let decoded = Unicode.Scalar(value), value != 0 else { return nil }
            return (String(decoded), position + 1)
        }
        guard let decoded = namedReferences[body] ?? namedReferences[body.lowercased()] else { return nil }
        return (decoded, position + 1)
    }

    private static func starts(with prefix: String, in scalars: [Unicode.Scalar], at index: Int) -> Bool {
        var position = index
        for wanted in prefix.unicodeScalars {
            guard position < scalars.count, scalars[position] == wanted else { return false }
            position += 1
        }
        return true
    }

    private static func find(_ needle: String, in scalars: [Unicode.Scalar], from start: Int) -> Int? {
        var index = start
        while index < scalars.count {
            if starts(with: needle, in: scalars, at: index) { return index }
            index += 1
        }
        return nil
    }
}
