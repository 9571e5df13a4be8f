/// What a code action request is about; only `only` (the kinds wanted, such as `quickfix`) matters here.
struct CodeActionContext: Codable, Sendable {
    var only: [String]?
}
