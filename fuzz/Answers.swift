import Foundation
@testable import TextServices
@testable import TextServicesProtocol

/// Fuzzes the client's reading of the daemon's answers: each input is one answer line to one method.
///
/// The first byte picks the method (`MethodTable.requests`, modulo its
/// count); the rest is the line the daemon sent, a JSON-RPC response, or a
/// bare result. It goes the client's way: `JSONParser`, `JSONRPCMessage`,
/// then `RemoteTextServices.decodeAnswer` into the method's `Response`.
/// Beyond not crashing, an answer the client reads must survive the
/// server's encoder: encoding the value read and reading that back must
/// succeed and give the same JSON (the server's encoder and the client's
/// decoder agree on every value either can produce). An input whose first
/// byte is 0xFF builds the result from the bytes instead, out of the
/// response types' own field names, which reaches deep into every type quickly.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAnswers(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    guard let first = input.first else { return 0 }
    var reader = FuzzReader(Array(input.dropFirst()))
    let result: Result<JSONValue, ServiceError>
    let method: any TextServicesRequest.Type
    if first == 0xFF {
        method = MethodTable.requests[Int(reader.byte()) % MethodTable.requests.count]
        result = .success(answerValue(&reader, depth: 0))
    } else {
        method = MethodTable.requests[Int(first) % MethodTable.requests.count]
        guard let message = try? JSONParser.parse(reader.rest()) else { return 0 }
        if message["jsonrpc"] != nil {
            guard case .response(_, let answer) = JSONRPCMessage(message) else { return 0 }
            result = answer
        } else {
            result = .success(message)
        }
    }
    checkAnswer(method, result, input: input)
    return 0
}

/// Reads an answer as `Request.Response`; a value read must encode and read back to the same JSON.
func checkAnswer<Request: TextServicesRequest>(_ request: Request.Type, _ result: Result<JSONValue, ServiceError>,
                                               input: [UInt8]) {
    let decoded: Request.Response
    do {
        decoded = try RemoteTextServices.decodeAnswer(Request.Response.self, result)
    } catch {
        if case .success = result, !error.message.contains("in an unexpected shape") {
            Fuzz.fail("\(Request.method): an unreadable answer gave \(error.message)", input: input)
        }
        return
    }
    let encoded = JSONValueEncoder().encode(decoded)
    let again: Request.Response
    do {
        again = try RemoteTextServices.decodeAnswer(Request.Response.self, .success(encoded))
    } catch {
        Fuzz.fail("\(Request.method): the client cannot read what the server's encoder wrote: \(error.message)\n"
                  + "written: \(encoded.serialized)", input: input)
    }
    let reencoded = JSONValueEncoder().encode(again)
    if reencoded != encoded {
        Fuzz.fail("\(Request.method): a value changed on its way through the wire: \(encoded.serialized) became "
                  + "\(reencoded.serialized)", input: input)
    }
}

/// The field names of the response types, so that built results often have the right shape.
let answerFields = ["server", "version", "protocolVersion", "positionEncoding", "defaultLanguage", "languages", "methods",
                    "capabilities", "uptimeSeconds", "connections", "totalConnections", "requests", "errors", "processId",
                    "clipboard", "count", "p50Micros", "p90Micros", "p99Micros", "provider", "session", "display",
                    "watching", "reason", "imports", "exports", "failures", "lastError", "synchronizedChangeCount",
                    "tag", "name", "source", "path", "misspellings", "wordCount", "range", "word", "guesses", "correct",
                    "roots", "completions", "words", "tokens", "ranges", "kinds", "truncated", "kind", "position",
                    "atBoundary", "withinUnit", "matches", "groups", "names", "text", "actions", "id", "title", "edit",
                    "selection", "command", "method", "params", "newText", "persistent", "changeCount", "items",
                    "types", "byteCount", "expirationDate", "localOnly", "containing", "pasteboards", "subscribed",
                    "wasSubscribed", "start", "end", "public.utf8-plain-text", "public.png", "base64"]
let answerStrings = ["", "héllo", "en_US", "utf-8", "2030-01-31T12:00:00Z", "2030-01-31T12:00:00.250+02:00", "iVBORw0KGgo=",
                     "not base64!", "word", "e\u{301}", "🇫🇷👨‍👩‍👧", "public.utf8-plain-text", "text/plain", " ", "\u{0}"]

/// Builds one JSON value from the fuzzer's bytes, objects keyed mostly by response field names.
func answerValue(_ reader: inout FuzzReader, depth: Int) -> JSONValue {
    switch reader.byte() % 11 {
    case 0: return .null
    case 1: return .bool(reader.byte() & 1 == 0)
    case 2: return .int(Int(Int8(bitPattern: reader.byte())))
    case 3: return .int([Int.max, Int.min, 1 << 31, -(1 << 31), 1 << 53, 253_402_300_800][Int(reader.byte()) % 6])
    case 4: return .double([0.5, -0.0, 1e300, 3.0, -1.5, 1.7e9][Int(reader.byte()) % 6])
    case 5: return .string(answerStrings[Int(reader.byte()) % answerStrings.count])
    case 6:
        let length = Int(reader.byte() % 16)
        var bytes: [UInt8] = []
        for _ in 0..<length { bytes.append(reader.byte()) }
        return .string(String(decoding: bytes, as: UTF8.self))
    case 7: return ["start": .int(Int(reader.byte() % 48)), "end": .int(Int(reader.byte() % 48))]
    case 8:
        guard depth < 4 else { return .null }
        return .array((0..<Int(reader.byte() % 4)).map { _ in answerValue(&reader, depth: depth + 1) })
    default:
        guard depth < 4 else { return .null }
        var object = JSONObject()
        for _ in 0..<Int(reader.byte() % 6) {
            object[answerFields[Int(reader.byte()) % answerFields.count]] = answerValue(&reader, depth: depth + 1)
        }
        return .object(object)
    }
}
