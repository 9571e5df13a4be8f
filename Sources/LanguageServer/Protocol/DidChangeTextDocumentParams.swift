import TextServicesProtocol

/// `textDocument/didChange`'s params: the document and its changes in order.
///
/// Each change is `{range, text}` (incremental) or `{text}` (the whole
/// text); `LSPDocument.apply(change:encoding:)` reads them.
struct DidChangeTextDocumentParams: Codable, Sendable {
    var textDocument: VersionedTextDocumentIdentifier
    var contentChanges: [JSONValue]
}
