/// A range between two positions in a document (LSP `Range`); `start` may come after `end`, the range is the span between.
struct LSPRange: Codable, Sendable {
    var start: LSPPosition
    var end: LSPPosition
}
