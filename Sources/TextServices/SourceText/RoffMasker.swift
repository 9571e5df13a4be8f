/// Hides what in a roff document (a manual page in man(7) or mdoc(7)) is not prose.
///
/// Hidden: escape sequences (`\fB`, `\(em`, `\*[name]`, `\s-1`, `\h'2n'`...)
/// and comments (`.\"`, `\"`, `\#`); options written with escaped hyphens,
/// with their values (`\-\-bind=\fIKEYS\fR`, `\-x`); request and macro
/// names; the whole line of a request or macro that holds no prose (`.TH`,
/// `.so`, `.UR`, unknown macros); mdoc's name, path, flag and argument
/// macros with their arguments (`Fl`, `Ar`, `Pa`, `Xr`, `Nm`...);
/// no-fill and example blocks (`.nf`…`.fi`, `.EX`…`.EE`, `.Bd -literal`…
/// `.Ed`), macro definitions and ignored blocks (`.de`, `.ig` … `..`),
/// eqn and pic blocks, and a table's format lines. Text lines, the text
/// of prose macros (`.SH`, `.B`, `.IR`, `.IP`, mdoc's `Nd`, `Em`, `Dq`...)
/// and table cells stay visible. Works line by line; never fails on malformed input.
enum RoffMasker {
    /// man(7) macros whose arguments are text to check.
    static let proseMacros: Set<String> = [
        "SH", "SS", "B", "I", "SM", "SB", "BR", "BI", "IB", "IR", "RB", "RI", "IP", "HP", "TQ", "NH", "LP", "PP", "P",
    ]

    /// man(7) macros that set their arguments in alternating fonts (`.BI "\-\-bind=" KEYS`).
    static let alternatingMacros: Set<String> = ["BI", "IB", "BR", "RB", "IR", "RI"]

    /// mdoc(7) macros whose arguments are text to check (also when called inside a line).
    static let mdocProse: Set<String> = [
        "Nd", "Sh", "Ss", "Em", "Sy", "Dq", "Do", "Dc", "Qq", "Qo", "Qc", "Sq", "So", "Sc", "Pq", "Po", "Pc", "Bq",
        "Bo", "Bc", "Brq", "Aq", "Op", "It", "No", "D1", "Sx", "%T", "%J", "%B",
    ]

    /// mdoc(7) macros whose arguments are names, flags, paths or layout, not text.
    static let mdocCode: Set<String> = [
        "Ad", "An", "Ar", "At", "Bd", "Bf", "Bk", "Bl", "Bsx", "Bx", "Cd", "Cm", "Dd", "Dl", "Dt", "Dv", "Dx", "Ed",
        "Ef", "Ek", "El", "Er", "Ev", "Ex", "Fa", "Fc", "Fd", "Fl", "Fn", "Fo", "Ft", "Fx", "Ic", "In", "Lb", "Li",
        "Lk", "Lp", "Ms", "Mt", "Nm", "Ns", "Nx", "Oc", "Oo", "Os", "Ot", "Ox", "Pa", "Pp", "Ql", "Rs", "Re", "Rv",
        "Sm", "St", "Tn", "Ux", "Va", "Vt", "Xr", "%A", "%D", "%I", "%N", "%O", "%P", "%Q", "%R", "%U", "%V",
    ]

