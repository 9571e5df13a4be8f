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

/// A checker that also accepts a set of extra words (a user's or a project's), in the spellings learned words are accepted in.
///
/// A word is accepted as written and in capitals, and a lower-case word
/// also capitalised (`textsvcd`, `Textsvcd`, `TEXTSVCD`), as Hunspell
/// accepts a learned word; see `AcceptedSpellings`.
public struct AcceptingWords<Base: WordChecking>: WordChecking {
    public let base: Base
    public let spellings: AcceptedSpellings

    public init(_ base: Base, words: some Sequence<String>) {
        self.init(base, spellings: AcceptedSpellings(words))
    }

    public init(_ base: Base, spellings: AcceptedSpellings) {
        self.base = base
        self.spellings = spellings
    }

    public func misspellings(in text: TextBuffer) throws -> [Misspelling] {
        let found = try base.misspellings(in: text)
        return spellings.isEmpty ? found : found.filter { !spellings.contains($0.word) }
    }

    public func accepts(_ words: [String]) throws -> [Bool] {
        let unknown = words.filter { !spellings.contains($0) }
        var verdicts = try base.accepts(unknown).makeIterator()
        return words.map { spellings.contains($0) || (verdicts.next() ?? false) }
    }
}
