import TextServices

/// `spell.changed`: words were learned or unlearned, through any door; sent to every connection.
///
/// A client need not subscribe. Editors recheck their documents when it arrives.
public struct SpellChangedNotification: TextServicesNotification, Equatable {
    public static let method = "spell.changed"

    /// The dictionary's tag.
    public var language: String
    public var learned: [String]
    public var unlearned: [String]

    public init(_ change: LearnedWordsChange) {
        language = change.language
        learned = change.learned
        unlearned = change.unlearned
    }
}
