/// How the server wants documents synchronized: opened and closed, changed as `change` says, saved without the text.
struct TextDocumentSyncOptions: Codable, Sendable {
    var openClose: Bool
    var change: TextDocumentSyncKind
    var save: SaveOptions
}
