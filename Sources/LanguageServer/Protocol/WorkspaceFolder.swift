/// A workspace folder: its URI and the name the editor shows (required by the specification, optional here).
struct WorkspaceFolder: Codable, Sendable {
    var uri: String
    var name: String?

    /// The folder's path when its URI is a `file:` URI (percent-decoded); nil for other schemes.
    var path: String? {
        uri.hasPrefix("file://") ? LSPDocument.path(ofURI: uri) : nil
    }
}
