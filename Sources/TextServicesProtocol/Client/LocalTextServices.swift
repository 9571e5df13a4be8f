import Dispatch
import Synchronization
import TextServices

/// The client that runs requests in this process, on its own services.
///
/// Requests are handled directly, without JSON; `call` goes through the
/// same dispatcher the daemon uses. `sendAll` runs requests on every core.
public final class LocalTextServices: TextServicesClient {
    public let services: Services
    public let dispatcher: RequestDispatcher
    public let session: ConnectionState
    public let positionEncoding: PositionEncoding
    private let notifications = NotificationRouter()

    /// A client over `services`, counting positions in `positionEncoding`.
    public init(services: Services, positionEncoding: PositionEncoding = .utf8) {
        self.services = services
        self.dispatcher = RequestDispatcher(services: services)
        self.positionEncoding = positionEncoding
        let notifications = self.notifications
        self.session = ConnectionState(positionEncoding: positionEncoding) { notifications.deliver(message: $0) }
        dispatcher.server.register(session)
    }

    public var handlesTextInProcess: Bool { true }

    public func send<Request: TextServicesRequest>(_ request: Request) throws(ServiceError) -> Request.Response {
        let started = ContinuousClock.now
        let context = RequestContext(services: services, session: session, requestedEncoding: nil, server: dispatcher.server)
        let result = Result { try request.handle(context) }.mapError(ServiceError.init(wrapping:))
        let failed: Bool
        if case .failure = result { failed = true } else { failed = false }
        dispatcher.stats.record(method: Request.method, elapsed: ContinuousClock.now - started, failed: failed)
        return try result.get()
    }

    public func sendAll<Request: TextServicesRequest>(_ requests: [Request]) -> [Result<Request.Response, ServiceError>] {
        guard requests.count > 1 else {
            return requests.map { request in Result { () throws(ServiceError) in try send(request) } }
        }
        let outcomes = Mutex([Result<Request.Response, ServiceError>?](repeating: nil, count: requests.count))
        DispatchQueue.concurrentPerform(iterations: requests.count) { index in
            let outcome = Result { () throws(ServiceError) in try self.send(requests[index]) }
            outcomes.withLock { $0[index] = outcome }
        }
        return outcomes.withLock { $0.map { $0! } }
    }

    public func call(method: String, params: JSONObject) throws(ServiceError) -> JSONValue {
        try dispatcher.call(method: method, params: params, session: session).get()
    }

    public func onNotification(_ handler: @escaping @Sendable (ServerNotification) -> Void) {
        notifications.set(handler)
    }
}