    static func mask(_ bytes: [UInt8]) -> TextMask {
        var mask = TextMask(bytes: bytes, visible: true)
        var closer: String?
        var tableFormat = false
        for line in LineSplitter.lines(bytes) {
            if let expected = closer {
                mask.hide(line)
                if let request = request(bytes, line), request.name == expected { closer = nil }
                continue
            }
            if tableFormat {
                // A table's options and format lines run to the first line that ends in a period.
                mask.hide(line)
                if lastNonBlank(bytes, line) == UInt8(ascii: ".") { tableFormat = false }
                continue
            }
            guard let request = request(bytes, line) else {
                hideTableMarkers(bytes, line, into: &mask)
                maskEscapes(bytes, line, into: &mask)
                continue
            }
            let name = request.name
            switch name {
            case "de", "de1", "am", "ig":
                mask.hide(line)
                let terminator = arguments(bytes, request.arguments).first.map { String(decoding: bytes[$0], as: UTF8.self) } ?? ""
                closer = name == "ig" && !terminator.isEmpty ? terminator : "."
            case "nf": mask.hide(line); closer = "fi"
            case "EX": mask.hide(line); closer = "EE"
            case "EQ": mask.hide(line); closer = "EN"
            case "PS": mask.hide(line); closer = "PE"
            case "TS": mask.hide(line); tableFormat = true
            case "Bd":
                mask.hide(line)
                let options = String(decoding: bytes[request.arguments], as: UTF8.self)
                if options.contains("-literal") || options.contains("-unfilled") { closer = "Ed" }
            default:
                if proseMacros.contains(name) {
                    mask.hide(line.lowerBound..<request.arguments.lowerBound)
                    maskEscapes(bytes, request.arguments, into: &mask)
                    hideLiteralArguments(bytes, request.arguments, macro: name, into: &mask)
                } else if mdocProse.contains(name) || mdocCode.contains(name) {
                    mask.hide(line.lowerBound..<request.arguments.lowerBound)
                    maskMdocArguments(bytes, request.arguments, prose: mdocProse.contains(name), into: &mask)
                } else {
                    mask.hide(line)
                }
            }
        }
        return mask
    }

    /// A control line's request or macro name and the range of its arguments; nil for a text line.
    ///
    /// A comment line (`.\"`) has the name `\"`; the line `..` has the name `.`.
    private static func request(_ bytes: [UInt8], _ line: Range<Int>) -> (name: String, arguments: Range<Int>)? {
        guard !line.isEmpty, bytes[line.lowerBound] == UInt8(ascii: ".") || bytes[line.lowerBound] == UInt8(ascii: "'")
        else { return nil }
        var start = line.lowerBound + 1
        while start < line.upperBound, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        var end = start
        if end + 1 < line.upperBound, bytes[end] == UInt8(ascii: "\\") {
            end += 2
        } else {
            while end < line.upperBound, bytes[end] != 0x20, bytes[end] != 0x09, bytes[end] != UInt8(ascii: "\\") { end += 1 }
        }
        let name = String(decoding: bytes[start..<end], as: UTF8.self)
        var arguments = end
        while arguments < line.upperBound, bytes[arguments] == 0x20 || bytes[arguments] == 0x09 { arguments += 1 }
        return (name, arguments..<line.upperBound)
    }

    private static func lastNonBlank(_ bytes: [UInt8], _ line: Range<Int>) -> UInt8? {
        var index = line.upperBound
        while index > line.lowerBound {
            index -= 1
            if bytes[index] != 0x20, bytes[index] != 0x09, bytes[index] != 0x0D { return bytes[index] }
        }
        return nil
    }

    /// Hides the words a macro sets in bold or italics alone, and an option's value after `=`.
    ///
    /// Manual pages keep bold and italics for literals: commands, options, file names, values and placeholders
    /// (`.B fzf`, `.BR ls (1)`, `.BI "\-\-bind=" KEYS`). A quoted argument of several words stays visible.
    private static func hideLiteralArguments(_ bytes: [UInt8], _ range: Range<Int>, macro: String, into mask: inout TextMask) {
        let tokens = arguments(bytes, range)
        let fonts = Array(macro.utf8)
        let alternating = alternatingMacros.contains(macro)
        guard alternating || ((macro == "B" || macro == "I" || macro == "SB") && tokens.count == 1) else { return }
        var afterOption = false
        for (position, token) in tokens.enumerated() {
            let font = alternating ? fonts[position % 2] : fonts[fonts.count - 1]
            let literal = (font == UInt8(ascii: "B") || font == UInt8(ascii: "I")) && !token.contains { bytes[$0] == 0x20 }
            if literal || afterOption { mask.hide(token) }
            var last = token.upperBound - 1
            if last > token.lowerBound, bytes[last] == UInt8(ascii: "\"") { last -= 1 }
            afterOption = bytes[last] == UInt8(ascii: "=")
        }
    }

