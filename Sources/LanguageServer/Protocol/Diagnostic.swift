/// One misspelling as an LSP diagnostic: where, how severe, the message, and the word and language in `data`.
struct Diagnostic: Codable, Sendable {
    var range: LSPRange
    var severity: DiagnosticSeverity
    /// Always `textsvcd`.
    var source: String
    /// Always `misspelling`.
    var code: String
    var message: String
    var data: MisspellingData
}
