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
}
