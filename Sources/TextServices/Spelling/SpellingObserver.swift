/// A change to a language's learned words.
public struct LearnedWordsChange: Sendable, Equatable {
    /// The dictionary's tag.
    public var language: String
    public var learned: [String]
    public var unlearned: [String]

    public init(language: String, learned: [String], unlearned: [String]) {
        self.language = language
        self.learned = learned
        self.unlearned = unlearned
    }
}

/// Something that wants to hear of changes to learned words (a server that tells its clients).
///
/// Called on the thread that made or noticed the change; must not block or
/// call back into the spelling service.
public protocol SpellingObserver: AnyObject, Sendable {
    func learnedWordsDidChange(_ change: LearnedWordsChange)
}

/// An observer held weakly.
struct WeakSpellingObserver: Sendable {
    weak var observer: (any SpellingObserver)?
}