    /// The arguments of a control line: words, or quoted strings with their quotes.
    private static func arguments(_ bytes: [UInt8], _ range: Range<Int>) -> [Range<Int>] {
        var tokens: [Range<Int>] = []
        var index = range.lowerBound
        while index < range.upperBound {
            while index < range.upperBound, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
            let start = index
            if index < range.upperBound, bytes[index] == UInt8(ascii: "\"") {
                index += 1
                while index < range.upperBound, bytes[index] != UInt8(ascii: "\"") { index += 1 }
                index = min(index + 1, range.upperBound)
            } else {
                while index < range.upperBound, bytes[index] != 0x20, bytes[index] != 0x09 { index += 1 }
            }
            if start < index { tokens.append(start..<index) }
        }
        return tokens
    }

    /// Hides tbl's text-block markers (`T{` opening a cell, `T}` closing one).
    private static func hideTableMarkers(_ bytes: [UInt8], _ line: Range<Int>, into mask: inout TextMask) {
        var index = line.lowerBound
        while index + 1 < line.upperBound {
            if bytes[index] == UInt8(ascii: "T"), bytes[index + 1] == UInt8(ascii: "{") || bytes[index + 1] == UInt8(ascii: "}"),
               index == line.lowerBound || bytes[index - 1] == 0x09 {
                mask.hide(index..<index + 2)
            }
            index += 1
        }
    }

    /// Hides the arguments of mdoc's code macros, called at the line's start or inside it; text after a prose macro stays.
    private static func maskMdocArguments(_ bytes: [UInt8], _ range: Range<Int>, prose: Bool, into mask: inout TextMask) {
        var showing = prose
        for token in arguments(bytes, range) {
            let name = String(decoding: bytes[token], as: UTF8.self)
            if mdocProse.contains(name) || mdocCode.contains(name) {
                mask.hide(token)
                showing = mdocProse.contains(name)
            } else if showing {
                maskEscapes(bytes, token, into: &mask)
            } else {
                mask.hide(token)
            }
        }
    }

