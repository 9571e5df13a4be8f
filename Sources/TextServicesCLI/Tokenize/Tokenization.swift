import CheckDoor
import TextServices
import TextServicesIO
import TextServicesProtocol

/// `textsvcd tokenize`: splits an input into units through the client and prints one token a line or one JSON object a line.
///
/// Input is sent in pieces of about `pieceSize` bytes cut at line feeds
/// (the whole input for `.document`), and tokens are asked `pageSize` at a
/// time. Printed ranges count `encoding` units from the start of the input.
/// Not thread-safe.
public struct Tokenization {
    /// How tokens are printed.
    public enum Format: String, CaseIterable, Sendable {
        /// One token a line, line feeds and carriage returns inside it written `\n` and `\r`.
        case lines
        /// One `{range, kind?, text}` object a line.
        case json
    }

    public var granularity: Granularity
    public var format = Format.lines
    /// The ICU locale whose rules split the text; nil for the root rules.
    public var locale: String?
    /// With `.word`, leave out spaces and punctuation.
    public var wordsOnly = false
    /// With `.sentence`, whether abbreviations, ordinals and initials end no sentence.
    public var abbreviations = true
    /// The units printed ranges count in.
    public var encoding = PositionEncoding.utf16

    /// Tokens asked for per request.
    public static let pageSize = 100_000
    /// Bytes of input sent per request: most pieces take one request.
    public static let pieceSize = 256 << 10
    /// The longest piece, for text without line feeds.
    public static let longestPiece = 4 << 20

    public init(granularity: Granularity) {
        self.granularity = granularity
    }

    /// Prints the tokens of `input` to `output`.
    ///
    /// Throws the service's error (a bad locale, the daemon gone); tokens
    /// before it stay in `output`.
    public func run(_ input: CheckInput, client: any TextServicesClient,
                    output: inout StandardOutputBuffer) throws(ServiceError) {
        let bytes = input.text.bytes
        var encoder = OffsetEncoder(input.text, as: encoding)
        for piece in pieces(of: bytes, whole: granularity == .document) {
            var request = TextTokenizeRequest(text: String(decoding: bytes[piece], as: UTF8.self), granularity: granularity,
                                              locale: locale, wordsOnly: wordsOnly ? true : nil, limit: Self.pageSize,
                                              compact: true, abbreviations: abbreviations ? nil : false)
            var start = 0
            while true {
                request.range = WireRange(start: start, end: piece.count)
                let result = try client.send(request)
                let ranges = result.ranges ?? []
                for index in 0..<ranges.count / 2 {
                    let lower = ranges[2 * index], upper = ranges[2 * index + 1]
                    let range = UTF8Offset(piece.lowerBound + lower)..<UTF8Offset(piece.lowerBound + upper)
                    Self.write(range, kind: result.kinds?[index], of: bytes, as: format, encoder: &encoder, to: &output)
                    start = upper
                }
                guard result.truncated == true, !ranges.isEmpty else { break }
            }
        }
    }

    /// The byte ranges sent one request each: the whole text, or pieces cut at line feeds.
    func pieces(of bytes: [UInt8], whole: Bool) -> [Range<Int>] {
        whole ? [0..<bytes.count] : TextChunker.pieces(of: bytes, target: Self.pieceSize, maximum: Self.longestPiece)
    }

    /// Writes one token of `bytes` in `format`.
    static func write(_ range: ByteRange, kind: String?, of bytes: [UInt8], as format: Format,
                      encoder: inout OffsetEncoder, to output: inout StandardOutputBuffer) {
        let slice = bytes[range.ints]
        switch format {
        case .lines:
            if slice.contains(where: { $0 == 0x0A || $0 == 0x0D }) {
                var escaped: [UInt8] = []
                for byte in slice {
                    switch byte {
                    case 0x0A: escaped.append(contentsOf: [0x5C, 0x6E])
                    case 0x0D: escaped.append(contentsOf: [0x5C, 0x72])
                    default: escaped.append(byte)
                    }
                }
                output.append(bytes: escaped)
            } else {
                output.append(bytes: slice)
            }
            output.append(bytes: CollectionOfOne(0x0A))
        case .json:
            // Written directly: the same JSON as a {range, kind?, text} object, without building one per token.
            let encoded = encoder.encode(range)
            output.append("{\"range\":{\"start\":")
            output.append(decimal: encoded.start)
            output.append(",\"end\":")
            output.append(decimal: encoded.end)
            if let kind {
                output.append("},\"kind\":\"")
                output.append(kind)
                output.append("\",\"text\":")
            } else {
                output.append("},\"text\":")
            }
            output.append(jsonString: slice)
            output.append("}\n")
        }
    }
}
