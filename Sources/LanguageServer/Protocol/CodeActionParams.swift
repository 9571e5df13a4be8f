/// `textDocument/codeAction`'s params: the document, the range, and which kinds of action the client wants.
struct CodeActionParams: Codable, Sendable {
    var textDocument: TextDocumentIdentifier
    var range: LSPRange
    var context: CodeActionContext?
}
