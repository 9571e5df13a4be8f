/// Edits to documents, by URI.
struct WorkspaceEdit: Codable, Sendable {
    var changes: [String: [TextEdit]]
}
