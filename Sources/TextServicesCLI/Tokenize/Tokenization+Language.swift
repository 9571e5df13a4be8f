import CheckDoor
import Foundation
import TextServices
import TextServicesIO
import TextServicesProtocol

extension Tokenization {
    /// The unit `--language` detects languages by for `granularity`; nil for units it cannot (characters, words, lines).
    public var languageUnit: LanguageGranularity? {
        switch granularity {
        case .paragraph: return .paragraph
        case .sentence: return .sentence
        case .document: return .document
        default: return nil
        }
    }

    /// The candidate languages `--lang` names: `auto:en_US,de_DE` or a plain list; nil (every loadable language) for `auto` or none.
    public static func candidates(fromLanguages languages: [String]?) -> [String]? {
        guard let first = languages?.first, first.hasPrefix("auto") else { return languages }
        return first.hasPrefix("auto:") ? first.dropFirst(5).split(separator: ",").map(String.init) : nil
    }

    /// Prints the units of one language each (`text.language`) of `input` with their language, by `unit`.
    ///
    /// Lines are `TAG<TAB>confidence<TAB>text`; json objects add `language`
    /// and `confidence` to the range and text. Throws the service's error;
    /// units before it stay in `output`.
    public func runLanguages(_ input: CheckInput, unit: LanguageGranularity, candidates: [String]?,
                             client: any TextServicesClient, output: inout StandardOutputBuffer) throws(ServiceError) {
        let bytes = input.text.bytes
        var encoder = OffsetEncoder(input.text, as: encoding)
        for piece in pieces(of: bytes, whole: unit == .document) {
            let text = TextBuffer(validatedBytes: Array(bytes[piece]))
            let request = TextLanguageRequest(text: String(decoding: bytes[piece], as: UTF8.self), candidates: candidates,
                                              granularity: unit, maximum: 1)
            let result = try client.send(request)
            for found in result.ranges {
                let encoded = EncodedRange(start: found.range.start, end: found.range.end, encoding: client.positionEncoding)
                guard let local = text.byteRange(encoded) else { continue }
                let range = UTF8Offset(piece.lowerBound + local.lowerBound.rawValue)..<UTF8Offset(piece.lowerBound + local.upperBound.rawValue)
                Self.writeLanguage(range, found, of: bytes, as: format, encoder: &encoder, to: &output)
            }
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
