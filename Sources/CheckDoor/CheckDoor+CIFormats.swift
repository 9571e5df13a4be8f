import TextServices
import TextServicesProtocol

extension CheckDoor {
    /// The output line for one misspelling in a CI format: a SARIF result object (in `language`), or a GitHub annotation.
    func ciLine(for misspelling: Misspelling, in input: CheckInput, line: Int, guesses: [String], language: String) -> String {
        let span = SourceSpan(misspelling.range, in: input.text, line: line)
        switch options.format {
        case .github:
            return GitHubAnnotation.warning(file: input.name, span: span, word: misspelling.word, guesses: guesses)
        default:
            return SARIFLog.result(path: input.name, span: span, word: misspelling.word, guesses: guesses,
                                   language: language).serialized
        }
    }

    /// How many words a mask shows: runs of letters (ASCII letters and any non-ASCII character) in its visible text.
    static func wordCount(_ mask: TextMask) -> Int {
        var count = 0
        var inWord = false
        for offset in 0..<mask.count {
            let byte = mask.bytes[offset]
            let letter = mask.isVisible(offset) && ((byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A || byte >= 0x80)
            if letter, !inWord { count += 1 }
            inWord = letter
        }
        return count
    }
}
