import Foundation
@testable import TextServices

/// Fuzzes the request decoder and dispatcher: each input is a stream of request lines for one connection.
///
/// Every line goes through `RequestHandler.handle(line:session:)`, as the
/// socket server feeds it. Beyond not crashing, each answer must be one
/// well-formed JSON-RPC response: valid JSON that the strict parser reads
/// back, the request's id (null for a malformed line), exactly one of
/// `result` and `error`, an error code from the contract, and never -32603
/// (an internal error means a request reached a state the code did not
/// expect). A notification must get no answer.
let handler = RequestHandler(services: Fuzz.services)

/// The codes the contract allows.
let contractCodes: Set<Int> = [-32700, -32600, -32601, -32602, -32001, -32002, -32003, -32004, -32005, -32006]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRequests(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    let session = Session()
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
