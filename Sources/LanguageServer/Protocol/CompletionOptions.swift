/// Completion: no resolve step and no trigger characters (clients ask as the user types a word).
struct CompletionOptions: Codable, Sendable {
    var resolveProvider: Bool
    var triggerCharacters: [String]
}
