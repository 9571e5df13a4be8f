import ArgumentParser
import CheckDoor
import Foundation
import TextServices
import TextServicesCLI
import TextServicesProtocol

extension TokenizeCommand {
    /// `tokenize --language`: the units of one language each (`text.language`), with their language.
    ///
    /// Lines are `TAG<TAB>confidence<TAB>text`; json objects add `language`
    /// and `confidence` to the range and text. Candidates come from `--lang`
    /// (`auto:en_US,de_DE` or a plain list), else every loadable language.
    func runLanguages(_ granularity: Granularity, context: CommandContext, output: inout StandardOutputBuffer) throws {
        let unit: LanguageGranularity
        switch granularity {
        case .paragraph: unit = .paragraph
        case .sentence: unit = .sentence
        case .document: unit = .document
        default:
            StandardError.print("textsvcd: --language needs --by paragraph, sentence or document")
            throw ExitCode(2)
        }
        var candidates = global.languages
        if let first = candidates?.first, first.hasPrefix("auto") {
            candidates = first.hasPrefix("auto:") ? first.dropFirst(5).split(separator: ",").map(String.init) : nil
        }
        do {
            let encoding = try global.validatedEncoding() ?? .utf16
            let input = try CheckInput.read(file)
            let bytes = input.text.bytes
            var encoder = OffsetEncoder(input.text, as: encoding)
            let pieces = unit == .document
                ? [0..<bytes.count] : TextChunker.pieces(of: bytes, target: Self.pieceSize, maximum: Self.longestPiece)
            for piece in pieces {
                let text = TextBuffer(validatedBytes: Array(bytes[piece]))
                let request = TextLanguageRequest(text: String(decoding: bytes[piece], as: UTF8.self), candidates: candidates,
                                                  granularity: unit, maximum: 1)
                let result = try context.client.send(request)
                for found in result.ranges {
                    let encoded = EncodedRange(start: found.range.start, end: found.range.end, encoding: context.client.positionEncoding)
                    guard let local = text.byteRange(encoded) else { continue }
                    let range = UTF8Offset(piece.lowerBound + local.lowerBound.rawValue)..<UTF8Offset(piece.lowerBound + local.upperBound.rawValue)
                    Self.writeLanguage(range, found, of: bytes, as: format, encoder: &encoder, to: &output)
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

    private static func writeLanguage(_ range: ByteRange, _ found: WireLanguageRange, of bytes: [UInt8], as format: Format,
                                      encoder: inout OffsetEncoder, to output: inout StandardOutputBuffer) {
        let confidence = String(format: "%.3f", found.confidence)
        switch format {
        case .lines:
            output.append("\(found.language)\t\(confidence)\t")
            write(range, kind: nil, of: bytes, as: .lines, encoder: &encoder, to: &output)
        case .json:
            let encoded = encoder.encode(range)
            let object: JSONValue = [
                "range": ["start": .int(encoded.start), "end": .int(encoded.end)],
                "language": .string(found.language), "confidence": .double(found.confidence),
                "text": .string(String(decoding: bytes[range.ints], as: UTF8.self)),
            ]
            output.appendLine(object.serialized)
        }
    }
}
