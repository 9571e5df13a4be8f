import Foundation
import Synchronization
import TextServices

/// Spell-checking through a client, for `DocumentChecker`: one `spell.check` per piece of text, one `spell.checkWords` per question.
///
/// A text longer than a piece is cut after line feeds (`TextChunker`) and
/// its pieces are checked in parallel (pipelined to the daemon, or on every
/// core in this process). Offsets are UTF-8 bytes of the text given,
/// whatever the client's unit.
public struct ClientWordChecking: WordChecking {
    public let client: any TextServicesClient
    public let languages: [String]?
    public let documentId: String?
    /// The size of a piece asked for; nil for `inProcessPieceBytes` in this process and `remotePieceBytes` through a daemon.
    public let pieceBytes: Int?
    /// A piece in this process: a range of the one buffer, nearly free to make, so small enough that the last pieces
    /// keep every core busy to the end (with 256 KB pieces one core often checked the last piece alone).
    public static let inProcessPieceBytes = 64 << 10
    /// A piece sent to a daemon, where each travels as a request of its own.
    public static let remotePieceBytes = 256 << 10
    /// The longest piece: a line longer than this is cut at a scalar boundary.
    static let longestPiece = remotePieceBytes + (64 << 10)
    /// Told, between batches of pieces, how many bytes of the text are checked; with it, pieces go a few at a time.
    public var onProgress: (@Sendable (Int) -> Void)?
    /// With `auto`: the languages the checked text was found in.
    private let detected = DetectedLanguages()

    public init(client: any TextServicesClient, languages: [String]?, documentId: String? = nil, pieceBytes: Int? = nil) {
        self.client = client
        self.languages = languages
        self.documentId = documentId
        self.pieceBytes = pieceBytes
    }

    public func misspellings(in text: TextBuffer) throws(ServiceError) -> [Misspelling] {
        // In this process every piece is a range of the one buffer; through a daemon, each piece's text travels.
        let inProcess = client.handlesTextInProcess
        let target = pieceBytes ?? (inProcess ? Self.inProcessPieceBytes : Self.remotePieceBytes)
        let pieces = TextChunker.pieces(of: text.bytes, target: target, maximum: max(target, Self.longestPiece))
        let encoding = client.positionEncoding
        let requests = pieces.map { piece in
            if inProcess {
                let range = text.encode(ByteRange(bytes: piece), as: encoding)
                return SpellCheckRequest(buffer: text, languages: languages, range: WireRange(start: range.start, end: range.end),
                                         documentId: documentId)
            }
            return SpellCheckRequest(piece: piece, of: text, languages: languages, documentId: documentId)
        }
        var outcomes: [Result<SpellCheckRequest.Response, ServiceError>] = []
        if let onProgress {
            let batch = max(2, 2 * OrderedParallelMap.processors)
            for start in stride(from: 0, to: requests.count, by: batch) {
                let end = min(requests.count, start + batch)
                outcomes += client.sendAll(Array(requests[start..<end]))
                onProgress(pieces[end - 1].upperBound)
            }
        } else {
            outcomes = client.sendAll(requests)
        }
        var found: [Misspelling] = []
        // One allocation: growing by doubling copied and faulted in the whole list again (a Russian check of English
        // text flags 430,000 words).
        found.reserveCapacity(outcomes.reduce(0) { count, outcome in count + ((try? outcome.get())?.misspellings.count ?? 0) })
        for (piece, outcome) in zip(pieces, outcomes) {
            let response: SpellCheckRequest.Response
            response = try outcome.get()
            // Offsets are of the whole buffer in this process, of the piece's own text otherwise.
            let base = inProcess ? 0 : piece.lowerBound
            let reference = inProcess || encoding == .utf8 ? text : TextBuffer(validatedBytes: Array(text.bytes[piece]))
            for misspelling in response.misspellings {
                let range = Self.byteRange(misspelling.range, in: reference, encoding: encoding)
                found.append(Misspelling(range: ByteRange(bytes: base + range.lowerBound..<base + range.upperBound),
                                         word: misspelling.word, language: misspelling.language, alsoIn: misspelling.alsoIn ?? []))
                if let language = misspelling.language { detected.insert(language) }
            }
        }
        return found
    }

    public func accepts(_ words: [String]) throws(ServiceError) -> [Bool] {
        guard !words.isEmpty else { return [] }
        // With automatic languages, a word passes when a language found in the text accepts it.
        let isAuto = languages?.count == 1 && languages![0].hasPrefix("auto")
        let asked = isAuto ? detected.all.isEmpty ? nil : detected.all : languages
        return try client.send(SpellCheckWordsRequest(words: words, languages: asked, documentId: documentId)).correct
    }

    /// A range the client reported, as bytes of the text it was reported in.
    static func byteRange(_ range: WireRange, in text: TextBuffer, encoding: PositionEncoding) -> Range<Int> {
        guard encoding != .utf8 else { return range.start..<range.end }
        let start = text.byteOffset(range.start, in: encoding)?.rawValue ?? 0
        let end = text.byteOffset(range.end, in: encoding)?.rawValue ?? start
        return start..<max(start, end)
    }
}

/// The languages automatic checking found, kept across the calls of one `ClientWordChecking`.
final class DetectedLanguages: Sendable {
    private let found = Mutex<Set<String>>([])

    func insert(_ language: String) { found.withLock { _ = $0.insert(language) } }

    var all: [String] { found.withLock { $0.sorted() } }
}
