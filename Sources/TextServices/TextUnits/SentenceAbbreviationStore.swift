/// Each language's sentence data, read once from the `sentences/` folder of the bundled dictionaries.
///
/// `abbreviations(for:)` takes a language tag in any of the forms textsvcd
/// accepts ("de", "de_DE", "de-AT", "pt_BR", "de@ss=standard") and answers
/// for its language; a language without data gets nil, and so sentence
/// boundaries stay ICU's. Thread-safe: files are read under a lock, once.
public final class SentenceAbbreviationStore: Sendable {
    /// The folder holding `<language>.txt`; nil when there is none.
    public let folder: String?
    private let cache = Locked<[String: SentenceAbbreviations?]>([:])

    /// A store reading `<bundledDictionaries>/sentences/`.
    public init(bundledDictionaries: String?) {
        folder = bundledDictionaries.map { $0 + "/sentences" }
    }

    /// The data for the language of `tag`, or nil when there is none (or the file cannot be read).
    public func abbreviations(for tag: String) -> SentenceAbbreviations? {
        let language = Self.language(of: tag)
        guard !language.isEmpty, let folder else { return nil }
        return cache.withLock { cache -> SentenceAbbreviations? in
            if let known = cache[language] { return known }
            let path = folder + "/" + language + ".txt"
            let loaded = FileSystem.read(path).flatMap { try? SentenceAbbreviations(language: language, contents: String(decoding: $0, as: UTF8.self)) }
            cache[language] = loaded
            return loaded
        }
    }

    /// The lower-case language subtag of a locale or language tag ("pt_BR" → "pt", "de@ss=standard" → "de").
    static func language(of tag: String) -> String {
        let end = tag.firstIndex { $0 == "_" || $0 == "-" || $0 == "@" || $0 == "." } ?? tag.endIndex
        let language = tag[..<end].lowercased()
        guard (2...3).contains(language.count), language.allSatisfy({ $0 >= "a" && $0 <= "z" }) else { return "" }
        return language
    }
}
