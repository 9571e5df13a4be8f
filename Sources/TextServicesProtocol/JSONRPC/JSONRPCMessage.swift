/// One JSON-RPC 2.0 message, classified and validated by the one set of rules every door uses.
///
/// The socket server, the language server and the client all read messages
/// through `init(_:)`, so they accept and refuse the same things:
/// - a message must be an object with `"jsonrpc": "2.0"`;
/// - `id`, when present, must be a number, a string or null;
/// - a request or notification needs a string `method`, and `params`, when
///   present and not null, must be an object;
/// - a message with `id` and `result` or `error` but no `method` is a response.
public enum JSONRPCMessage: Sendable {
    case request(id: RequestID, method: String, params: JSONObject)
    case notification(method: String, params: JSONObject)
    case response(id: RequestID, result: Result<JSONValue, ServiceError>)
    /// Not valid JSON-RPC. `answerID` is the id to answer with (null when the
    /// message's own id is unusable), or nil when no answer is due (a
    /// malformed notification).
    case invalid(answerID: RequestID?, error: ServiceError)

    /// Classifies a parsed message.
    public init(_ value: JSONValue) {
        guard case .object(let object) = value else {
            self = .invalid(answerID: .null, error: .invalidRequest("a request must be a JSON object"))
            return
        }
        var id: RequestID?
        if let idValue = object["id"] {
            guard let parsed = RequestID(idValue) else {
                self = .invalid(answerID: .null, error: .invalidRequest("'id' must be a number or a string"))
                return
            }
            id = parsed
        }
        guard object["jsonrpc"] == "2.0" else {
            self = .invalid(answerID: id, error: .invalidRequest("'jsonrpc' must be \"2.0\""))
            return
        }
        guard let methodValue = object["method"] else {
            if let id, object["result"] != nil || object["error"] != nil {
                self = .response(id: id, result: Self.outcome(object))
            } else {
                self = .invalid(answerID: id, error: .invalidRequest("'method' is required"))
            }
            return
        }
        guard case .string(let method) = methodValue else {
            self = .invalid(answerID: id, error: .invalidRequest("'method' must be a string"))
            return
        }
        let params: JSONObject
        switch object["params"] {
        case nil, .null?: params = JSONObject()
        case .object(let value)?: params = value
        default:
            self = .invalid(answerID: id, error: .invalidRequest("'params' must be an object"))
            return
        }
        if let id {
            self = .request(id: id, method: method, params: params)
        } else {
            self = .notification(method: method, params: params)
        }
    }

    /// A response's result, or its error as a `ServiceError`.
    private static func outcome(_ object: JSONObject) -> Result<JSONValue, ServiceError> {
        if let error = object["error"], error != .null {
            return .failure(ServiceError(code: error["code"]?.intValue ?? -32603,
                                         message: error["message"]?.stringValue ?? "unknown error",
                                         data: error["data"]))
        }
        return .success(object["result"] ?? .null)
    }

    // MARK: Writing messages

    /// `{"jsonrpc": "2.0", "id", "method", "params"}`.
    public static func request(id: RequestID, method: String, params: JSONValue) -> JSONValue {
        ["jsonrpc": "2.0", "id": id.json, "method": .string(method), "params": params]
    }

    /// `{"jsonrpc": "2.0", "method", "params"}`.
    public static func notification(method: String, params: JSONValue) -> JSONValue {
        ["jsonrpc": "2.0", "method": .string(method), "params": params]
    }

    /// `{"jsonrpc": "2.0", "id", "result"}`.
    public static func response(id: RequestID, result: JSONValue) -> JSONValue {
        ["jsonrpc": "2.0", "id": id.json, "result": result]
    }

    /// `{"jsonrpc": "2.0", "id", "error": {"code", "message", "data"?}}`.
    public static func errorResponse(id: RequestID, error: ServiceError) -> JSONValue {
        var body: JSONObject = ["code": .int(error.code), "message": .string(error.message)]
        if let data = error.data { body["data"] = data }
        return ["jsonrpc": "2.0", "id": id.json, "error": .object(body)]
    }

    /// `{"jsonrpc": "2.0", "id", "result"}` as one line of bytes (no newline), around a result already written as compact JSON.
    ///
    /// The same bytes as `encode(response(id:result:))` of the parsed result.
    public static func encodeResponse(id: RequestID, writtenResult result: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(result.count + 48)
        bytes.append(contentsOf: #"{"jsonrpc":"2.0","id":"#.utf8)
        id.json.write(to: &bytes)
        bytes.append(contentsOf: #","result":"#.utf8)
        bytes.append(contentsOf: result)
        bytes.append(UInt8(ascii: "}"))
        return bytes
    }

    /// A message as one line of bytes, without its newline.
    public static func encode(_ message: JSONValue) -> [UInt8] {
        var bytes: [UInt8] = []
        message.write(to: &bytes)
        return bytes
    }
}
