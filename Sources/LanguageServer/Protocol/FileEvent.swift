/// One change to a watched file: its URI and what happened to it.
struct FileEvent: Codable, Sendable {
    var uri: String
    var type: FileChangeType
}
