extension RegularExpression {
    /// The error for a pattern ICU rejected, with the fault's line and byte offset in the pattern.
    static func syntaxError(_ error: RegexCompileError, pattern: String) -> TextServicesError {
        let reason = "\(describe(error.status.status)) (\(error.status))"
        guard error.line >= 1, error.offset >= 0 else {
            return .invalidPattern(offset: nil, line: error.line >= 1 ? error.line : nil, reason: reason)
        }
        // ICU counts lines after CR, LF, CR LF, NEL and U+2028, and the offset in scalars within the line.
        let scalars = Array(pattern.unicodeScalars)
        var index = 0
        var line = 1
        while line < error.line, index < scalars.count {
            let scalar = scalars[index].value
            index += 1
            if scalar == 0x0D, index < scalars.count, scalars[index].value == 0x0A { index += 1 }
            if scalar == 0x0A || scalar == 0x0D || scalar == 0x85 || scalar == 0x2028 { line += 1 }
        }
        let scalarOffset = min(index + error.offset, scalars.count)
        let text = TextBuffer(pattern)
        let byteOffset = text.byteOffset(scalarOffset, in: .utf32) ?? text.fullRange.upperBound
        return .invalidPattern(offset: byteOffset, line: error.line, reason: reason)
    }

    /// What an ICU pattern error means, in words.
    static func describe(_ status: Int32) -> String {
        switch status {
        case 66305: return "syntax error"
        case 66307: return "unknown or malformed backslash escape"
        case 66308: return "malformed Unicode property"
        case 66309: return "unsupported regular expression feature"
        case 66310: return "unbalanced parentheses"
        case 66311: return "number too large"
        case 66312: return "malformed {min,max} interval"
        case 66313: return "in {min,max}, max is less than min"
        case 66314: return "back reference to a group that does not exist"
        case 66315: return "invalid flag"
        case 66316: return "look-behind must have a bounded maximum length"
        case 66317: return "a set cannot contain strings"
        case 66319: return "missing ']' to close a set"
        case 66320: return "character range out of order"
        case 66324: return "pattern too large or complex"
        case 66325: return "invalid or unknown capture group name"
        default: return "invalid pattern"
        }
    }
}
