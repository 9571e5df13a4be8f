/// The server's workspace capabilities: it follows the workspace folders.
struct WorkspaceServerCapabilities: Codable, Sendable {
    var workspaceFolders: WorkspaceFoldersServerCapabilities
}
