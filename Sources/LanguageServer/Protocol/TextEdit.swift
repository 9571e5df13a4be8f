/// Replaces a range of a document with `newText`.
struct TextEdit: Codable, Sendable {
    var range: LSPRange
    var newText: String
}
