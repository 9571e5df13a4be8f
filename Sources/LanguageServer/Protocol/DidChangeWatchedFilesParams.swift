/// `workspace/didChangeWatchedFiles`'s params: the watched files (project words and config) that changed.
struct DidChangeWatchedFilesParams: Codable, Sendable {
    var changes: [FileEvent]
}
