/// `textDocument/didSave`'s params: the document, and its text when the client includes it.
struct DidSaveTextDocumentParams: Codable, Sendable {
    var textDocument: TextDocumentIdentifier
    var text: String?
}
