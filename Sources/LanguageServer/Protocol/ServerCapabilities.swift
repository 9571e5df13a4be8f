/// What the server offers: the position encoding it chose, document sync, quick fixes, diagnostics, completion and commands.
struct ServerCapabilities: Codable, Sendable {
    /// The encoding positions are counted in for this connection (`utf-8`, `utf-16` or `utf-32`).
    var positionEncoding: String
    var textDocumentSync: TextDocumentSyncOptions
    var codeActionProvider: CodeActionOptions
    var diagnosticProvider: DiagnosticOptions
    var completionProvider: CompletionOptions
    var executeCommandProvider: ExecuteCommandOptions
    var workspace: WorkspaceServerCapabilities
}
