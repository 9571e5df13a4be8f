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
    /// LSP `DiagnosticSeverity`: 1 error, 2 warning, 3 information, 4 hint.
    public var severity = DiagnosticSeverity.information.rawValue
    /// The most replacement quick fixes offered for one word.
    public var maxSuggestions = 5
    /// The most diagnostics published for one document.
    public var maxDiagnostics = 1000
    /// The most completions offered.
    public var maxCompletions = 20
    /// Whether string literals in source code are checked (comments always are).
    public var checkStrings = true

    public init() {}

    /// Whether each paragraph's language is detected (`language: "auto"` or `"auto:TAG,..."`).
    public var detectsLanguage: Bool { languages?.count == 1 && languages![0].hasPrefix("auto") }

    /// Applies a settings object; returns a description of each value that was skipped.
    @discardableResult
    public mutating func apply(_ value: JSONValue?) -> [String] {
        guard var object = value?.objectValue else { return [] }
        if let nested = object["textsvcd"]?.objectValue { object = nested }
        var problems: [String] = []
        func strings(_ key: String) -> [String]? {
            guard let entry = object[key], entry != .null else { return nil }
            if let string = entry.stringValue {
                return string.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            }
            if let array = entry.arrayValue, array.allSatisfy({ $0.stringValue != nil }) {
                return array.compactMap(\.stringValue)
            }
            problems.append("'\(key)' must be a string or an array of strings")
            return nil
        }
        func integer(_ key: String, in range: ClosedRange<Int>) -> Int? {
            guard let entry = object[key], entry != .null else { return nil }
            guard let number = entry.intValue, range.contains(number) else {
                problems.append("'\(key)' must be an integer from \(range.lowerBound) to \(range.upperBound)")
                return nil
            }
            return number
        }
        if let list = strings("languages") ?? strings("language") {
            languages = list.isEmpty ? nil : list
            // `auto:en_US,de_DE` is one setting: detect each paragraph's language among those.
            if let first = list.first, first.hasPrefix("auto") { languages = [list.joined(separator: ",")] }
        }
        if let list = strings("words") ?? strings("acceptWords") ?? strings("userWords") { words = list }
        if let list = strings("ignorePatterns") ?? strings("ignoreRegExpList") { ignorePatterns = list }
        if let number = integer("debounceMilliseconds", in: 0...10_000) ?? integer("debounce", in: 0...10_000) {
            debounceMilliseconds = number
        }
        if let number = integer("maxSuggestions", in: 0...50) { maxSuggestions = number }
        if let number = integer("maxDiagnostics", in: 0...100_000) { maxDiagnostics = number }
        if let number = integer("maxCompletions", in: 0...200) { maxCompletions = number }
        if let entry = object["checkStrings"], entry != .null {
            if let flag = entry.boolValue { checkStrings = flag } else { problems.append("'checkStrings' must be a boolean") }
        }
        if let entry = object["severity"], entry != .null {
            if let number = entry.intValue, let level = DiagnosticSeverity(rawValue: number) {
                severity = level.rawValue
            } else if let level = entry.stringValue.flatMap(DiagnosticSeverity.init(name:)) {
                severity = level.rawValue
            } else {
                problems.append("'severity' must be error, warning, information or hint (or 1-4)")
            }
        }
        return problems
    }
}
