/// `textDocument/completion`'s params: the document and the cursor.
struct CompletionParams: Codable, Sendable {
    var textDocument: TextDocumentIdentifier
    var position: LSPPosition
}
