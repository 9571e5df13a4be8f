/// What a completion is (LSP `CompletionItemKind`); words from dictionaries are `text`.
enum CompletionItemKind: Int, Codable, Sendable {
    case text = 1
}
