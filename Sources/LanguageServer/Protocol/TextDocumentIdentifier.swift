/// A document named by its URI.
struct TextDocumentIdentifier: Codable, Sendable {
    var uri: String
}
