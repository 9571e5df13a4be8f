import Dispatch
import Foundation
import Synchronization
import TextServices

/// The client that sends requests to a running daemon over its Unix socket.
///
/// Requests are pipelined: any number of threads may send at once, and a
/// reader thread pairs each answer with its request by id and passes
/// notifications to `onNotification`'s handler. Every request carries the
/// client's `positionEncoding`. When the connection breaks, every request
/// waiting and every later one fails with `ServiceError.daemonUnavailable`.
/// A malformed-line error the daemon answers with a null id fails the one
/// request in flight, or every request in flight when several are (they
/// cannot be told apart); until the daemon answers a request again, it is
/// also what requests fail with if the connection then breaks (a refusal the
/// daemon sends as it accepts can come before the first request is written).
public final class RemoteTextServices: TextServicesClient {
    public let path: String
    public let positionEncoding: PositionEncoding
    /// How long a request may wait for its answer before it fails with `daemonUnavailable`; nil for no limit.
    public let answerTimeoutSeconds: Double?
    private let socket: UnixSocket
    private let state = Mutex(State())
    private let writing = Mutex(())
    private let notifications = NotificationRouter()

    private struct State {
        var nextID = 1
        var pending: [Int: Waiter] = [:]
        /// Why the connection is gone, once it is.
        var broken: String?
        /// The last error the daemon answered with a null id since its last answer to a request (a refusal it sends
        /// as it accepts, which may come before the first request is written): what a break that follows is told as.
        var unclaimed: ServiceError?
    }

    /// A request's result as the reader thread passed it on.
    enum Answer {
        /// A parsed result.
        case value(JSONValue)
        /// The bytes of a result the daemon wrote in its usual line (`{"jsonrpc":"2.0","id":N,"result":...}`), not yet
        /// parsed: the waiting thread reads them, straight into its model when the model reads bytes.
        case written([UInt8])
    }

    /// One request waiting for its answer.
    private final class Waiter: @unchecked Sendable {
        private let done = DispatchSemaphore(value: 0)
        // Written once before `done` is signalled, read after the wait.
        private var outcome: Result<Answer, ServiceError>?
        let completion: (@Sendable () -> Void)?

        init(completion: (@Sendable () -> Void)? = nil) {
            self.completion = completion
        }

        func finish(_ result: Result<Answer, ServiceError>) {
            outcome = result
            done.signal()
            completion?()
        }

        /// The outcome, or nil when `seconds` passed without one.
        func wait(seconds: Double?) -> Result<Answer, ServiceError>? {
            guard let seconds else {
                done.wait()
                return outcome!
            }
            guard done.wait(timeout: .now() + seconds) == .success else { return nil }
            return outcome!
        }
    }

    /// Connects to the daemon at `path`.
    ///
    /// Throws the `SystemFailure` of the connection: no daemon there
    /// (`meansNoListener`), a listener of another user (`meansUntrustedPeer`), ...
    public init(path: String, positionEncoding: PositionEncoding = .utf8, timeoutSeconds: Double = 5,
                answerTimeoutSeconds: Double? = nil) throws(SystemFailure) {
        self.path = path
        self.positionEncoding = positionEncoding
        self.answerTimeoutSeconds = answerTimeoutSeconds
        self.socket = try UnixSocket.connect(path: path, timeoutSeconds: timeoutSeconds)
        let socket = self.socket
        let thread = Thread { [weak self] in
            // Holds the client only while handling a message, so that releasing it closes the socket and ends this thread.
            Self.readAnswers(socket) { [weak self] in self }
        }
        thread.name = "textsvcd-client"
        thread.start()
    }

    /// A client of the daemon at `path`, or nil when no daemon of this user answers there.
    ///
    /// With `context`, the daemon is told it first (`introduce`); nil when
    /// it does not take it (a daemon older than `session.context`).
    public static func connectIfRunning(path: String, positionEncoding: PositionEncoding = .utf8,
                                        context: SpellingContext? = nil) -> RemoteTextServices? {
        guard let remote = try? RemoteTextServices(path: path, positionEncoding: positionEncoding) else { return nil }
        if let context {
            do { try remote.introduce(context) } catch { return nil }
        }
        return remote
    }

