import Testing
@testable import TextServices
@testable import TextServicesProtocol
@testable import TextServicesTestSupport

/// Ignored words stay within bounds however many a client adds (found by the hostile-client runs).
@Suite struct IgnoredWordsTests {
    private let scratch = TemporaryFolder("ignored-words")

    @Test func aDocumentHoldsAtMostTheLimitAndSaysSo() throws {
        var table = IgnoredWords()
        for index in 0..<IgnoredWords.maximumWordsPerDocument { try table.insert("w\(index)", documentId: "doc") }
        // Ignoring a word again is fine; a new one is refused with -32004.
        try table.insert("w0", documentId: "doc")
        #expect(throws: TextServicesError.self) { try table.insert("one-more", documentId: "doc") }
        do {
            try table.insert("one-more", documentId: "doc")
        } catch {
            #expect(ServiceError(error).code == -32004)
            #expect(ServiceError(error).data?["limit"] == .int(IgnoredWords.maximumWordsPerDocument))
        }
        #expect(table.words(documentId: "doc").count == IgnoredWords.maximumWordsPerDocument)
    }

    @Test func theLeastRecentlyUsedDocumentsAreForgottenPastTheLimit() throws {
        var table = IgnoredWords()
        for index in 0..<IgnoredWords.maximumDocuments { try table.insert("word", documentId: "doc-\(index)") }
        // Using doc-0 makes doc-1 the oldest.
        #expect(table.words(documentId: "doc-0") == ["word"])
        try table.insert("word", documentId: "new")
        #expect(table.documentCount == IgnoredWords.maximumDocuments)
        #expect(table.words(documentId: "doc-0") == ["word"])
        #expect(table.words(documentId: "doc-1").isEmpty)
        #expect(table.words(documentId: "new") == ["word"])
    }

    @Test func theBytesKeptAreBoundedAndCountedExactly() throws {
        var table = IgnoredWords()
        let long = String(repeating: "x", count: 250)
        for document in 0..<IgnoredWords.maximumDocuments {
            for index in 0..<100 { try table.insert(long + "\(index)", documentId: "doc-\(document)") }
        }
        #expect(table.bytes <= IgnoredWords.maximumBytes)
        #expect(table.documentCount < IgnoredWords.maximumDocuments)
        for document in 0..<IgnoredWords.maximumDocuments { table.remove(documentId: "doc-\(document)") }
        #expect(table.bytes == 0)
        #expect(table.documentCount == 0)
    }

    @Test func anOverlongDocumentIDIsRefusedThroughTheRequestLayer() {
        let handler = TestSupport.dispatcher(dataHome: scratch.folder("data"))
        let id = String(repeating: "d", count: IgnoredWords.maximumDocumentIDBytes + 1)
        let result = TestSupport.call(handler, "spell.ignore", ["word": "qwzx", "documentId": .string(id)])
        #expect(result.errorCode == -32602)
        #expect(TestSupport.call(handler, "spell.ignore", ["word": "qwzx", "documentId": "short"]).value == [:])
    }
}
