/// One dynamic registration: its id, the method, and the method's options (the words-file watchers).
struct Registration: Codable, Sendable {
    var id: String
    var method: String
    var registerOptions: DidChangeWatchedFilesRegistrationOptions
}
