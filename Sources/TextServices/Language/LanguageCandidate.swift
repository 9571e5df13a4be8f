/// A language detection may choose: the dictionary tag reported for it and its word frequencies.
///
/// Dictionaries of one language (en_US, en_GB) make one candidate; the tag
/// says which of them checks the text.
public struct LanguageCandidate: Sendable, Hashable {
    /// The tag reported and checked with (`en_GB`).
    public var tag: String
    /// The language code the model knows it by (`en`).
    public var code: String
    /// The word-frequency file the model learns the language from.
    public var frequencyPath: String
    /// The dictionary the tag was located as, when the candidate came from the search path (so checking with it
    /// need not list the search path again).
    var dictionary: DictionaryInfo?

    public init(tag: String, code: String, frequencyPath: String) {
        self.tag = tag
        self.code = code
        self.frequencyPath = frequencyPath
    }

    init(_ info: DictionaryInfo, frequencyPath: String) {
        self.init(tag: info.tag.tag, code: info.tag.language, frequencyPath: frequencyPath)
        dictionary = info
    }
}
