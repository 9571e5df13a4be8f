import TextServices

/// Splits lines of TeX into words as `hunspell -a` does in TeX mode (after `+`).
///
/// Skips command names, math (`$...$`, `$$...$$`, `\(...\)`, `\[...\]`,
/// math environments), verbatim text, `%` comments, and the arguments of
/// commands that hold labels, keys, file names or lengths. State carries
/// over from line to line (math or an argument may span lines), so use one
/// tokenizer for a whole document. Ranges are byte offsets into each line.
struct IspellTeXTokenizer {
    let rules: IspellTokenRules

    private enum State { case text, word, skipUntilClose, command, arguments, comment }

    /// A construct to skip: its opening text, then either a closing text or a number of `{}` arguments.
    private struct Skip {
        let open: [UInt8]
        let close: [UInt8]?
        let arguments: Int

        init(_ open: String, _ close: String?, _ arguments: Int = 0) {
            self.open = Array(open.utf8)
            self.close = close.map { Array($0.utf8) }
            self.arguments = arguments
        }
    }

    private static let skips: [Skip] = [
        Skip("\\(", "\\)"), Skip("$$", "$$"), Skip("$", "$"), Skip("\\begin{math}", "\\end{math}"), Skip("\\[", "\\]"),
        Skip("\\begin{displaymath}", "\\end{displaymath}"), Skip("\\begin{equation}", "\\end{equation}"),
        Skip("\\begin{equation*}", "\\end{equation*}"), Skip("\\cite", nil, 1), Skip("\\nocite", nil, 1),
        Skip("\\index", nil, 1), Skip("\\label", nil, 1), Skip("\\ref", nil, 1), Skip("\\pageref", nil, 1),
        Skip("\\autoref", nil, 1), Skip("\\parbox", nil, 1), Skip("\\begin{verbatim}", "\\end{verbatim}"),
        Skip("\\verb+", "+"), Skip("\\verb|", "|"), Skip("\\verb#", "#"), Skip("\\verb*", "*"),
        Skip("\\documentstyle", "\\begin{document}"), Skip("\\documentclass", "\\begin{document}"),
        Skip("\\usepackage", nil, 1), Skip("\\includeonly", nil, 1), Skip("\\include", nil, 1), Skip("\\input", nil, 1),
        Skip("\\vspace", nil, 1), Skip("\\setlength", nil, 2), Skip("\\addtolength", nil, 2), Skip("\\settowidth", nil, 2),
        Skip("\\rule", nil, 2), Skip("\\hspace", nil, 1), Skip("\\vspace", nil, 1), Skip("\\\\[", "]"),
        Skip("\\pagebreak[", "]"), Skip("\\nopagebreak[", "]"), Skip("\\enlargethispage", nil, 1),
        Skip("\\begin{tabular}", nil, 1), Skip("\\addcontentsline", nil, 2), Skip("\\begin{thebibliography}", nil, 1),
        Skip("\\bibliography", nil, 1), Skip("\\bibliographystyle", nil, 1), Skip("\\bibitem", nil, 1),
        Skip("\\begin", nil, 1), Skip("\\end", nil, 1), Skip("\\pagestyle", nil, 1), Skip("\\pagenumbering", nil, 1),
        Skip("\\thispagestyle", nil, 1), Skip("\\newtheorem", nil, 2), Skip("\\newcommand", nil, 2),
        Skip("\\renewcommand", nil, 2), Skip("\\setcounter", nil, 2), Skip("\\addtocounter", nil, 1),
        Skip("\\stepcounter", nil, 1), Skip("\\selectlanguage", nil, 1), Skip("\\inputencoding", nil, 1),
        Skip("\\hyphenation", nil, 1), Skip("\\definecolor", nil, 3), Skip("\\color", nil, 1),
        Skip("\\textcolor", nil, 1), Skip("\\pagecolor", nil, 1), Skip("\\colorbox", nil, 2), Skip("\\fcolorbox", nil, 2),
        Skip("\\declaregraphicsextensions", nil, 1), Skip("\\psfig", nil, 1), Skip("\\url", nil, 1),
        Skip("\\eqref", nil, 1), Skip("\\vskip", nil, 1), Skip("\\vglue", nil, 1), Skip("''", nil, 1),
    ]

