import TextServices

/// A blocking JSON-RPC client of a running daemon, one request at a time.
///
/// Used by `textsvcd call` and by `CommandContext`. Not thread-safe.
/// Notifications the daemon pushes while a call waits are skipped.
final class DaemonClient {
    /// Why a call got no answer: the transport failed, not the method.
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let path: String
    private let socket: UnixSocket
    private var nextID = 1

    /// Connects to the daemon at `path`; throws when none listens there.
    ///
    /// A busy listener (its backlog full) is waited for at most `connectTimeoutSeconds`.
    init(path: String, connectTimeoutSeconds: Int = 5) throws(UnixSocket.Failure) {
        self.path = path
        self.socket = try UnixSocket.connect(path: path, timeoutSeconds: connectTimeoutSeconds)
    }

    /// Makes later calls fail (with `Failure`) when an answer takes longer than `seconds`; nil waits forever.
    func setReadTimeout(seconds: Double?) {
        socket.setReadTimeout(seconds: seconds)
    }

    /// A client of the daemon at `path`, or nil when no daemon answers there.
    static func connectIfRunning(path: String) -> DaemonClient? {
        try? DaemonClient(path: path)
    }

    /// Sends one request and waits for its response.
    ///
    /// Returns the method's result or its error; throws `Failure` when the
    /// connection breaks or the daemon answers with something that is not a
    /// response.
    func call(_ method: String, _ params: JSONObject) throws(Failure) -> Result<JSONValue, ServiceError> {
        let id = nextID
        nextID += 1
        do {
            try send(id: id, method, params)
        } catch {
            if let refusal = readRefusal() { return .failure(refusal) }
            throw error
        }
        while true {
            let (answeredID, outcome) = try readResponse()
            if answeredID == id { return outcome }
            // A line the daemon could not read at all is answered with a null id.
            if answeredID == nil, case .failure = outcome { return outcome }
        }
    }

    /// Sends several requests pipelined (at most `window` unanswered at once) and returns their outcomes in order.
    ///
    /// The daemon works on pipelined requests concurrently, so a large job cut
    /// in pieces uses every core. Throws `Failure` when the connection breaks.
    func callMany(_ requests: [(method: String, params: JSONObject)], window: Int = 4) throws(Failure)
        -> [Result<JSONValue, ServiceError>]
    {
        let firstID = nextID
        nextID += requests.count
        var outcomes = [Result<JSONValue, ServiceError>?](repeating: nil, count: requests.count)
        var sent = 0
        var received = 0
        while received < requests.count {
            while sent < requests.count, sent - received < window {
                try send(id: firstID + sent, requests[sent].method, requests[sent].params)
                sent += 1
            }
            let (id, outcome) = try readResponse()
            guard let id, id >= firstID, id < firstID + requests.count, outcomes[id - firstID] == nil else {
                throw Failure(description: "the daemon answered a request that was not sent (id \(id.map(String.init) ?? "null"))")
            }
            outcomes[id - firstID] = outcome
            received += 1
        }
        return outcomes.map { $0! }
    }

    private func send(id: Int, _ method: String, _ params: JSONObject) throws(Failure) {
        let request: JSONValue = ["jsonrpc": "2.0", "id": .int(id), "method": .string(method), "params": .object(params)]
        var line: [UInt8] = []
        request.write(to: &line)
        line.append(0x0A)
        do {
            try socket.write(line)
        } catch {
            throw Failure(description: "cannot send to the daemon: \(error)")
        }
    }

    /// A refusal the daemon sent before closing the connection (another user, say), if one can be read.
    private func readRefusal() -> ServiceError? {
        socket.setReadTimeout(seconds: 2)
        guard let reply = try? socket.readLine(), let message = try? JSONParser.parse(reply),
              let refusal = message["error"]?.objectValue, message["id"] == .null else { return nil }
        return ServiceError(code: refusal["code"]?.intValue ?? -32603,
                            message: refusal["message"]?.stringValue ?? "refused", data: refusal["data"])
    }

    /// Reads the next response (skipping notifications): its id and outcome.
    private func readResponse() throws(Failure) -> (Int?, Result<JSONValue, ServiceError>) {
        while true {
            let reply: [UInt8]?
            do {
                reply = try socket.readLine()
            } catch {
                throw Failure(description: "cannot read from the daemon: \(error)")
            }
            guard let reply else { throw Failure(description: "the daemon at \(path) closed the connection") }
            guard case .object(let object)? = try? JSONParser.parse(reply) else {
                throw Failure(description: "the daemon sent a malformed response")
            }
            if object["id"] == nil, object["method"] != nil { continue }
            let id = object["id"]?.intValue
            if let result = object["result"] { return (id, .success(result)) }
            if let error = object["error"]?.objectValue {
                return (id, .failure(ServiceError(code: error["code"]?.intValue ?? -32603,
                                                  message: error["message"]?.stringValue ?? "unknown error",
                                                  data: error["data"])))
            }
            throw Failure(description: "the daemon sent a message that is neither a response nor a notification")
        }
    }

    func close() {
        socket.close()
    }
}
