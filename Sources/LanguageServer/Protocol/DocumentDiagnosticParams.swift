/// `textDocument/diagnostic`'s params (pull diagnostics): the document.
struct DocumentDiagnosticParams: Codable, Sendable {
    var textDocument: TextDocumentIdentifier
}
