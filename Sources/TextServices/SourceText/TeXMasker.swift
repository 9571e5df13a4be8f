/// Hides what in a TeX or LaTeX document is not prose.
///
/// Hidden: command names, the arguments of commands that take labels,
/// keys, file names or lengths (`\ref{}`, `\cite{}`, `\usepackage{}`,
/// `\begin{}`...), optional arguments, math (`$...$`, `$$...$$`, `\(...\)`,
/// `\[...\]`, math environments), verbatim text and `%` comments.
enum TeXMasker {
    static func mask(_ bytes: [UInt8]) -> TextMask {
        var mask = TextMask(bytes: bytes, visible: true)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "%"):
                let end = lineEnd(bytes, from: index)
                mask.hide(index..<end)
                index = end
            case UInt8(ascii: "$"):
                let double = index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "$")
                let delimiter = double ? "$$" : "$"
                let close = findUnescaped(bytes, delimiter, from: index + delimiter.utf8.count) ?? bytes.count
                let end = min(close + delimiter.utf8.count, bytes.count)
                mask.hide(index..<end)
                index = end
            case UInt8(ascii: "\\"):
                index = command(&mask, at: index)
            case UInt8(ascii: "~"):
                mask.hide(index..<index + 1)
                index += 1
            default:
                index += 1
            }
        }
        return mask
    }

    /// Hides a command (and what it governs) at `start`; returns where scanning resumes.
    private static func command(_ mask: inout TextMask, at start: Int) -> Int {
        let bytes = mask.bytes
        var cursor = start + 1
        guard cursor < bytes.count else {
            mask.hide(start..<cursor)
            return cursor
        }
        if !isLetter(bytes[cursor]) {
            // \( \[ open math; \\, \%, \$, \' and other one-character commands.
            if bytes[cursor] == UInt8(ascii: "(") || bytes[cursor] == UInt8(ascii: "[") {
                let close = bytes[cursor] == UInt8(ascii: "(") ? "\\)" : "\\]"
                let end = MarkupMasker.find(bytes, close, from: cursor + 1).map { $0 + 2 } ?? bytes.count
                mask.hide(start..<end)
                return end
            }
            let end = min(cursor + UTF8Validation.sequenceLength(lead: bytes[cursor]), bytes.count)
            mask.hide(start..<end)
            return end
        }
        while cursor < bytes.count, isLetter(bytes[cursor]) { cursor += 1 }
        let name = String(decoding: bytes[start + 1..<cursor], as: UTF8.self)
        mask.hide(start..<cursor)
        if name == "verb", cursor < bytes.count {
            let delimiter = bytes[cursor]
            var end = cursor + 1
            while end < bytes.count, bytes[end] != delimiter, bytes[end] != 0x0A { end += 1 }
            mask.hide(cursor..<min(end + 1, bytes.count))
            return min(end + 1, bytes.count)
        }
        if name == "begin" || name == "end" {
            let argument = braceArgument(bytes, from: cursor)
            guard let argument else { return cursor }
            let environment = String(decoding: bytes[argument.content], as: UTF8.self)
            mask.hide(cursor..<argument.end)
            if name == "begin", hiddenEnvironments.contains(environment) {
                let close = MarkupMasker.find(bytes, "\\end{\(environment)}", from: argument.end) ?? bytes.count
                let end = min(close + "\\end{\(environment)}".utf8.count, bytes.count)
                mask.hide(argument.end..<end)
                return end
            }
            var position = argument.end
            while let optional = bracketArgument(bytes, from: position) {
                mask.hide(position..<optional)
                position = optional
            }
            if name == "begin", let count = environmentArguments[environment] {
                for _ in 0..<count {
                    guard let next = braceArgument(bytes, from: position) else { break }
                    mask.hide(position..<next.end)
                    position = next.end
                }
            }
            return position
        }
        var position = cursor
        // Optional arguments are options, never prose.
        while let optional = bracketArgument(bytes, from: position) {
            mask.hide(position..<optional)
            position = optional
        }
        if let count = hiddenArguments[name] {
            for _ in 0..<count {
                guard let argument = braceArgument(bytes, from: position) else { break }
                mask.hide(position..<argument.end)
                position = argument.end
                while let optional = bracketArgument(bytes, from: position) {
                    mask.hide(position..<optional)
                    position = optional
                }
            }
        }
        return position
    }

    private static func braceArgument(_ bytes: [UInt8], from start: Int) -> (content: Range<Int>, end: Int)? {
        var cursor = start
        while cursor < bytes.count, bytes[cursor] == 0x20 { cursor += 1 }
        guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "{") else { return nil }
        var depth = 0
        var index = cursor
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\\") { index += 2; continue }
            if bytes[index] == UInt8(ascii: "{") { depth += 1 } else if bytes[index] == UInt8(ascii: "}") {
                depth -= 1
                if depth == 0 { return (cursor + 1..<index, index + 1) }
            }
            index += 1
        }
        return (cursor + 1..<bytes.count, bytes.count)
    }

    private static func bracketArgument(_ bytes: [UInt8], from start: Int) -> Int? {
        guard start < bytes.count, bytes[start] == UInt8(ascii: "[") else { return nil }
        var index = start + 1
        while index < bytes.count, bytes[index] != UInt8(ascii: "]"), bytes[index] != 0x0A { index += 1 }
        return index < bytes.count && bytes[index] == UInt8(ascii: "]") ? index + 1 : nil
    }

    private static func findUnescaped(_ bytes: [UInt8], _ needle: String, from start: Int) -> Int? {
        var from = start
        while let found = MarkupMasker.find(bytes, needle, from: from) {
            if found > 0, bytes[found - 1] == UInt8(ascii: "\\") {
                from = found + 1
                continue
            }
            return found
        }
        return nil
    }

    private static func lineEnd(_ bytes: [UInt8], from start: Int) -> Int {
        var index = start
        while index < bytes.count, bytes[index] != 0x0A { index += 1 }
        return index
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: "@")
    }

    /// Commands whose first arguments are labels, keys, file names, colours or lengths.
    static let hiddenArguments: [String: Int] = [
        "cite": 1, "citep": 1, "citet": 1, "nocite": 1, "autocite": 1, "parencite": 1, "textcite": 1, "ref": 1,
        "eqref": 1, "pageref": 1, "autoref": 1, "cref": 1, "Cref": 1, "vref": 1, "label": 1, "usepackage": 1,
        "RequirePackage": 1, "documentclass": 1, "input": 1, "include": 1, "includeonly": 1, "includegraphics": 1,
        "url": 1, "href": 1, "hypersetup": 1, "bibliography": 1, "bibliographystyle": 1, "addbibresource": 1,
        "newcommand": 2, "renewcommand": 2, "providecommand": 2, "newenvironment": 3, "renewenvironment": 3,
        "setlength": 2, "addtolength": 2, "setcounter": 2, "addtocounter": 2, "stepcounter": 1, "newcounter": 1,
        "hspace": 1, "vspace": 1, "color": 1, "textcolor": 1, "colorbox": 1, "fcolorbox": 2, "pagecolor": 1,
        "definecolor": 3, "pagestyle": 1, "thispagestyle": 1, "pagenumbering": 1, "selectlanguage": 1,
        "hyphenation": 1, "bibitem": 1, "newtheorem": 2, "DeclareMathOperator": 2, "graphicspath": 1,
        "lstinputlisting": 1, "inputminted": 2, "mintinline": 2, "lstinline": 1, "texttt": 1, "path": 1,
        "settowidth": 2, "rule": 2, "enlargethispage": 1, "geometry": 1,
    ]

    static let hiddenEnvironments: Set<String> = [
        "math", "displaymath", "equation", "equation*", "align", "align*", "alignat", "alignat*", "gather", "gather*",
        "multline", "multline*", "flalign", "flalign*", "eqnarray", "eqnarray*", "verbatim", "verbatim*", "Verbatim",
        "lstlisting", "minted", "comment", "tikzpicture", "filecontents", "filecontents*",
    ]

    /// Environments whose first arguments are specifications (column layouts, widths).
    static let environmentArguments: [String: Int] = [
        "tabular": 1, "tabular*": 2, "tabularx": 2, "longtable": 1, "minipage": 1, "thebibliography": 1, "multicols": 1,
        "wrapfigure": 2,
    ]
}
