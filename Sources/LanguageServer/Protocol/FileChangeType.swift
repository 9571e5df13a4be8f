/// What happened to a watched file (LSP `FileChangeType`).
enum FileChangeType: Int, Codable, Sendable {
    case created = 1
    case changed = 2
    case deleted = 3
}
