/// `workspace/didChangeWorkspaceFolders`'s params: the folders added and removed.
struct DidChangeWorkspaceFoldersParams: Codable, Sendable {
    var event: WorkspaceFoldersChangeEvent
}
