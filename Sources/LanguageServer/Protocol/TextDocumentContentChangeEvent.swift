/// One change of `textDocument/didChange`: `text` replaces `range` (incremental), or the whole text when `range` is absent.
///
/// `rangeLength` is deprecated by the specification and not read: the range decides.
struct TextDocumentContentChangeEvent: Codable, Sendable {
    var range: LSPRange?
    var rangeLength: Int?
    var text: String

    init(range: LSPRange? = nil, text: String) {
        self.range = range
        self.text = text
    }
}
