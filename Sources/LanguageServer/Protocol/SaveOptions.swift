/// Whether `textDocument/didSave` should carry the document's text.
struct SaveOptions: Codable, Sendable {
    var includeText: Bool
}
