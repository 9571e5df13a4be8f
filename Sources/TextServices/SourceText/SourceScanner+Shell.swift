/// Shell here-documents.
extension SourceScanner {
    mutating func scanPossibleHeredoc() {
        guard matches("<<", at: index), !matches("<<<", at: index) else {
            index += 1
            return
        }
        var cursor = index + 2
        var stripTabs = false
        if cursor < bytes.count, bytes[cursor] == ascii("-") { stripTabs = true; cursor += 1 }
        while cursor < bytes.count, bytes[cursor] == 0x20 || bytes[cursor] == 0x09 { cursor += 1 }
        var quoted = false
        var quote: UInt8?
        if cursor < bytes.count, bytes[cursor] == ascii("'") || bytes[cursor] == ascii("\"") {
            quote = bytes[cursor]
            quoted = true
            cursor += 1
        } else if cursor < bytes.count, bytes[cursor] == ascii("\\") {
            quoted = true
            cursor += 1
        }
        let start = cursor
        while cursor < bytes.count, isIdentifierByte(bytes[cursor]) || bytes[cursor] == ascii("-") || bytes[cursor] == ascii(".") {
            cursor += 1
        }
        guard cursor > start else {
            index += 2
            return
        }
        let delimiter = Array(bytes[start..<cursor])
        if let quote, cursor < bytes.count, bytes[cursor] == quote { cursor += 1 }
        pendingHeredocs.append(Heredoc(delimiter: delimiter, stripTabs: stripTabs, interpolates: !quoted))
        index = cursor
    }

    /// Reads the bodies of the here-documents opened on the line just ended; `index` is at the next line.
    mutating func scanHeredocs() {
        let heredocs = pendingHeredocs
        pendingHeredocs = []
        for heredoc in heredocs {
            let bodyStart = index
            var lineStart = index
            var bodyEnd = bytes.count
            var next = bytes.count
            while lineStart < bytes.count {
                let end = lineEnd(from: lineStart)
                var content = lineStart
                if heredoc.stripTabs { while content < end, bytes[content] == 0x09 { content += 1 } }
                var contentEnd = end
                if contentEnd > content, bytes[contentEnd - 1] == 0x0D { contentEnd -= 1 }
                if contentEnd - content == heredoc.delimiter.count, matches(heredoc.delimiter, at: content) {
                    bodyEnd = lineStart
                    next = end
                    break
                }
                lineStart = end + 1
            }
            var hidden: [Range<Int>] = []
            if heredoc.interpolates {
                var cursor = bodyStart
                while cursor < bodyEnd {
                    if bytes[cursor] == ascii("\\") { hidden.append(cursor..<min(cursor + 2, bodyEnd)); cursor += 2; continue }
                    if bytes[cursor] == ascii("$"), let end = dollarExpansionEnd(at: cursor, bracesOnly: false) {
                        hidden.append(cursor..<end)
                        cursor = end
                        continue
                    }
                    cursor += 1
                }
            }
            revealString(bodyStart..<min(bodyEnd, bytes.count), hiding: hidden)
            index = next
        }
    }
}