    private var state = State.text
    private var current = 0
    private var depth = 0
    private var argumentCount = 0
    private var optionalAllowed = true

    init(rules: IspellTokenRules) {
        self.rules = rules
    }

    mutating func tokens(in line: IspellLine) -> [Range<Int>] {
        let urls = rules.urlStarts(line)
        let apostrophesJoin = rules.apostrophesJoin
        let asciiApostropheIsWordCharacter = rules.wordCharacters.contains("'")
        var result: [Range<Int>] = []
        var start = 0
        var head = 0
        var escaped = false
        while true {
            switch state {
            case .text:
                if let found = skip(line, at: head, closing: false) {
                    current = found
                    if Self.skips[found].close != nil {
                        state = .skipUntilClose
                    } else {
                        state = .arguments
                        depth = 0
                        argumentCount = 0
                        optionalAllowed = true
                    }
                    head += Self.skips[found].open.count - 1
                } else if line[head] == UInt8(ascii: "%") {
                    state = .comment
                } else if rules.isWordCharacter(line, at: head) {
                    state = .word
                    start = head
                } else if line[head] == UInt8(ascii: "\\") {
                    let next = line[head + 1]
                    if next == UInt8(ascii: "\\") || next == UInt8(ascii: "$") || next == UInt8(ascii: "%") {
                        head += 1
                    } else {
                        state = .command
                    }
                }
            case .word:
                if apostrophesJoin, line[head] == UInt8(ascii: "'"), rules.isWordCharacter(line, at: head + 1) {
                    head += 1
                } else if asciiApostropheIsWordCharacter, line.starts(with: IspellTokenRules.typographicApostrophe, at: head),
                          rules.isWordCharacter(line, at: head + 3) {
                    head += 2
                } else if !rules.isWordCharacter(line, at: head) {
                    state = .text
                    if let token = rules.token(line, start, head, urls: urls) {
                        // Hunspell returns the token here and resumes at the same place, so the
                        // character that ended the word is read again as text (it may open a command).
                        result.append(token)
                        escaped = false
                        continue
                    }
                }
            case .skipUntilClose:
                if let found = skip(line, at: head, closing: true), Self.skips[found].close == Self.skips[current].close {
                    state = .text
                    head += (Self.skips[current].close?.count ?? 1) - 1
                }
            case .command:
                let byte = line[head]
                let lower = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
                if !(lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z")) {
                    state = .text
                    head -= 1
                }
            case .arguments:
                let byte = line[head]
                if escaped, byte != 0 {
                    escaped = false
                    head += 1
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "{") || (optionalAllowed && byte == UInt8(ascii: "[")) {
                    depth += 1
                    optionalAllowed = false
                } else if byte == UInt8(ascii: "}") {
                    depth -= 1
                    if depth == 0 {
                        optionalAllowed = true
                        argumentCount += 1
                    }
                    if (depth == 0 && argumentCount == Self.skips[current].arguments) || depth < 0 { state = .text }
                } else if byte == UInt8(ascii: "]") {
                    depth -= 1
                }
            case .comment:
                break
            }
            if head < 0 {
                head = 0
                continue
            }
            guard let next = line.next(after: head) else {
                if state == .comment { state = .text }
                break
            }
            head = next
        }
        return result
    }

    /// The first skip whose opening (or closing) text starts at `index`, compared case-insensitively.
    private func skip(_ line: IspellLine, at index: Int, closing: Bool) -> Int? {
        for (number, skip) in Self.skips.enumerated() {
            guard let pattern = closing ? skip.close : skip.open else { continue }
            var matched = true
            for (offset, byte) in pattern.enumerated() {
                let input = line[index + offset]
                let lowered = input >= UInt8(ascii: "A") && input <= UInt8(ascii: "Z") ? input | 0x20 : input
                if lowered != byte { matched = false; break }
            }
            if matched { return number }
        }
        return nil
    }
}
