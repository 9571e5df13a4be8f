/// The files the client should watch for the server.
struct DidChangeWatchedFilesRegistrationOptions: Codable, Sendable {
    var watchers: [FileSystemWatcher]
}
