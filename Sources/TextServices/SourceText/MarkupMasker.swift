/// Hides the tags of an HTML or XML document, leaving its text and comments visible.
///
/// Hidden: tags with their attributes, processing instructions, CDATA
/// sections, `<script>` and `<style>` contents, code elements (`<code>`,
/// `<tt>`, `<kbd>`, `<samp>`, `<var>`), character entities, and the
/// values of configuration files (`values(in:_:)`: Maven's
/// `<groupId>biz.aQute.bnd</groupId>`, `<arg>-Xlint:all</arg>`).
enum MarkupMasker {
    static func mask(_ bytes: [UInt8]) -> TextMask {
        var mask = TextMask(bytes: bytes, visible: true)
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "<"):
                if starts(bytes, "<!--", at: index) {
                    mask.hide(index..<index + 4)
                    let close = find(bytes, "-->", from: index + 4) ?? bytes.count
                    mask.hide(close..<min(close + 3, bytes.count))
                    index = close + 3
                } else if starts(bytes, "<![CDATA[", at: index) {
                    let close = find(bytes, "]]>", from: index) ?? bytes.count
                    mask.hide(index..<min(close + 3, bytes.count))
                    index = close + 3
                } else {
                    let close = tagEnd(bytes, from: index)
                    let name = tagName(bytes, from: index + 1)
                    // `<code>`, `<tt>`, `<kbd>`, `<samp>` and `<var>` hold code.
                    let element = ProseMarkup.codeElementEnd(bytes, tagStart: index, tagEnd: close,
                                                             limit: min(bytes.count, close + 4096)) ?? close
                    mask.hide(index..<element)
                    index = element
                    for value in values(in: bytes, from: element) { mask.hide(value) }
                    if name == "script" || name == "style", bytes[index - 1] == UInt8(ascii: ">"), bytes[index - 2] != UInt8(ascii: "/") {
                        let end = find(bytes, "</" + name, from: index, caseInsensitive: true) ?? bytes.count
                        mask.hide(index..<end)
                        index = end
                    }
                }
            case UInt8(ascii: "&"):
                var cursor = index + 1
                while cursor < bytes.count, cursor - index < 34, bytes[cursor] != UInt8(ascii: ";"), !SkipRules.isSpace(bytes[cursor]) {
                    cursor += 1
                }
                if cursor < bytes.count, bytes[cursor] == UInt8(ascii: ";"), cursor > index + 1 {
                    mask.hide(index..<cursor + 1)
                    index = cursor + 1
                } else {
                    index += 1
                }
            default:
                index += 1
            }
        }
        return mask
    }

    /// The values in the text that starts at `start`, right after a tag, up to the next `<`: the text when it is one
    /// token with punctuation or a digit inside it (`biz.aQute.bnd`, `.gitignore`, `test-classes-obfuscated-injar`,
    /// `UTF-8`), and each token that is a command-line option (`-Xplugin:ErrorProne`, `--classfile`). A word alone
    /// (`<b>Importnat</b>`) or with a full stop (`<p>Done.</p>`) and a sentence's other words are prose.
    static func values(in bytes: [UInt8], from start: Int) -> [Range<Int>] {
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: "<") { end += 1 }
        var tokens: [Range<Int>] = []
        var index = start
        while index < end {
            while index < end, SkipRules.isSpace(bytes[index]) { index += 1 }
            let tokenStart = index
            while index < end, !SkipRules.isSpace(bytes[index]) { index += 1 }
            if index > tokenStart { tokens.append(tokenStart..<index) }
        }
        if tokens.count == 1, let token = tokens.first, isValue(bytes[token]) { return tokens }
        return tokens.filter { isOption(bytes[$0]) }
    }

    /// `-Wall`, `--classfile`: a dash or two, then a letter.
    private static func isOption(_ token: ArraySlice<UInt8>) -> Bool {
        var rest = token.drop(while: { $0 == UInt8(ascii: "-") })
        guard rest.count < token.count, token.count - rest.count <= 2, let first = rest.popFirst() else { return false }
        return (first | 0x20) &- UInt8(ascii: "a") < 26
    }

    /// Whether a token holds a letter and, before its last byte, a digit or one of `.-_=:/@`.
    private static func isValue(_ token: ArraySlice<UInt8>) -> Bool {
        guard token.contains(where: { ($0 | 0x20) &- UInt8(ascii: "a") < 26 }) else { return false }
        return token.dropLast().contains { byte in
            byte &- UInt8(ascii: "0") < 10 || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
                || byte == UInt8(ascii: "=") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "@")
        }
    }

    /// The end of a tag: after its `>` (quotes in attribute values respected), or the text's end.
    private static func tagEnd(_ bytes: [UInt8], from start: Int) -> Int {
        var quote: UInt8?
        var index = start + 1
        while index < bytes.count {
            let byte = bytes[index]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                return index + 1
            }
            index += 1
        }
        return bytes.count
    }

    private static func tagName(_ bytes: [UInt8], from start: Int) -> String {
        var end = start
        while end < bytes.count, (bytes[end] | 0x20) >= UInt8(ascii: "a"), (bytes[end] | 0x20) <= UInt8(ascii: "z") { end += 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self).lowercased()
    }

    static func starts(_ bytes: [UInt8], _ prefix: String, at index: Int) -> Bool {
        let pattern = Array(prefix.utf8)
        return index + pattern.count <= bytes.count && Array(bytes[index..<index + pattern.count]) == pattern
    }

    static func find(_ bytes: [UInt8], _ needle: String, from start: Int, caseInsensitive: Bool = false) -> Int? {
        let pattern = Array(needle.utf8).map { caseInsensitive ? $0 | 0x20 : $0 }
        guard !pattern.isEmpty, start < bytes.count else { return nil }
        var index = max(0, start)
        while index + pattern.count <= bytes.count {
            var matched = true
            for offset in 0..<pattern.count {
                let byte = caseInsensitive ? bytes[index + offset] | 0x20 : bytes[index + offset]
                if byte != pattern[offset] { matched = false; break }
            }
            if matched { return index }
            index += 1
        }
        return nil
    }
}
