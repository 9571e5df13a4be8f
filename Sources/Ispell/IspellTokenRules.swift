import TextServices

/// What the Hunspell tokenizers share: word characters, URL skipping and token cutting.
struct IspellTokenRules {
    let wordCharacters: IspellWordCharacters
    /// Whether words in URLs, mail addresses and paths are checked too (`--check-url`).
    var checksURLs = false

    static let typographicApostrophe: [UInt8] = [0xE2, 0x80, 0x99]

    func isWordCharacter(_ line: IspellLine, at index: Int) -> Bool {
        guard let scalar = line.scalar(at: index) else { return false }
        return wordCharacters.contains(scalar)
    }

    /// Whether apostrophes join words: `'` or `’` is a word character.
    var apostrophesJoin: Bool {
        wordCharacters.contains("'") || wordCharacters.contains("\u{2019}")
    }

    /// Which byte offsets start a URL, mail address or path (Hunspell's `check_urls`): tokens starting there are skipped.
    func urlStarts(_ line: IspellLine) -> [Bool] {
        var marks = Array(repeating: false, count: line.bytes.count + 1)
        if checksURLs { return marks }
        var inCandidate = false
        var isURL = false
        var start = 0
        var head = 0
        let allowed = Set("-_\\.:/~%*$[]?!".utf8)
        while true {
            if !inCandidate {
                if isWordCharacter(line, at: head) {
                    inCandidate = true
                    start = head
                } else if line[head] == UInt8(ascii: "/") {
                    inCandidate = true
                    start = head
                    isURL = true
                }
            } else {
                let byte = line[head]
                if byte == UInt8(ascii: "@") || line.starts(with: Array(":\\".utf8), at: head)
                    || line.starts(with: Array("://".utf8), at: head) {
                    isURL = true
                } else if !(isWordCharacter(line, at: head) || allowed.contains(byte)
                            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))) {
                    inCandidate = false
                    if isURL { for index in start..<head { marks[index] = true } }
                    isURL = false
                }
            }
            guard let next = line.next(after: head) else { break }
            head = next
        }
        return marks
    }

    /// Cuts the token `start..<end` (Hunspell's `alloc_token`): nil inside a URL; a trailing colon is dropped.
    func token(_ line: IspellLine, _ start: Int, _ end: Int, urls: [Bool]) -> Range<Int>? {
        guard start < end, start < urls.count, !urls[start] else { return nil }
        var upper = min(end, line.bytes.count)
        if upper > start, line.bytes[upper - 1] == UInt8(ascii: ":") { upper -= 1 }
        return start < upper ? start..<upper : nil
    }
}
