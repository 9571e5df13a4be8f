/// How the client sends a document's changes (LSP `TextDocumentSyncKind`); the server asks for `incremental`.
public enum TextDocumentSyncKind: Int, Codable, Sendable {
    case none = 0
    case full = 1
    case incremental = 2
}
