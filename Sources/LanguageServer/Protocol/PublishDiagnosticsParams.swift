/// `textDocument/publishDiagnostics`'s params: a document's misspellings, for the version checked (none after closing).
struct PublishDiagnosticsParams: Codable, Sendable {
    var uri: String
    var version: Int?
    var diagnostics: [Diagnostic]
}
