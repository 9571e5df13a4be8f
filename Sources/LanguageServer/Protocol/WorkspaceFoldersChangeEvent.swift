/// The workspace folders added and removed by one change.
struct WorkspaceFoldersChangeEvent: Codable, Sendable {
    var added: [WorkspaceFolder]
    var removed: [WorkspaceFolder]
}
