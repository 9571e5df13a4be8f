/// One completion: a word, ranked by `sortText`, replacing the prefix through `textEdit`.
///
/// Only `label` is required when a client sends an item back (`completionItem/resolve`).
struct CompletionItem: Codable, Sendable {
    var label: String
    var kind: CompletionItemKind?
    var detail: String?
    var sortText: String?
    var filterText: String?
    var textEdit: TextEdit?
}
