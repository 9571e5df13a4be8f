import ArgumentParser
import CheckDoor
import TextServices
import TextServicesCLI
import TextServicesProtocol

/// `textsvcd tokenize`: splits a file into characters, words, sentences, lines, paragraphs or the whole document.
struct TokenizeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tokenize",
        abstract: "Split text into units: characters, words, sentences, line-break segments or paragraphs.",
        discussion: """
            Prints one token a line, with line feeds and carriage returns inside a token written as \\n and \\r \
            (--format lines), or one JSON object a line with the token's range, kind (for words) and text \
            (--format json). Ranges count in --position-encoding units (UTF-16 by default) from the start of the input. \
            Exit status: 0 on success, 2 on error.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case lines
        case json
    }

    @OptionGroup var global: GlobalOptions

    @Option(name: .customLong("by"),
            help: "The unit: character, word, sentence, line (line-break opportunities), paragraph or document.")
    var granularity: String

    @Option(help: "Output: lines (one token a line) or json (one object a line with range, kind and text).")
    var format: Format = .lines

    @Option(help: """
        ICU locale for the rules, e.g. th, ja, de@ss=standard (default: root rules); with --by sentence its language's \
        abbreviations, ordinals and initials end no sentence (default: the --lang or default language's).
        """)
    var locale: String?

    @Flag(name: .customLong("words-only"), help: "With --by word, leave out spaces and punctuation.")
    var wordsOnly = false

    @Flag(name: .customLong("language"),
          help: "With --by paragraph, sentence or document, show each unit's detected language (candidates: --lang auto:TAG,...).")
    var showsLanguage = false

    @Flag(name: .customLong("no-abbreviations"),
          help: "With --by sentence, keep ICU's boundaries after abbreviations, ordinals and initials too.")
    var noAbbreviations = false

    @Argument(help: "The file to read, or - for standard input (the default).")
    var file: String = "-"

    /// Tokens asked for per request.
    static let pageSize = 100_000
    /// Bytes of input sent per request: most pieces take one request.
    static let pieceSize = 256 << 10
    /// The longest piece, for text without line feeds.
    static let longestPiece = 4 << 20

    func run() throws {
        guard let granularity = Granularity(name: granularity) else {
            StandardError.print("textsvcd: --by must be one of \(Granularity.allCases.map(\.rawValue).joined(separator: ", "))")
            throw ExitCode(2)
        }
        let context = CommandContext(options: global.clientOptions)
        var output = StandardOutputBuffer()
        defer { output.flush() }
        if showsLanguage { return try runLanguages(granularity, context: context, output: &output) }
        do {
            let encoding = try global.validatedEncoding() ?? .utf16
            let input = try CheckInput.read(file)
            let bytes = input.text.bytes
            var encoder = OffsetEncoder(input.text, as: encoding)
            let format = format
            let locale = locale ?? (granularity == .sentence ? global.languages?.first : nil)
            let pieces = granularity == .document
                ? [0..<bytes.count] : TextChunker.pieces(of: bytes, target: Self.pieceSize, maximum: Self.longestPiece)
            for piece in pieces {
                var request = TextTokenizeRequest(text: String(decoding: bytes[piece], as: UTF8.self), granularity: granularity,
                                                  locale: locale, wordsOnly: wordsOnly ? true : nil, limit: Self.pageSize,
                                                  compact: true, abbreviations: noAbbreviations ? false : nil)
                var start = 0
                while true {
                    request.range = WireRange(start: start, end: piece.count)
                    let result = try context.client.send(request)
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
        } catch let failure as ServiceError {
            output.flush()
            StandardError.print("textsvcd: \(failure.message)")
            throw ExitCode(2)
        } catch let failure as CheckInput.Problem {
            output.flush()
            StandardError.print("textsvcd: \(failure.description)")
            throw ExitCode(2)
        }
    }

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
