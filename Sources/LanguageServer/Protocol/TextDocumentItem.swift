/// An opened document: its URI, language, version and whole text.
///
/// `languageId` and `version` are required by the specification but taken
/// as absent (`""`, 0) when a client leaves them out.
struct TextDocumentItem: Codable, Sendable {
    var uri: String
    var languageId: String?
    var version: Int?
    var text: String
}