    /// Sends `initialize` with this client's spelling context: the daemon answers this connection from it.
    ///
    /// Throws what the daemon answered (-32602 from a daemon without the
    /// `session.context` capability) or `daemonUnavailable`.
    public func introduce(_ context: SpellingContext) throws(ServiceError) {
        _ = try send(InitializeRequest(client: "textsvcd", context: InitializeRequest.SessionContext(context)))
    }

    deinit { socket.disconnect() }

    /// Ends the connection; requests waiting fail. The reader thread releases the socket when it sees the end.
    public func close() {
        socket.disconnect()
    }

    // MARK: TextServicesClient

    public func send<Request: TextServicesRequest>(_ request: Request) throws(ServiceError) -> Request.Response {
        let (id, waiter) = try start(request)
        return try Self.decodeAnswer(Request.Response.self, outcome(of: id, waiter))
    }

    /// The answer to request `id`, or `daemonUnavailable` once `answerTimeoutSeconds` pass without it.
    private func outcome(of id: Int, _ waiter: Waiter) -> Result<Answer, ServiceError> {
        if let result = waiter.wait(seconds: answerTimeoutSeconds) { return result }
        state.withLock { _ = $0.pending.removeValue(forKey: id) }
        return .failure(.daemonUnavailable("no answer from \(path) within \(answerTimeoutSeconds ?? 0) s"))
    }

    public func sendAll<Request: TextServicesRequest>(_ requests: [Request]) -> [Result<Request.Response, ServiceError>] {
        // A few in flight at once keeps the daemon's workers busy without queueing a whole job there.
        let window = DispatchSemaphore(value: 4)
        var waiters: [Result<(Int, Waiter), ServiceError>] = []
        for request in requests {
            window.wait()
            waiters.append(Result { () throws(ServiceError) in
                try start(request, completion: { window.signal() })
            })
            if case .failure = waiters.last! { window.signal() }
        }
        return waiters.map { started in
            Result { () throws(ServiceError) in
                let (id, waiter) = try started.get()
                return try Self.decodeAnswer(Request.Response.self, outcome(of: id, waiter))
            }
        }
    }

    public func call(method: String, params: JSONObject) throws(ServiceError) -> JSONValue {
        let (id, waiter) = try start(method, .object(params))
        return try Self.value(of: outcome(of: id, waiter).get())
    }

    public func onNotification(_ handler: @escaping @Sendable (ServerNotification) -> Void) {
        notifications.set(handler)
    }

    // MARK: Sending

    /// Sends a typed request: one that writes itself (`JSONWritable`) straight into its line, any other through the
    /// Codable tree. Both give the same bytes (pinned by the request-writing tests).
    private func start<Request: TextServicesRequest>(_ request: Request,
                                                     completion: (@Sendable () -> Void)? = nil) throws(ServiceError) -> (Int, Waiter) {
        guard let writable = request as? any JSONWritable else {
            return try start(Request.method, JSONValueEncoder().encode(request), completion: completion)
        }
        let (id, waiter) = try register(completion: completion)
        send(Self.requestLine(id: id, method: Request.method, params: writable, positionEncoding: positionEncoding))
        return (id, waiter)
    }

