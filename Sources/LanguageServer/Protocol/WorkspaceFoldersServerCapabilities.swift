/// Whether the server supports workspace folders and wants `workspace/didChangeWorkspaceFolders`.
struct WorkspaceFoldersServerCapabilities: Codable, Sendable {
    var supported: Bool
    var changeNotifications: Bool
}