    /// Hides the escape sequences in a range of text, and options written with escaped hyphens.
    static func maskEscapes(_ bytes: [UInt8], _ range: Range<Int>, into mask: inout TextMask) {
        var index = range.lowerBound
        // Whether the last thing printed was part of a word, so that `\-` there is a hyphen, not an option's dash.
        var inWord = false
        // Where a run in bold or italics began, and whether it holds a blank between two words: one word so set
        // (trailing blanks aside) is a literal.
        var literalStart: Int?
        var literalHasBlank = false, literalWords = false, literalTrailingBlank = false
        while index < range.upperBound {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "\\") else {
                inWord = isWordByte(byte)
                if byte == 0x20 || byte == 0x09 {
                    literalTrailingBlank = literalWords
                } else {
                    if literalTrailingBlank { literalHasBlank = true }
                    literalWords = true
                }
                index += 1
                continue
            }
            guard index + 1 < range.upperBound else {
                mask.hide(index..<index + 1)
                return
            }
            let kind = bytes[index + 1]
            var end = index + 2
            switch kind {
            case UInt8(ascii: "\""), UInt8(ascii: "#"):
                mask.hide(index..<range.upperBound)
                return
            case UInt8(ascii: "-"):
                var dashes = index
                while dashes + 1 < range.upperBound, bytes[dashes] == UInt8(ascii: "\\"), bytes[dashes + 1] == UInt8(ascii: "-") {
                    dashes += 2
                }
                if !inWord, dashes < range.upperBound, isAlphanumeric(bytes[dashes]) {
                    // An option (`\-\-bind`, `\-x`) with whatever is glued to it (`=\fIKEYS\fR`).
                    end = dashes
                    while end < range.upperBound, bytes[end] != 0x20, bytes[end] != 0x09 { end += 1 }
                    inWord = false
                } else {
                    end = index + 2
                    inWord = false
                }
            case UInt8(ascii: "f"), UInt8(ascii: "F"), UInt8(ascii: "m"), UInt8(ascii: "M"), UInt8(ascii: "*"),
                 UInt8(ascii: "n"), UInt8(ascii: "g"), UInt8(ascii: "k"), UInt8(ascii: "Y"), UInt8(ascii: "V"),
                 UInt8(ascii: "$"):
                var cursor = index + 2
                if kind == UInt8(ascii: "n"), cursor < range.upperBound,
                   bytes[cursor] == UInt8(ascii: "+") || bytes[cursor] == UInt8(ascii: "-") { cursor += 1 }
                end = nameEnd(bytes, from: cursor, limit: range.upperBound)
                if kind == UInt8(ascii: "f") {
                    if let start = literalStart, !literalHasBlank { mask.hide(start..<index) }
                    literalStart = isLiteralFont(bytes[cursor..<end]) ? end : nil
                    literalHasBlank = false
                    literalWords = false
                    literalTrailingBlank = false
                }
            case UInt8(ascii: "s"):
                var cursor = index + 2
                if cursor < range.upperBound, bytes[cursor] == UInt8(ascii: "+") || bytes[cursor] == UInt8(ascii: "-") {
                    cursor += 1
                }
                if cursor < range.upperBound, bytes[cursor] == UInt8(ascii: "(") || bytes[cursor] == UInt8(ascii: "[")
                    || bytes[cursor] == UInt8(ascii: "'") {
                    end = nameEnd(bytes, from: cursor, limit: range.upperBound)
                } else {
                    end = cursor
                    while end < range.upperBound, end < cursor + 2, bytes[end] >= 0x30, bytes[end] <= 0x39 { end += 1 }
                }
            case UInt8(ascii: "("), UInt8(ascii: "["):
                end = nameEnd(bytes, from: index + 1, limit: range.upperBound)
                inWord = false
            case UInt8(ascii: "h"), UInt8(ascii: "v"), UInt8(ascii: "w"), UInt8(ascii: "l"), UInt8(ascii: "L"),
                 UInt8(ascii: "o"), UInt8(ascii: "X"), UInt8(ascii: "Z"), UInt8(ascii: "D"), UInt8(ascii: "b"),
                 UInt8(ascii: "x"), UInt8(ascii: "R"), UInt8(ascii: "N"), UInt8(ascii: "C"), UInt8(ascii: "A"),
                 UInt8(ascii: "B"), UInt8(ascii: "S"), UInt8(ascii: "H"):
                // An escape with a delimited argument: `\h'2n'`, `\w'text'`.
                if index + 2 < range.upperBound {
                    let delimiter = bytes[index + 2]
                    end = index + 3
                    while end < range.upperBound, bytes[end] != delimiter { end += 1 }
                    end = min(end + 1, range.upperBound)
                }
            case UInt8(ascii: "e"), UInt8(ascii: " "), UInt8(ascii: "~"), UInt8(ascii: "0"):
                inWord = false
            default:
                end = min(index + 1 + UTF8Validation.sequenceLength(lead: kind), range.upperBound)
            }
            mask.hide(index..<end)
            index = end
        }
    }

    /// The end of an escape's name argument at `start`: `(xx`, `[name]`, or one character.
    private static func nameEnd(_ bytes: [UInt8], from start: Int, limit: Int) -> Int {
        guard start < limit else { return limit }
        switch bytes[start] {
        case UInt8(ascii: "("): return min(start + 3, limit)
        case UInt8(ascii: "["):
            var end = start + 1
            while end < limit, bytes[end] != UInt8(ascii: "]") { end += 1 }
            return min(end + 1, limit)
        case UInt8(ascii: "'"):
            var end = start + 1
            while end < limit, bytes[end] != UInt8(ascii: "'") { end += 1 }
            return min(end + 1, limit)
        default: return min(start + UTF8Validation.sequenceLength(lead: bytes[start]), limit)
        }
    }

    /// Whether a font name (`B`, `(CW`, `[BI]`) is bold, italic or constant width, which manual pages use for literals.
    private static func isLiteralFont(_ name: ArraySlice<UInt8>) -> Bool {
        let letters = name.filter { $0 != UInt8(ascii: "(") && $0 != UInt8(ascii: "[") && $0 != UInt8(ascii: "]") }
        guard let first = letters.first else { return false }
        return first == UInt8(ascii: "B") || first == UInt8(ascii: "I") || first == UInt8(ascii: "C")
            || first == UInt8(ascii: "2") || first == UInt8(ascii: "3") || first == UInt8(ascii: "4")
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte &- UInt8(ascii: "0") < 10
    }

    private static func isWordByte(_ byte: UInt8) -> Bool { isAlphanumeric(byte) || byte >= 0x80 }
}
