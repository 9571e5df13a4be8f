/// The words each document ignores (`spell.ignore`), kept within fixed bounds.
///
/// Editors often forget to close documents, and a client may ignore words
/// without end, so the table is bounded: a document holds at most
/// `maximumWordsPerDocument` words (more is refused with `.tooLarge`), a document
/// id is at most `maximumDocumentIDBytes` long (`.invalidArgument`), and when more than
/// `maximumDocuments` documents or `maximumBytes` of words are kept, the
/// documents used longest ago are forgotten, as if closed. A value type; the
/// spelling service keeps it behind its lock.
struct IgnoredWords {
    static let maximumWordsPerDocument = 10_000
    static let maximumDocuments = 1_000
    static let maximumDocumentIDBytes = 1_024
    static let maximumBytes = 16 << 20

    private struct Document {
        var words: Set<String> = []
        var bytes = 0
        var lastUse: UInt64 = 0
    }

    private var documents: [String: Document] = [:]
    private var clock: UInt64 = 0
    private(set) var bytes = 0

    var documentCount: Int { documents.count }

    /// Adds a word to a document's ignored words; forgets the least recently used documents if the table is full.
    mutating func insert(_ word: String, documentId: String) throws(TextServicesError) {
        guard documentId.utf8.count <= Self.maximumDocumentIDBytes else {
            throw .invalidArgument(argument: "documentId", reason: "is longer than \(Self.maximumDocumentIDBytes) bytes")
        }
        clock += 1
        var document = documents[documentId] ?? Document(bytes: documentId.utf8.count)
        document.lastUse = clock
        if !document.words.contains(word) {
            guard document.words.count < Self.maximumWordsPerDocument else {
                throw .tooLarge(message: "Document '\(documentId.prefix(100))' already ignores \(Self.maximumWordsPerDocument) words",
                                limit: Self.maximumWordsPerDocument)
            }
            document.words.insert(word)
            document.bytes += word.utf8.count
        }
        bytes += document.bytes - (documents[documentId]?.bytes ?? 0)
        documents[documentId] = document
        while documents.count > Self.maximumDocuments || bytes > Self.maximumBytes {
            guard let oldest = documents.filter({ $0.key != documentId }).min(by: { $0.value.lastUse < $1.value.lastUse })?.key
            else { break }
            remove(documentId: oldest)
        }
    }

    /// A document's ignored words (empty for an unknown document); counts as a use.
    mutating func words(documentId: String) -> Set<String> {
        guard var document = documents[documentId] else { return [] }
        clock += 1
        document.lastUse = clock
        documents[documentId] = document
        return document.words
    }

    /// Forgets a document's ignored words.
    mutating func remove(documentId: String) {
        if let document = documents.removeValue(forKey: documentId) { bytes -= document.bytes }
    }
}
