import Dispatch
import Synchronization
import TextServices

/// Runs JSON-RPC messages against the services: the server side of the protocol, for every transport.
///
/// The socket server feeds it lines; the in-process client calls
/// `call(method:params:session:)` for untyped requests. It never throws and
/// never lets a request take the process down: every failure becomes an
/// error response. Params are decoded strictly by default: a param the
/// method does not know is -32602 naming it (the `strictParams`
/// capability). Thread-safe; requests may run concurrently.
public final class RequestDispatcher: Sendable {
    public let services: Services
    public let server: ServerState
    private let decoder: JSONValueDecoder

    /// Requests with at least this much text release freed memory to the system when they finish.
    static let largeTextBytes = 128 << 10
    /// How long after the last request that read the language model its pages are given back, when no request read it since.
    static let modelPagesRest = DispatchTimeInterval.milliseconds(500)
    /// Counts the requests that read the language model, so that a release waits for the last of a burst.
    private let modelReadingRequests = Atomic<UInt64>(0)

    public init(services: Services, server: ServerState = ServerState(), rejectsUnknownFields: Bool = true) {
        self.services = services
        self.server = server
        self.decoder = JSONValueDecoder(rejectsUnknownFields: rejectsUnknownFields)
        services.spelling.addObserver(server)
    }

    public var stats: Stats { server.stats }

    /// Handles one framed line; returns the response line (without its newline), or nil when none is due.
    ///
    /// Empty lines and notifications get no response. Malformed input gets an
    /// error response with a null id.
    public func handle(line: [UInt8], session: ConnectionState) -> [UInt8]? {
        var body = line[...]
        if body.last == 0x0D { body = body.dropLast() }
        if body.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return nil }
        let limit = services.limits.maximumLineBytes
        if body.count > limit {
            stats.recordError()
            return JSONRPCMessage.encode(JSONRPCMessage.errorResponse(id: .null, error: .tooLarge("request line", limit: limit)))
        }
        let message: JSONValue
        do {
            message = try body.withUnsafeBufferPointer { bytes throws(JSONParser.Failure) in try JSONParser.parse(bytes) }
        } catch {
            stats.recordError()
            return JSONRPCMessage.encode(JSONRPCMessage.errorResponse(id: .null, error: .parseError(error.description)))
        }
        // A request's result is written straight to bytes where its model can (`JSONWritable`): no tree for a large answer.
        if case .request(let id, let method, let params) = JSONRPCMessage(message) {
            switch perform(method: method, params: params, session: session, writing: true) {
            case .success(.written(let result)): return JSONRPCMessage.encodeResponse(id: id, writtenResult: result)
            case .success(.value(let result)): return JSONRPCMessage.encode(JSONRPCMessage.response(id: id, result: result))
            case .failure(let error): return JSONRPCMessage.encode(JSONRPCMessage.errorResponse(id: id, error: error))
            }
        }
        guard let response = handle(message: message, session: session) else { return nil }
        return JSONRPCMessage.encode(response)
    }

    /// Handles one parsed message; returns the response, or nil for a notification (or a response, which a server ignores).
    public func handle(message: JSONValue, session: ConnectionState) -> JSONValue? {
        switch JSONRPCMessage(message) {
        case .request(let id, let method, let params):
            switch call(method: method, params: params, session: session) {
            case .success(let result): return JSONRPCMessage.response(id: id, result: result)
            case .failure(let error): return JSONRPCMessage.errorResponse(id: id, error: error)
            }
        case .notification(let method, let params):
            _ = call(method: method, params: params, session: session)
            return nil
        case .response:
            return nil
        case .invalid(let answerID, let error):
            stats.recordError()
            return answerID.map { JSONRPCMessage.errorResponse(id: $0, error: error) }
        }
    }

    /// Runs a method given by name with untyped params; the result as JSON, or the error.
    public func call(method: String, params: JSONObject, session: ConnectionState) -> Result<JSONValue, ServiceError> {
        perform(method: method, params: params, session: session, writing: false).map { answer in
            switch answer {
            case .value(let value): return value
            case .written(let bytes): return (try? JSONParser.parse(bytes)) ?? .null
            }
        }
    }

    /// A result as a value, or as the compact JSON its model wrote itself (`JSONWritable`).
    private enum Answer {
        case value(JSONValue)
        case written([UInt8])
    }

    /// Runs a method, timing it; with `writing`, a result whose model is `JSONWritable` comes back as its bytes.
    private func perform(method: String, params: JSONObject, session: ConnectionState, writing: Bool) -> Result<Answer, ServiceError> {
        let started = ContinuousClock.now
        let result: Result<Answer, ServiceError>
        if let type = MethodTable.request(named: method) {
            result = Result { () throws(ServiceError) -> Answer in try run(type, params: params, session: session, writing: writing) }
        } else {
            result = .failure(.methodNotFound(method))
        }
        if case .string(let text)? = params["text"], text.utf8.count >= Self.largeTextBytes {
            // A large text leaves megabytes of freed heap behind; give them back so a long-lived daemon stays small.
            AllocatorTrim.releaseFreeMemory()
        }
        if services.languages.modelHasBeenRead { releaseModelPagesAtRest() }
        let failed: Bool
        if case .failure = result { failed = true } else { failed = false }
        stats.record(method: method, elapsed: ContinuousClock.now - started, failed: failed)
        return result
    }

    /// Gives back the language model's pages (`LanguageIdentification.releaseModelPages`) once no request has read it
    /// for `modelPagesRest`.
    ///
    /// Scoring new text maps pages all over the model. Given back after
    /// every request, each new text would map them again (in a daemon
    /// checking texts of ten new paragraphs one after another, 30% more CPU
    /// a check); given back when requests pause, a burst maps them once and
    /// the process at rest holds none.
    private func releaseModelPagesAtRest() {
        let request = modelReadingRequests.add(1, ordering: .relaxed).newValue
        DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + Self.modelPagesRest) { [self] in
            guard modelReadingRequests.load(ordering: .relaxed) == request else { return }
            services.languages.releaseModelPages()
        }
    }

    private func run<Request: TextServicesRequest>(_ type: Request.Type, params: JSONObject, session: ConnectionState,
                                                   writing: Bool) throws(ServiceError) -> Answer {
        var params = params
        let encoding = try Self.positionEncoding(params.storage.removeValue(forKey: "positionEncoding"))
        let request = try decoder.decodeParams(Request.self, from: .object(params))
        let context = RequestContext(services: services, session: session, requestedEncoding: encoding, server: server)
        do {
            let response = try request.handle(context)
            if writing, let writable = response as? any JSONWritable {
                var bytes: [UInt8] = []
                writable.writeJSON(to: &bytes)
                return .written(bytes)
            }
            return .value(JSONValueEncoder().encode(response))
        } catch {
            throw ServiceError(wrapping: error)
        }
    }

    /// A request's own `positionEncoding`, which every method takes.
    static func positionEncoding(_ value: JSONValue?) throws(ServiceError) -> PositionEncoding? {
        guard let value, value != .null else { return nil }
        guard case .string(let name) = value else { throw .invalidParams(field: "positionEncoding", "must be a string") }
        guard let encoding = PositionEncoding(name: name) else {
            throw .invalidParams(field: "positionEncoding", "must be \"utf-16\", \"utf-8\" or \"utf-32\"")
        }
        return encoding
    }
}
