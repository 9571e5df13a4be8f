/// A glob pattern of files to watch (every kind of change).
struct FileSystemWatcher: Codable, Sendable {
    var globPattern: String
}
