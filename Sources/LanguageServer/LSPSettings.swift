import TextServices
import TextServicesProtocol

/// What a client may configure, through `initializationOptions` or `workspace/didChangeConfiguration`.
///
/// Settings are read from the object itself or from its `textsvcd` member
/// (`{"textsvcd": {...}}`, as editors nest them). Keys that are absent keep
/// their current value; a key with a bad value is skipped and reported in
/// `problems`, so one mistake never loses the rest.
public struct LSPSettings: Sendable, Equatable {
    /// Language tags to check against; nil for the server's default language.
    public var languages: [String]?
    /// Words accepted in every document (besides learned words).
    public var words: [String] = []
    /// ICU regular expressions; text they match is not checked.
    public var ignorePatterns: [String] = []
    /// How long to wait after the last change before checking, in milliseconds.
    public var debounceMilliseconds = 200
    /// How misspellings are shown.
    public var severity = DiagnosticSeverity.information
    /// The most replacement quick fixes offered for one word.
    public var maxSuggestions = 5
    /// The most diagnostics published for one document.
    public var maxDiagnostics = 1000
    /// The most completions offered.
    public var maxCompletions = 20
    /// Whether string literals in source code are checked (comments always are).
    public var checkStrings = true
    /// The language the service checks in when no setting names one (the door's `--lang`, `TEXTSVCD_LANG` or the
    /// locale), for telling which scripts a document's words may be in; not a client setting.
    public var defaultLanguage: String?

    public init() {}

    /// Whether each paragraph's language is detected (`language: "auto"` or `"auto:TAG,..."`).
    public var detectsLanguage: Bool {
        guard let languages, case .auto = LanguageSetting(languages) else { return false }
        return true
    }

    /// The debounce delays a setting may ask for, in milliseconds.
    static let debounceRange = 0...10_000
    static let maxSuggestionsRange = 0...50
    static let maxDiagnosticsRange = 0...100_000
    static let maxCompletionsRange = 0...200

    /// Applies a settings object; returns a description of each value that was skipped.
    ///
    /// Anything but an object (or null) is skipped as a whole and reported.
    @discardableResult
    public mutating func apply(_ value: JSONValue?) -> [String] {
        guard let value, value != .null else { return [] }
        do {
            return apply(try JSONValueDecoder().decode(SettingsObject.self, from: value))
        } catch {
            return ["the settings must be an object, not \(value.typeName)"]
        }
    }

    /// Applies a decoded settings object: each key present replaces the setting (the first of its aliases that is valid).
    mutating func apply(_ object: SettingsObject) -> [String] {
        var problems = object.problems
        func bounded(_ key: String, _ value: Int?, _ range: ClosedRange<Int>) -> Int? {
            guard let value else { return nil }
            guard range.contains(value) else {
                problems.append("'\(key)' must be an integer from \(range.lowerBound) to \(range.upperBound)")
                return nil
            }
            return value
        }
        if let setting = object.languages ?? object.language {
            languages = setting.tags.isEmpty ? nil : setting.tags
        }
        if let list = object.words ?? object.acceptWords ?? object.userWords { words = list.values }
        if let list = object.ignorePatterns ?? object.ignoreRegExpList { ignorePatterns = list.values }
        if let number = bounded("debounceMilliseconds", object.debounceMilliseconds, Self.debounceRange)
            ?? bounded("debounce", object.debounce, Self.debounceRange) {
            debounceMilliseconds = number
        }
        if let number = bounded("maxSuggestions", object.maxSuggestions, Self.maxSuggestionsRange) { maxSuggestions = number }
        if let number = bounded("maxDiagnostics", object.maxDiagnostics, Self.maxDiagnosticsRange) { maxDiagnostics = number }
        if let number = bounded("maxCompletions", object.maxCompletions, Self.maxCompletionsRange) { maxCompletions = number }
        if let flag = object.checkStrings { checkStrings = flag }
        if let level = object.severity { severity = level }
        return problems
    }
}
