/// `textDocument/didClose`'s params.
struct DidCloseTextDocumentParams: Codable, Sendable {
    var textDocument: TextDocumentIdentifier
}
