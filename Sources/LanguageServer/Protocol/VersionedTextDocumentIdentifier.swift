/// A document and the version a change brings it to (absent from some clients' messages).
struct VersionedTextDocumentIdentifier: Codable, Sendable {
    var uri: String
    var version: Int?
}
