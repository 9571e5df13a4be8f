/// Splits identifiers such as `camelCase`, `HTTPServer`, `snake_case` and `parse2Words` into their words.
public enum IdentifierSplitter {
    /// The words of an identifier, with byte ranges relative to its start; empty when it is a single word.
    ///
    /// Boundaries fall between a lower-case and an upper-case letter
    /// (`camel|Case`), before the last capital of a run that a lower-case
    /// letter follows (`HTTP|Server`), around digits (dropped) and at
    /// underscores (dropped). A capitalised or all-capital word is one word.
    public static func parts(of identifier: String) -> [(range: Range<Int>, word: String)] {
        if isOneASCIIWord(identifier) { return [] }
        enum Kind { case upper, lower, digit, separator }
        var scalars: [(offset: Int, width: Int, kind: Kind)] = []
        var offset = 0
        for scalar in identifier.unicodeScalars {
            let width = UTF8.width(scalar)
            let kind: Kind
            // ASCII is classified by its value: Unicode's property tables cost a tenth of a repository's check.
            if scalar.isASCII {
                switch scalar.value {
                case 0x5F, 0x2D, 0x2E: kind = .separator
                case 0x30...0x39: kind = .digit
                case 0x41...0x5A: kind = .upper
                default: kind = .lower
                }
                scalars.append((offset, width, kind))
                offset += width
                continue
            }
            let properties = scalar.properties
            if properties.numericType != nil, properties.generalCategory == .decimalNumber {
                kind = .digit
            } else if properties.isUppercase || properties.generalCategory == .titlecaseLetter {
                kind = .upper
            } else {
                kind = .lower
            }
            scalars.append((offset, width, kind))
            offset += width
        }
        let bytes = Array(identifier.utf8)
        var parts: [(range: Range<Int>, word: String)] = []
        var start: Int?
        func close(at end: Int) {
            if let begin = start, begin < end {
                parts.append((begin..<end, String(decoding: bytes[begin..<end], as: UTF8.self)))
            }
            start = nil
        }
        for (index, scalar) in scalars.enumerated() {
            switch scalar.kind {
            case .separator, .digit:
                close(at: scalar.offset)
            case .upper:
                if let begin = start, index > 0 {
                    let previous = scalars[index - 1].kind
                    let nextIsLower = index + 1 < scalars.count && scalars[index + 1].kind == .lower
                    if previous == .lower || (previous == .upper && nextIsLower && scalars[index - 1].offset > begin) {
                        close(at: scalar.offset)
                    }
                }
                if start == nil { start = scalar.offset }
            case .lower:
                if start == nil { start = scalar.offset }
            }
        }
        close(at: offset)
        return parts.count > 1 ? parts : []
    }

    /// Whether an identifier is ASCII letters that no rule splits: all lower case, all capitals, or one capital
    /// and then lower case (most words a checker rejects), so that `parts(of:)` needs no scalar table.
    private static func isOneASCIIWord(_ identifier: String) -> Bool {
        var utf8 = identifier.utf8.makeIterator()
        guard let first = utf8.next(), (first | 0x20) &- 0x61 < 26 else { return false }
        var lower = false, upper = false
        while let byte = utf8.next() {
            if byte &- 0x61 < 26 {
                lower = true
            } else if byte &- 0x41 < 26 {
                upper = true
            } else {
                return false
            }
        }
        return !(lower && upper) && !(upper && first &- 0x61 < 26)
    }
}
