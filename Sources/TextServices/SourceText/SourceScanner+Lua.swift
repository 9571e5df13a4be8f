/// Lua's long brackets: `[[...]]`, `[==[...]==]` and long comments.
extension SourceScanner {
    /// For `[[`, `[=[`, `[==[`...: the number of `=`; nil when `position` starts no long bracket.
    func longBracketLevel(at position: Int) -> Int? {
        guard position < bytes.count, bytes[position] == ascii("[") else { return nil }
        var cursor = position + 1
        var level = 0
        while cursor < bytes.count, bytes[cursor] == ascii("=") { level += 1; cursor += 1 }
        return cursor < bytes.count && bytes[cursor] == ascii("[") ? level : nil
    }

    mutating func scanLongBracket(at position: Int, level: Int, isComment: Bool) {
        let start = position + level + 2
        let close = [ascii("]")] + Array(repeating: ascii("="), count: level) + [ascii("]")]
        var cursor = start
        while cursor < bytes.count, !matches(close, at: cursor) { cursor += 1 }
        let content = start..<cursor
        if isComment { revealProse(content) } else { revealString(content, hiding: []) }
        index = min(cursor + close.count, bytes.count)
    }
}