    /// A request's line (with its newline) from a model that writes its own params, `positionEncoding` added last as
    /// the Codable path adds it; the model must not write `positionEncoding` itself.
    static func requestLine(id: Int, method: String, params: any JSONWritable, positionEncoding: PositionEncoding) -> [UInt8] {
        var line: [UInt8] = []
        line.append(contentsOf: #"{"jsonrpc":"2.0","id":"#.utf8)
        JSONValue.writeInt(id, to: &line)
        line.append(contentsOf: #","method":"#.utf8)
        JSONValue.writeString(method, to: &line)
        line.append(contentsOf: #","params":"#.utf8)
        let open = line.count
        params.writeJSON(to: &line)
        line.removeLast()  // the params' closing brace
        if line.count > open + 1 { line.append(UInt8(ascii: ",")) }
        line.append(contentsOf: #""positionEncoding":"#.utf8)
        JSONValue.writeString(positionEncoding.rawValue, to: &line)
        line.append(contentsOf: "}}\n".utf8)
        return line
    }

    private func start(_ method: String, _ params: JSONValue,
                       completion: (@Sendable () -> Void)? = nil) throws(ServiceError) -> (Int, Waiter) {
        var params = params.objectValue ?? JSONObject()
        if params["positionEncoding"] == nil { params["positionEncoding"] = .string(positionEncoding.rawValue) }
        let (id, waiter) = try register(completion: completion)
        var line = JSONRPCMessage.encode(JSONRPCMessage.request(id: .int(id), method: method, params: .object(params)))
        line.append(0x0A)
        send(line)
        return (id, waiter)
    }

    /// A new request id, with the waiter its answer will finish.
    private func register(completion: (@Sendable () -> Void)?) throws(ServiceError) -> (Int, Waiter) {
        let waiter = Waiter(completion: completion)
        let id = try state.withLock { (state: inout State) throws(ServiceError) -> Int in
            if let broken = state.broken { throw state.unclaimed ?? .daemonUnavailable(broken) }
            let id = state.nextID
            state.nextID += 1
            state.pending[id] = waiter
            return id
        }
        return (id, waiter)
    }

    /// Writes one request line.
    private func send(_ line: [UInt8]) {
        do {
            try writing.withLock { _ throws(SystemFailure) in try socket.write(line) }
        } catch {
            // The reader sees the same break and fails what is waiting, this request included
            // (unless the daemon answered it first, for example with a refusal).
            socket.shutdownWriting()
        }
    }

    /// A daemon's answer as the typed response, or the error it carried.
    ///
    /// An answer the response type cannot read is an internal error naming
    /// the type; the server's encoder and this decoder must agree on every
    /// value (pinned by the response round-trip tests and the answers fuzzer).
    static func decodeAnswer<Response: Decodable>(_ type: Response.Type,
                                                  _ result: Result<Answer, ServiceError>) throws(ServiceError) -> Response {
        if case .success(.written(let bytes)) = result, let readable = Response.self as? any JSONBytesReadable.Type,
           let response = bytes.withUnsafeBufferPointer({ readable.init(jsonBytes: $0) }) as? Response {
            return response
        }
        return try decodeAnswer(type, result.flatMap { answer in Result { () throws(ServiceError) in try value(of: answer) } })
    }

    /// A result as a value: written bytes are parsed, and bytes that are not JSON are an internal error.
    static func value(of answer: Answer) throws(ServiceError) -> JSONValue {
        switch answer {
        case .value(let value): return value
        case .written(let bytes):
            do {
                return try JSONParser.parse(bytes)
            } catch {
                throw .internalError("the daemon sent a malformed result: \(error)")
            }
        }
    }

    /// A daemon's answer as the typed response, or the error it carried (see `decodeAnswer(_:_:)` above).
    static func decodeAnswer<Response: Decodable>(_ type: Response.Type,
                                                  _ result: Result<JSONValue, ServiceError>) throws(ServiceError) -> Response {
        let value = try result.get()
        // A model that reads itself takes a well-formed answer without the Codable machinery; anything else is decoded
        // below, for the error that names the field.
        if let readable = Response.self as? any JSONReadable.Type, let response = readable.init(json: value) as? Response {
            return response
        }
        do {
            return try JSONValueDecoder().decodeParams(type, from: value)
        } catch {
            throw .internalError("the daemon answered \(Response.self) in an unexpected shape: \(error.message)")
        }
    }

    // MARK: Reading

    /// Runs on the reader thread until the connection ends.
    private static func readAnswers(_ socket: UnixSocket, client: () -> RemoteTextServices?) {
        // The descriptor is released only here, once nothing reads it, so it cannot be reused under a read.
        defer { socket.close() }
        var reason = "the daemon at \(socket.path) closed the connection"
        while true {
            let line: [UInt8]?
            do {
                line = try socket.readLine()
            } catch {
                reason = "cannot read from the daemon: \(error)"
                break
            }
            guard let line else { break }
            if let (id, result) = writtenResult(line) {
                guard let receiver = client() else { return }
                receiver.receive(id: id, result: result)
                continue
            }
            guard let message = try? JSONParser.parse(line) else {
                reason = "the daemon sent a malformed message"
                break
            }
            guard let receiver = client() else { return }
            receiver.receive(message)
        }
        client()?.fail(reason)
    }

    /// The id and result bytes of a line in the shape the daemon writes an answer (`JSONRPCMessage.encodeResponse`:
    /// `{"jsonrpc":"2.0","id":N,"result":...}` with a decimal id); nil for any other line, which is parsed whole.
    ///
    /// The result's bytes are parsed where they are read, so a malformed result fails its own request.
    static func writtenResult(_ line: [UInt8]) -> (id: Int, result: [UInt8])? {
        let (head, tail) = (answerHead, answerTail)
        guard line.count > head.count + tail.count + 2, line.last == UInt8(ascii: "}"), line.starts(with: head) else { return nil }
        var index = head.count
        var id = 0
        while index < line.count, line[index] >= UInt8(ascii: "0"), line[index] <= UInt8(ascii: "9"), index - head.count < 18 {
            id = id * 10 + Int(line[index] - UInt8(ascii: "0"))
            index += 1
        }
        let digits = index - head.count
        guard digits > 0, digits == 1 || line[head.count] != UInt8(ascii: "0"),
              line[index...].starts(with: tail), index + tail.count < line.count - 1 else { return nil }
        return (id, Array(line[(index + tail.count)..<(line.count - 1)]))
    }

    /// What the daemon's usual answer line holds before its id, and between its id and its result.
    private static let answerHead = Array(#"{"jsonrpc":"2.0","id":"#.utf8)
    private static let answerTail = Array(#","result":"#.utf8)

    private func receive(id: Int, result: [UInt8]) {
        finishRequest(id, .success(.written(result)))
    }

    /// Finishes request `id` with its outcome; an answer means the connection works, so an earlier unclaimed error no
    /// longer explains a break.
    private func finishRequest(_ id: Int, _ result: Result<Answer, ServiceError>) {
        state.withLock { state in
            state.unclaimed = nil
            return state.pending.removeValue(forKey: id)
        }?.finish(result)
    }

    private func receive(_ message: JSONValue) {
        switch JSONRPCMessage(message) {
        case .response(.int(let id), let result):
            finishRequest(id, result.map(Answer.value))
        case .response(_, let result):
            // An answer to a line the daemon could not read: it belongs to what is in flight.
            let waiting = state.withLock { state -> [Waiter] in
                if case .failure(let error) = result { state.unclaimed = error }
                defer { state.pending.removeAll() }
                return Array(state.pending.values)
            }
            for waiter in waiting { waiter.finish(result.map(Answer.value)) }
        case .notification(let method, let params):
            notifications.deliver(method: method, params: .object(params))
        case .request, .invalid:
            break
        }
    }

    private func fail(_ reason: String) {
        let (waiting, unclaimed) = state.withLock { state -> ([Waiter], ServiceError?) in
            state.broken = state.broken ?? reason
            defer { state.pending.removeAll() }
            return (Array(state.pending.values), state.unclaimed)
        }
        for waiter in waiting { waiter.finish(.failure(unclaimed ?? .daemonUnavailable(reason))) }
    }
}
