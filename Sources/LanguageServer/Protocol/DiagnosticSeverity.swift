/// How a diagnostic is shown (LSP `DiagnosticSeverity`); misspellings are `information` unless the settings say otherwise.
public enum DiagnosticSeverity: Int, Codable, Sendable {
    case error = 1
    case warning = 2
    case information = 3
    case hint = 4

    /// The severity a setting names: `error`, `warning` (or `warn`), `information` (or `info`), `hint`.
    init?(name: String) {
        switch name.lowercased() {
        case "error": self = .error
        case "warning", "warn": self = .warning
        case "information", "info": self = .information
        case "hint": self = .hint
        default: return nil
        }
    }
}
