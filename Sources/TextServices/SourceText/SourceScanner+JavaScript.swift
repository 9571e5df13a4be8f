/// JavaScript's regular-expression literals, told apart from division.
extension SourceScanner {
    mutating func scanPossibleRegex() {
        guard regexAllowed(before: index) else {
            index += 1
            return
        }
        var cursor = index + 1
        var inClass = false
        while cursor < bytes.count {
            let byte = bytes[cursor]
            if byte == ascii("\n") { break }
            if byte == ascii("\\") { cursor += 2; continue }
            if byte == ascii("[") { inClass = true } else if byte == ascii("]") { inClass = false } else if byte == ascii("/"), !inClass {
                cursor += 1
                while cursor < bytes.count, isIdentifierByte(bytes[cursor]) { cursor += 1 }
                index = cursor
                return
            }
            cursor += 1
        }
        index += 1
    }

    func regexAllowed(before position: Int) -> Bool {
        var cursor = position - 1
        while cursor >= 0, bytes[cursor] == 0x20 || bytes[cursor] == 0x09 { cursor -= 1 }
        guard cursor >= 0 else { return true }
        let previous = bytes[cursor]
        if Array("(,=:[!&|?{};+-*%<>~^\n".utf8).contains(previous) { return true }
        guard isIdentifierByte(previous) else { return false }
        var start = cursor
        while start > 0, isIdentifierByte(bytes[start - 1]) { start -= 1 }
        let word = String(decoding: bytes[start...cursor], as: UTF8.self)
        return ["return", "typeof", "case", "do", "else", "in", "of", "new", "delete", "void", "throw", "yield", "await"]
            .contains(word)
    }
}
