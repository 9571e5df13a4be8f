import TextServices

/// Splits lines of nroff/troff into words as `hunspell -n` does.
///
/// On a line starting with `.`, the request name is skipped up to the
/// first space and its arguments are checked; font changes (`\fB`, `\fR`)
/// are skipped. No state carries over between lines. Ranges are byte
/// offsets into the line.
struct IspellNroffTokenizer {
    let rules: IspellTokenRules

    func tokens(in line: IspellLine) -> [Range<Int>] {
        let urls = rules.urlStarts(line)
        var result: [Range<Int>] = []
        var inRequest = line[0] == UInt8(ascii: ".")
        var inWord = false
        var start = 0
        var head = 0
        while true {
            if inRequest {
                if line[head] == UInt8(ascii: " ") { inRequest = false }
            } else if !inWord {
                if rules.isWordCharacter(line, at: head) {
                    inWord = true
                    start = head
                } else if line[head] == UInt8(ascii: "\\"), line[head + 1] == UInt8(ascii: "f"), line[head + 2] != 0 {
                    head += 2
                }
            } else if !rules.isWordCharacter(line, at: head) {
                inWord = false
                if let token = rules.token(line, start, head, urls: urls) {
                    result.append(token)
                    continue
                }
            }
            guard let next = line.next(after: head) else { break }
            head = next
        }
        return result
    }
}
