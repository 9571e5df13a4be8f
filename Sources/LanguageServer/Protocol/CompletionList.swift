/// `textDocument/completion`'s result; `isIncomplete` makes the client ask again as the prefix grows.
struct CompletionList: Codable, Sendable {
    var isIncomplete: Bool
    var items: [CompletionItem]

    /// No completions, final.
    static let empty = CompletionList(isIncomplete: false, items: [])
}
