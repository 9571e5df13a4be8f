/// A replacement template for `regex.replace`, in NSRegularExpression's (ICU's) syntax.
///
/// `$n` inserts group n (the longest run of digits that names an existing
/// group, so with one group `$12` is group 1 then "2"), `${name}` a named
/// group (`${n}` a numbered one), and a backslash makes the next character
/// literal (`\$` a dollar sign, `\\` a backslash); `\uhhhh` and
/// `\Uhhhhhhhh` insert a code point. A group that took no part in a match
/// inserts nothing. Validated against the pattern when built, so expansion
/// cannot fail.
public struct ReplacementTemplate: Sendable {
    enum Piece: Sendable, Equatable {
        case literal([UInt8])
        case group(Int)
    }

    let pieces: [Piece]

    /// Parses a template for a regular expression's groups.
    ///
    /// Throws `.invalidArgument` (`template`) for a `$` that names no group of the
    /// pattern, an unclosed `${`, or a trailing backslash, giving the
    /// offset in scalars.
    public init(_ template: String, for regex: RegularExpression) throws(TextServicesError) {
        let scalars = Array(template.unicodeScalars)
        var pieces: [Piece] = []
        var literal = ""
        func flush() {
            if !literal.isEmpty { pieces.append(.literal(Array(literal.utf8))) }
            literal = ""
        }
        func fail(_ offset: Int, _ reason: String) -> TextServicesError {
            .invalidArgument(argument: "template", reason: "\(reason) (at offset \(offset); write \\$ for a dollar sign)")
        }
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\\" {
                guard index + 1 < scalars.count else { throw fail(index, "ends with a lone backslash") }
                let next = scalars[index + 1]
                if next == "u" || next == "U", let code = Self.hexScalar(scalars, from: index + 2, digits: next == "u" ? 4 : 8) {
                    literal.unicodeScalars.append(code)
                    index += next == "u" ? 6 : 10
                } else {
                    literal.unicodeScalars.append(next)
                    index += 2
                }
                continue
            }
            guard scalar == "$" else {
                literal.unicodeScalars.append(scalar)
                index += 1
                continue
            }
            guard index + 1 < scalars.count else { throw fail(index, "'$' at the end names no group") }
            let next = scalars[index + 1]
            if next == "{" {
                guard let close = scalars[(index + 2)...].firstIndex(of: "}") else { throw fail(index, "'${' is not closed") }
                let name = String(String.UnicodeScalarView(scalars[(index + 2)..<close]))
                let number: Int
                if !name.isEmpty, name.unicodeScalars.allSatisfy({ Self.digitValue($0) != nil }), let value = Int(name) {
                    guard value <= regex.groupCount else { throw fail(index, "group \(value) does not exist") }
                    number = value
                } else if let group = regex.namedGroups.first(where: { $0.name == name }) {
                    number = group.number
                } else {
                    throw fail(index, "no group is named '\(name)'")
                }
                flush()
                pieces.append(.group(number))
                index = close + 1
                continue
            }
            guard let digit = Self.digitValue(next) else { throw fail(index, "'$' must be followed by a group number or {name}") }
            var number = digit
            guard number <= regex.groupCount else { throw fail(index, "group \(number) does not exist") }
            var end = index + 2
            while end < scalars.count, let more = Self.digitValue(scalars[end]), number * 10 + more <= regex.groupCount {
                number = number * 10 + more
                end += 1
            }
            flush()
            pieces.append(.group(number))
            index = end
        }
        flush()
        self.pieces = pieces
    }

    private static func digitValue(_ scalar: Unicode.Scalar) -> Int? {
        ("0"..."9").contains(scalar) ? Int(scalar.value - 0x30) : nil
    }

    private static func hexScalar(_ scalars: [Unicode.Scalar], from start: Int, digits: Int) -> Unicode.Scalar? {
        guard start + digits <= scalars.count else { return nil }
        let hex = String(String.UnicodeScalarView(scalars[start..<start + digits]))
        guard let value = UInt32(hex, radix: 16) else { return nil }
        return Unicode.Scalar(value)
    }

    /// Appends the expansion for one match of the text's bytes.
    func expand(_ match: RegexMatch, in bytes: [UInt8], into output: inout [UInt8]) {
        for piece in pieces {
            switch piece {
            case .literal(let literal): output.append(contentsOf: literal)
            case .group(let number):
                if let range = match.groups[number] { output.append(contentsOf: bytes[range.ints]) }
            }
        }
    }
}
