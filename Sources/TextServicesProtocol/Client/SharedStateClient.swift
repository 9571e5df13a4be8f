import Synchronization
import TextServices

/// A client that works in this process but makes its changes to shared state through the daemon, when one runs.
///
/// For `--no-daemon`: checking, guesses and everything that only reads run
/// here; learning a word or writing a pasteboard (requests whose type says
/// `changesSharedState`) goes to the user's daemon when one answers, so that
/// the daemon stays the one owner of that state and every client hears of
/// the change. With no daemon, they run here too (learned words are still
/// saved safely beside any other process's).
public final class SharedStateClient: TextServicesClient {
    public let local: any TextServicesClient
    private let connect: @Sendable () -> (any TextServicesClient)?
    private let daemon = Mutex<(any TextServicesClient)??>(nil)

    /// `connect` reaches the daemon, or answers nil when none runs; it is called once, when first needed.
    public init(local: any TextServicesClient, daemon connect: @escaping @Sendable () -> (any TextServicesClient)?) {
        self.local = local
        self.connect = connect
    }

    public var positionEncoding: PositionEncoding { local.positionEncoding }
    /// Text requests never change shared state: they run on `local`.
    public var handlesTextInProcess: Bool { local.handlesTextInProcess }

    /// The daemon's client, connecting on first use; nil when no daemon runs.
    private var shared: (any TextServicesClient)? {
        daemon.withLock { cached in
            if let cached { return cached }
            let made = connect()
            cached = .some(made)
            return made
        }
    }

    public func send<Request: TextServicesRequest>(_ request: Request) throws(ServiceError) -> Request.Response {
        if Request.changesSharedState, let shared {
            do {
                return try shared.send(request)
            } catch where error.isDaemonUnavailable {
                daemon.withLock { $0 = .some(nil) }
            }
        }
        return try local.send(request)
    }

    public func sendAll<Request: TextServicesRequest>(_ requests: [Request]) -> [Result<Request.Response, ServiceError>] {
        guard Request.changesSharedState else { return local.sendAll(requests) }
        return requests.map { request in Result { () throws(ServiceError) in try send(request) } }
    }

    public func call(method: String, params: JSONObject) throws(ServiceError) -> JSONValue {
        if MethodTable.request(named: method)?.changesSharedState == true, let shared {
            do {
                return try shared.call(method: method, params: params)
            } catch where error.isDaemonUnavailable {
                daemon.withLock { $0 = .some(nil) }
            }
        }
        return try local.call(method: method, params: params)
    }

    public func onNotification(_ handler: @escaping @Sendable (ServerNotification) -> Void) {
        local.onNotification(handler)
    }
}
