import TextServicesProtocol

/// A settings object as clients send it: `initializationOptions`, `workspace/didChangeConfiguration`'s `settings`, a `workspace/configuration` answer.
///
/// Read from the object itself or from its `textsvcd` member (as editors
/// nest them). Decoding never fails on a bad value: the key is left out
/// and its reason kept in `problems`, so one mistake never loses the rest.
/// Aliases (`language`, `acceptWords`, `ignoreRegExpList`, `debounce`...)
/// are kept apart; `LSPSettings.apply(_:)` chooses among them.
struct SettingsObject: Codable, Sendable, Equatable {
    var languages: LanguageSetting?
    var language: LanguageSetting?
    var words: SettingList?
    var acceptWords: SettingList?
    var userWords: SettingList?
    var ignorePatterns: SettingList?
    var ignoreRegExpList: SettingList?
    var debounceMilliseconds: Int?
    var debounce: Int?
    var maxSuggestions: Int?
    var maxDiagnostics: Int?
    var maxCompletions: Int?
    var checkStrings: Bool?
    var severity: DiagnosticSeverity?
    /// Whether the object held no key at all (a client asking the server to pull its settings).
    var isEmpty = false
    /// Why each skipped value was skipped, in the order of the keys.
    var problems: [String] = []

    init() {}

    private enum CodingKeys: String, CodingKey {
        case languages, language, words, acceptWords, userWords, ignorePatterns, ignoreRegExpList
        case debounceMilliseconds, debounce, maxSuggestions, maxDiagnostics, maxCompletions, checkStrings, severity
        case textsvcd
    }

    init(from decoder: any Decoder) throws {
        let outer = try decoder.container(keyedBy: CodingKeys.self)
        isEmpty = try decoder.container(keyedBy: JSONKey.self).allKeys.isEmpty
        // `{"textsvcd": {...}}`: the section, when it is an object.
        if let nested = try? outer.decodeIfPresent(SettingsObject.self, forKey: .textsvcd) {
            self = nested
            isEmpty = false
            return
        }
        let container = outer
        var problems: [String] = []
        func read<T: Decodable>(_ key: CodingKeys, _ reason: String) -> T? {
            do {
                return try container.decodeIfPresent(T.self, forKey: key)
            } catch {
                problems.append("'\(key.stringValue)' \(reason)")
                return nil
            }
        }
        let list = "must be a string or an array of strings"
        languages = read(.languages, list)
        language = read(.language, list)
        words = read(.words, list)
        acceptWords = read(.acceptWords, list)
        userWords = read(.userWords, list)
        ignorePatterns = read(.ignorePatterns, list)
        ignoreRegExpList = read(.ignoreRegExpList, list)
        func integer(_ range: ClosedRange<Int>) -> String { "must be an integer from \(range.lowerBound) to \(range.upperBound)" }
        debounceMilliseconds = read(.debounceMilliseconds, integer(LSPSettings.debounceRange))
        debounce = read(.debounce, integer(LSPSettings.debounceRange))
        maxSuggestions = read(.maxSuggestions, integer(LSPSettings.maxSuggestionsRange))
        maxDiagnostics = read(.maxDiagnostics, integer(LSPSettings.maxDiagnosticsRange))
        maxCompletions = read(.maxCompletions, integer(LSPSettings.maxCompletionsRange))
        checkStrings = read(.checkStrings, "must be a boolean")
        if let name = try? container.decodeIfPresent(String.self, forKey: .severity) {
            severity = DiagnosticSeverity(name: name)
            if severity == nil { problems.append("'severity' must be error, warning, information or hint (or 1-4)") }
        } else {
            severity = read(.severity, "must be error, warning, information or hint (or 1-4)")
        }
        self.problems = problems
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(languages, forKey: .languages)
        try container.encodeIfPresent(language, forKey: .language)
        try container.encodeIfPresent(words, forKey: .words)
        try container.encodeIfPresent(acceptWords, forKey: .acceptWords)
        try container.encodeIfPresent(userWords, forKey: .userWords)
        try container.encodeIfPresent(ignorePatterns, forKey: .ignorePatterns)
        try container.encodeIfPresent(ignoreRegExpList, forKey: .ignoreRegExpList)
        try container.encodeIfPresent(debounceMilliseconds, forKey: .debounceMilliseconds)
        try container.encodeIfPresent(debounce, forKey: .debounce)
        try container.encodeIfPresent(maxSuggestions, forKey: .maxSuggestions)
        try container.encodeIfPresent(maxDiagnostics, forKey: .maxDiagnostics)
        try container.encodeIfPresent(maxCompletions, forKey: .maxCompletions)
        try container.encodeIfPresent(checkStrings, forKey: .checkStrings)
        try container.encodeIfPresent(severity, forKey: .severity)
    }
}
