/// The dictionaries a request checks against: `languages` (a list) or `language` (one tag, or several separated by commas).
///
/// Neither means the server's default language.
public struct LanguageSelection: Sendable, Equatable {
    public var languages: [String]?

    public init(_ languages: [String]?) {
        self.languages = languages
    }

    /// The selection a request's two fields make; -32602 for an empty list.
    public init(language: String?, languages: [String]?) throws(ServiceError) {
        if let languages {
            guard !languages.isEmpty else { throw .invalidParams(field: "languages", "must not be empty") }
            self.languages = languages
        } else if let language {
            self.languages = language.split(separator: ",").map(String.init)
        } else {
            self.languages = nil
        }
    }
}
