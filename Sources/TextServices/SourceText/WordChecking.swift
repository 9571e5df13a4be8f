/// What checking a document needs from a spell checker: the misspellings of a text, and verdicts on single words.
///
/// `SpellChecker` answers in this process; a client of the daemon answers
/// through it (and throws its errors, which the door reports). Offsets are
/// UTF-8 bytes of the text given. Implementations are thread-safe.
public protocol WordChecking: Sendable {
    /// The misspellings of `text`, in order.
    func misspellings(in text: TextBuffer) throws -> [Misspelling]

    /// Whether each word is correct, in the order given.
    func accepts(_ words: [String]) throws -> [Bool]
}

extension SpellChecker: WordChecking {
    public func misspellings(in text: TextBuffer) -> [Misspelling] {
        check(text).misspellings
    }

    public func accepts(_ words: [String]) -> [Bool] {
        words.map { accepts($0) }
    }
}

/// A checker that also accepts a set of extra words (a user's or a project's), and their capitalised forms.
///
/// A lower-case word is also accepted capitalised (`Textsvcd`) and in capitals
/// (`TEXTSVCD`), as Hunspell accepts a dictionary word at the start of a sentence.
public struct AcceptingWords<Base: WordChecking>: WordChecking {
    public let base: Base
    public let words: Set<String>

    public init(_ base: Base, words: some Sequence<String>) {
        self.base = base
        var accepted = Set<String>()
        for word in words {
            accepted.insert(word)
            if let first = word.first, first.isLowercase {
                accepted.insert(first.uppercased() + word.dropFirst())
                accepted.insert(word.uppercased())
            }
        }
        self.words = accepted
    }

    public func misspellings(in text: TextBuffer) throws -> [Misspelling] {
        let found = try base.misspellings(in: text)
        return words.isEmpty ? found : found.filter { !words.contains($0.word) }
    }

    public func accepts(_ words: [String]) throws -> [Bool] {
        let unknown = words.filter { !self.words.contains($0) }
        var verdicts = try base.accepts(unknown).makeIterator()
        return words.map { self.words.contains($0) || (verdicts.next() ?? false) }
    }
}
