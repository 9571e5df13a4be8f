/// Pull diagnostics (`textDocument/diagnostic`): per document, independent of other files.
struct DiagnosticOptions: Codable, Sendable {
    var interFileDependencies: Bool
    var workspaceDiagnostics: Bool
}
