import Foundation
@testable import TextServices
@testable import TextServicesProtocol

/// Fuzzes the request decoder and dispatcher: each input is a stream of request lines for one connection.
///
/// Every line goes through `RequestDispatcher.handle(line:session:)`, as the
/// socket server feeds it. An input that starts with 0xFF is instead read
/// as a structured request (a method and typed params built from the bytes,
/// see `structuredRequest`), which reaches deep into every method quickly;
/// its answer must also report only positions inside the text, on code
/// point boundaries of the request's encoding. Beyond not crashing, each answer must be one
/// well-formed JSON-RPC response: valid JSON that the strict parser reads
/// back, the request's id (null for a malformed line), exactly one of
/// `result` and `error`, an error code from the contract, and never -32603
/// (an internal error means a request reached a state the code did not
/// expect). A notification must get no answer.
let handler = RequestDispatcher(services: Fuzz.services)

/// The codes the contract allows.
let contractCodes: Set<Int> = [-32700, -32600, -32601, -32602, -32001, -32002, -32003, -32004, -32005, -32006]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRequests(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    let session = ConnectionState()
    if input.first == 0xFF {
        var reader = FuzzReader(Array(input.dropFirst()))
        while !reader.bytes.isEmpty {
            let request = structuredRequest(&reader, session: session)
            var line: [UInt8] = []
            request.write(to: &line)
            let response = handler.handle(line: line, session: session)
            check(request: line, response: response, input: input)
            if let response, let answer = try? JSONParser.parse(response), let result = answer["result"] {
                checkPositions(in: result, request: request, session: session, input: input)
            }
        }
        return 0
    }
    for line in input.split(separator: 0x0A, omittingEmptySubsequences: false) {
        let bytes = Array(line)
        let response = handler.handle(line: bytes, session: session)
        check(request: bytes, response: response, input: input)
    }
    return 0
}

/// What a correct answer to `request` looks like, as far as the framing rules fix it.
enum Expected {
    case nothing
    case response(id: JSONValue)
    case either
}

func expectation(for request: [UInt8]) -> Expected {
    var body = request[...]
    if body.last == 0x0D { body = body.dropLast() }
    if body.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return .nothing }
    guard let message = try? JSONParser.parse(Array(body)) else { return .response(id: .null) }
    guard case .object(let object) = message else { return .response(id: .null) }
    guard let id = object["id"] else { return .either }
    switch id {
    case .int, .double, .string, .null: return .response(id: id)
    default: return .response(id: .null)
    }
}

func check(request: [UInt8], response: [UInt8]?, input: [UInt8]) {
    let expected = expectation(for: request)
    guard let response else {
        if case .response = expected { Fuzz.fail("no response to a request with an id", input: input) }
        return
    }
    if case .nothing = expected { Fuzz.fail("a response to an empty line", input: input) }
    if response.contains(0x0A) { Fuzz.fail("a raw newline inside a response line", input: input) }
    let message: JSONValue
    do {
        message = try JSONParser.parse(response)
    } catch {
        Fuzz.fail("the response is not valid JSON (\(error)): \(String(decoding: response.prefix(500), as: UTF8.self))", input: input)
    }
    guard case .object(let object) = message, object["jsonrpc"] == "2.0" else {
        Fuzz.fail("the response is not a JSON-RPC 2.0 object", input: input)
    }
    if case .response(let id) = expected, !sameID(object["id"], id) {
        Fuzz.fail("the response's id \(String(describing: object["id"])) is not the request's \(id)", input: input)
    }
    switch (object["result"], object["error"]) {
    case (.some, nil):
        break
    case (nil, .some(let error)):
        guard let code = error["code"]?.intValue, error["message"]?.stringValue != nil else {
            Fuzz.fail("an error without an integer code and a message", input: input)
        }
        if code == -32603 {
            Fuzz.fail("internal error: \(error["message"]?.stringValue ?? "")", input: input)
        }
        if !contractCodes.contains(code) { Fuzz.fail("error code \(code) is not in the contract", input: input) }
    default:
        Fuzz.fail("the response has neither or both of result and error", input: input)
    }
}

/// Whether a response echoes an id: strings exactly, numbers by value (`1.0` may come back as `1`).
func sameID(_ answered: JSONValue?, _ sent: JSONValue) -> Bool {
    func number(_ value: JSONValue?) -> Double? {
        switch value {
        case .int(let int)?: return Double(int)
        case .double(let double)?: return double
        default: return nil
        }
    }
    if let a = number(answered), let b = number(sent) { return a == b }
    return answered == sent
}

// MARK: Structured requests

let methodNames = MethodTable.names.filter { $0 != "shutdown" }
let fieldNames = ["text", "range", "startingAt", "wrap", "limit", "language", "languages", "documentId", "guesses",
                  "word", "prefix", "selection", "locale", "positionEncoding", "name", "items", "types", "item",
                  "unique", "persistent", "granularity", "position", "direction", "wordsOnly", "pattern", "template",
                  "options", "backwards", "client", "candidates", "hints", "maximum"]
