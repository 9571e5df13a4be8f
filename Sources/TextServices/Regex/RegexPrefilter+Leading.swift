extension RegexPrefilter {
    /// The bytes every match of a pattern starts with; nil when the scan cannot tell or there are none.
    ///
    /// Only for patterns without `comments`: with `literal`, the whole
    /// pattern; otherwise the plain characters and escaped symbols (`\(`,
    /// `\.`) at its start, up to the first other construct or the character
    /// a quantifier applies to. A pattern with a top-level `|`, an inline
    /// flag group, `\G` or a group or set the scan cannot close gives nil. A
    /// match can then start only where these bytes occur, so a search may
    /// look for them (`memmem`) and try the pattern only there. With
    /// `caseInsensitive` the bytes are ASCII in lower case (the literal stops
    /// before its first character outside ASCII), and a match starts where
    /// they occur regardless of ASCII case only in text that holds none of
    /// their letters' `foldingScalars` (ICU folds `ſ` to `s`, `K` to `k`).
    public static func leadingLiteral(pattern: String, options: RegexOptions) -> [UInt8]? {
        if options.contains(.comments) { return nil }
        let caseInsensitive = options.contains(.caseInsensitive)
        if options.contains(.literal) {
            let bytes = caseInsensitive ? Array(pattern.utf8.prefix { $0 < 0x80 }.map(lowered)) : Array(pattern.utf8)
            return bytes.isEmpty ? nil : bytes
        }
        let scalars = Array(pattern.unicodeScalars)
        guard hasNoTopLevelAlternative(scalars) else { return nil }
        let special: Set<Unicode.Scalar> = ["\\", "^", "$", ".", "|", "?", "*", "+", "(", ")", "[", "]", "{", "}"]
        let quantifiers: Set<Unicode.Scalar> = ["?", "*", "+", "{"]
        var literal: [UInt8] = []
        var index = 0
        while index < scalars.count {
            var scalar = scalars[index]
            var width = 1
            if scalar == "\\" {
                guard index + 1 < scalars.count else { break }
                let next = scalars[index + 1]
                // An escaped ASCII symbol stands for itself; letters and digits are constructs.
                guard next.isASCII, !next.properties.isAlphabetic, !("0"..."9").contains(next) else { break }
                scalar = next
                width = 2
            } else if special.contains(scalar) {
                break
            }
            if index + width < scalars.count, quantifiers.contains(scalars[index + width]) { break }
            if caseInsensitive {
                guard scalar.isASCII else { break }
                literal.append(lowered(UInt8(scalar.value)))
                index += width
                continue
            }
            literal += Array(String(scalar).utf8)
            index += width
        }
        return literal.isEmpty ? nil : literal
    }

    /// Whether no `|` of the pattern stands outside every group and set, and the scan understands it.
    ///
    /// False for an inline flag group (`(?i)`, `(?x)`: a later `#` could
    /// start a comment), `\G`, or a group or set that is not closed.
    private static func hasNoTopLevelAlternative(_ scalars: [Unicode.Scalar]) -> Bool {
        var index = 0
        var depth = 0
        while index < scalars.count {
            switch scalars[index] {
            case "\\":
                guard index + 1 < scalars.count else { return false }
                let next = scalars[index + 1]
                if next == "G" { return false }
                if next == "Q" {
                    index += 2
                    while index < scalars.count, !(scalars[index] == "\\" && index + 1 < scalars.count && scalars[index + 1] == "E") {
                        index += 1
                    }
                }
                index += 2
                continue
            case "[":
                guard let end = setEnd(scalars, from: index) else { return false }
                index = end
                continue
            case "(":
                if index + 1 < scalars.count, scalars[index + 1] == "?" {
                    guard index + 2 < scalars.count, [":", "=", "!", ">", "<"].contains(scalars[index + 2]) else { return false }
                }
                depth += 1
            case ")":
                depth -= 1
                if depth < 0 { return false }
            case "|":
                if depth == 0 { return false }
            default:
                break
            }
            index += 1
        }
        return depth == 0
    }

    /// The index after the set starting at `start` (sets nest in ICU), nil when it is not closed.
    ///
    /// `Parser.skipClass` skips it, so both read a set the same way (`\Q...\E` inside it included).
    private static func setEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        var parser = Parser(scalars: scalars, caseInsensitive: false)
        parser.index = start
        return parser.skipClass() ? parser.index : nil
    }
}
