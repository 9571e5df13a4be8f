import Synchronization

/// Runs JSON-RPC requests against the services; every transport calls this.
///
/// The socket server feeds it lines, the LSP server and the CLI call methods
/// directly. `handle(line:session:)` never throws: every failure becomes an
/// error response. Thread-safe; requests may run concurrently.
public final class RequestHandler: Sendable {
    /// A method: decoded params and the calling session in, a JSON result out.
    public typealias Method = @Sendable (Params, Session) throws -> JSONValue

    public let services: Services
    public let stats: Stats
    private let methods: [String: Method]
    private let shutdownHook: ShutdownHook

    public init(services: Services) {
        self.services = services
        let stats = Stats()
        let hook = ShutdownHook()
        var table: [String: Method] = [:]
        for group in [Self.serverMethods, Self.spellingMethods, Self.textUnitMethods, Self.regexMethods,
                      Self.editMethods, Self.pasteboardMethods] {
            table.merge(group(services)) { first, _ in first }
        }
        // The two methods that act on the handler itself.
        table["stats"] = { _, _ in stats.snapshot() }
        table["shutdown"] = { _, _ in
            hook.fire()
            return [:]
        }
        self.stats = stats
        self.shutdownHook = hook
        self.methods = table
    }

    /// The names of every method, sorted.
    public var methodNames: [String] { methods.keys.sorted() }

    /// Sets what `shutdown` does (the server stops itself).
    ///
    /// The hook runs on the requesting thread before the response is written;
    /// it should start an orderly stop, not block.
    public func onShutdown(_ hook: @escaping @Sendable () -> Void) {
        shutdownHook.set(hook)
    }

    /// Handles one framed line; returns the response line (without its newline), or nil when none is due.
    ///
    /// Empty lines and notifications get no response. Malformed input gets an
    /// error response with a null id.
    public func handle(line: [UInt8], session: Session) -> [UInt8]? {
        var body = line[...]
        if body.last == 0x0D { body = body.dropLast() }
        if body.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return nil }
        if body.count > services.limits.maximumLineBytes {
            stats.recordError()
            return Self.encode(.errorResponse(id: .null, error: .tooLarge("request line", limit: services.limits.maximumLineBytes)))
        }
        let message: JSONValue
        do {
            message = try JSONParser.parse(Array(body))
        } catch {
            stats.recordError()
            return Self.encode(.errorResponse(id: .null, error: .parseError(error.description)))
        }
        guard let response = handle(message: message, session: session) else { return nil }
        return Self.encode(response)
    }

    /// Handles one parsed JSON-RPC message; returns the response, or nil for a notification.
    public func handle(message: JSONValue, session: Session) -> JSONValue? {
        guard case .object(let request) = message else {
            stats.recordError()
            return .errorResponse(id: .null, error: .invalidRequest("a request must be a JSON object"))
        }
        let id = request["id"]
        if let id, !Self.isValidID(id) {
            stats.recordError()
            return .errorResponse(id: .null, error: .invalidRequest("'id' must be a number or a string"))
        }
        guard request["jsonrpc"] == "2.0" else {
            stats.recordError()
            return id == nil ? nil : .errorResponse(id: id!, error: .invalidRequest("'jsonrpc' must be \"2.0\""))
        }
        guard let method = request["method"]?.stringValue else {
            stats.recordError()
            return id == nil ? nil : .errorResponse(id: id!, error: .invalidRequest("'method' must be a string"))
        }
        let paramsObject: JSONObject
        switch request["params"] {
        case nil, .null?: paramsObject = JSONObject()
        case .object(let object)?: paramsObject = object
        default:
            stats.recordError()
            return id == nil ? nil : .errorResponse(id: id!, error: .invalidRequest("'params' must be an object"))
        }
        let outcome = call(method: method, params: paramsObject, session: session)
        guard let id else { return nil }
        switch outcome {
        case .success(let result): return ["jsonrpc": "2.0", "id": id, "result": result]
        case .failure(let error): return .errorResponse(id: id, error: error)
        }
    }

    /// Runs a method in-process; the CLI and the LSP server use this.
    public func call(method: String, params: JSONObject, session: Session) -> Result<JSONValue, ServiceError> {
        let started = ContinuousClock.now
        guard let function = methods[method] else {
            stats.recordError()
            return .failure(.methodNotFound(method))
        }
        let result: Result<JSONValue, ServiceError>
        do {
            let encoding: PositionEncoding
            if let name = paramsValue(params, "positionEncoding") {
                guard let parsed = PositionEncoding(name: name) else {
                    throw ServiceError.invalidParams(field: "positionEncoding", "must be \"utf-16\", \"utf-8\" or \"utf-32\"")
                }
                encoding = parsed
            } else if params["positionEncoding"] != nil, params["positionEncoding"] != .null {
                throw ServiceError.invalidParams(field: "positionEncoding", "must be a string")
            } else {
                encoding = session.positionEncoding
            }
            let value = try function(Params(params, encoding: encoding, limits: services.limits), session)
            result = .success(value)
            // A large text leaves megabytes of freed heap behind; give them back so a long-lived daemon stays small.
            if let text = params["text"]?.stringValue, text.utf8.count >= Self.largeTextBytes {
                AllocatorTrim.releaseFreeMemory()
            }
        } catch let error as ServiceError {
            result = .failure(error)
        } catch {
            result = .failure(.internalError(String(describing: error)))
        }
        let elapsed = ContinuousClock.now - started
        stats.record(method: method, elapsed: elapsed, failed: {
            if case .failure = result { return true }
            return false
        }())
        return result
    }

    /// Requests with at least this much text release freed memory to the system when they finish.
    static let largeTextBytes = 128 << 10

    private func paramsValue(_ params: JSONObject, _ key: String) -> String? {
        params[key]?.stringValue
    }

    private static func isValidID(_ id: JSONValue) -> Bool {
        switch id {
        case .int, .double, .string, .null: return true
        default: return false
        }
    }

    static func encode(_ value: JSONValue) -> [UInt8] {
        var output: [UInt8] = []
        value.write(to: &output)
        return output
    }
}

extension JSONValue {
    /// A JSON-RPC error response.
    public static func errorResponse(id: JSONValue, error: ServiceError) -> JSONValue {
        var body: JSONObject = ["code": .int(error.code), "message": .string(error.message)]
        if let data = error.data { body["data"] = data }
        return ["jsonrpc": "2.0", "id": id, "error": .object(body)]
    }
}

/// What `shutdown` calls; set once by the server.
final class ShutdownHook: Sendable {
    private let hook = Mutex<(@Sendable () -> Void)?>(nil)

    func set(_ body: @escaping @Sendable () -> Void) { hook.withLock { $0 = body } }

    func fire() {
        let body = hook.withLock { $0 }
        body?()
    }
}