let stringPool = ["", "teh", "Hello", "wrold", "😀", "naïve café", "e\u{301}", "東京タワー", "ภาษาไทย", "x_y-z",
                  "general", "find", "mine", "en_US", "xx_LATIN1", "en", "de", "utf-8", "utf-16", "utf-32", "word",
                  "character", "sentence", "line", "paragraph", "document", "forward", "backward", "(a+)+$",
                  "\\w+", "(?<n>\\p{L})(.)?", "$1", "${n}", "\\$", "public.utf8-plain-text", "text/plain",
                  "image/png", "Ths is a sentnce. And anothr one!\nNew paragraph here.", "ångström", "a\u{0}b",
                  "\u{FEFF}\u{200D}", "🇫🇷👨‍👩‍👧", "d1", "caseInsensitive", "literal",
                  "auto", "auto:en_US", "auto:", "H\u{435}llo", "Der Zug kam pünktlich an.\n\nThe train was on time."]

/// Builds one request from the fuzzer's bytes: a method, then fields with values of any JSON type.
func structuredRequest(_ reader: inout FuzzReader, session: ConnectionState) -> JSONValue {
    let method = methodNames[Int(reader.byte()) % methodNames.count]
    var params = JSONObject()
    let count = Int(reader.byte() % 8)
    for _ in 0..<count {
        let field = fieldNames[Int(reader.byte()) % fieldNames.count]
        params[field] = value(&reader, depth: 0)
    }
    return ["jsonrpc": "2.0", "id": .int(Int(reader.byte())), "method": .string(method), "params": .object(params)]
}

func value(_ reader: inout FuzzReader, depth: Int) -> JSONValue {
    switch reader.byte() % 12 {
    case 0: return .null
    case 1: return .bool(reader.byte() & 1 == 0)
    case 2: return .int(Int(Int8(bitPattern: reader.byte())))
    case 3: return .int([Int.max, Int.min, 1 << 31, -(1 << 31), 1 << 53, 65_535][Int(reader.byte()) % 6])
    case 4: return .double([0.5, -0.0, 1e300, 3.0, -1.5][Int(reader.byte()) % 5])
    case 5, 6: return .string(stringPool[Int(reader.byte()) % stringPool.count])
    case 7:
        let length = Int(reader.byte() % 32)
        var bytes: [UInt8] = []
        for _ in 0..<length { bytes.append(reader.byte()) }
        return .string(String(decoding: bytes, as: UTF8.self))
    case 8, 9:
        return ["start": .int(Int(reader.byte() % 48)), "end": .int(Int(reader.byte() % 48))]
    case 10:
        guard depth < 3 else { return .null }
        let count = Int(reader.byte() % 4)
        return .array((0..<count).map { _ in value(&reader, depth: depth + 1) })
    default:
        guard depth < 3 else { return .null }
        var object = JSONObject()
        for _ in 0..<Int(reader.byte() % 4) {
            let key = reader.byte() % 2 == 0 ? fieldNames[Int(reader.byte()) % fieldNames.count]
                : ["text", "base64", "public.utf8-plain-text", "start", "end", "caseInsensitive"][Int(reader.byte()) % 6]
            object[key] = value(&reader, depth: depth + 1)
        }
        return .object(object)
    }
}

/// Every `{start, end}` and `position` in a result must lie in the request's text, on a code point boundary.
func checkPositions(in result: JSONValue, request: JSONValue, session: ConnectionState, input: [UInt8]) {
    guard let params = request["params"]?.objectValue, let string = params["text"]?.stringValue else { return }
    if request["method"] == "regex.replace" { return }
    let encoding = params["positionEncoding"]?.stringValue.flatMap(PositionEncoding.init(name:)) ?? session.positionEncoding
    let text = TextBuffer(string)
    func valid(_ value: Int) -> Bool { text.byteOffset(value, in: encoding) != nil }
    func walk(_ value: JSONValue, key: String?) {
        switch value {
        case .object(let object):
            if object.count == 2, let start = object["start"]?.intValue, let end = object["end"]?.intValue {
                if !(start <= end && valid(start) && valid(end)) {
                    Fuzz.fail("range \(start)..<\(end) (\(encoding)) is not inside the text of \(request.serialized)", input: input)
                }
                return
            }
            for (key, child) in object { walk(child, key: key) }
        case .array(let values):
            for child in values { walk(child, key: key) }
        case .int(let position) where key == "position":
            if !valid(position) { Fuzz.fail("position \(position) (\(encoding)) is not inside the text of \(request.serialized)", input: input) }
        default:
            break
        }
    }
    walk(result, key: nil)
}
