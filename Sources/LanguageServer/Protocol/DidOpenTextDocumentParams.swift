/// `textDocument/didOpen`'s params.
struct DidOpenTextDocumentParams: Codable, Sendable {
    var textDocument: TextDocumentItem
}
