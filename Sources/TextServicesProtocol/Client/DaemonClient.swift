import Foundation
import Synchronization
import TextServices

/// A client of the user's daemon that never leaves its door without answers: it connects (starting the daemon when allowed), and restarts the daemon or works in this process when it fails.
///
/// With `start`, it works the way `gopls -remote=auto` and
/// `emacsclient -a ''` do: the first request connects to the socket,
/// starting a daemon when nothing listens there; two doors starting at once
/// end up with one daemon (the daemon's lock file decides, and the loser
/// connects to the winner). Without `start`, only a daemon that already
/// runs is used. When the daemon goes away under a request, `failover`
/// decides: `.restartDaemon` starts it again, re-sends what the daemon kept
/// for this client (ignored words, pasteboard subscriptions), tells
/// `onEvent` (`.reconnected`, so a language server rechecks its documents)
/// and retries the request, until too many failures make it work in this
/// process (`.fellBack`); `.workInProcess` does that at the first failure.
/// A daemon of another user is never talked to. Thread-safe.
public final class DaemonClient: TextServicesClient {
    /// What the client tells its door.
    public enum Event: Sendable, Equatable {
        /// The daemon was started again (or a new one found); the door's state was re-sent.
        case reconnected
        /// The client works in this process from now on; `reason` is for the user.
        case fellBack(reason: String)
    }

    public let socketPath: String
    public let positionEncoding: PositionEncoding
    public let failover: FailoverPolicy
    private let start: (@Sendable () throws -> Void)?
    private let makeFallback: @Sendable () -> any TextServicesClient
    private let onEvent: @Sendable (Event) -> Void
    private let state = Mutex(State())
    private let notifications = NotificationRouter()
    /// Serialises reconnecting, so that concurrent failures start one daemon.
    private let reconnecting = Mutex(())

    private let context: SpellingContext?

    /// How long a started daemon has to begin listening.
    static let startTimeoutSeconds = 20.0

    private struct State {
        var remote: RemoteTextServices?
        var local: (any TextServicesClient)?
        var failures: [ContinuousClock.Instant] = []
        /// What the daemon keeps for this client, to send again after a restart.
        var ignored: [String: Set<String>] = [:]
        var subscriptions: Set<String> = []
    }

    /// A client of the daemon at `socketPath`.
    ///
    /// `connected` is a connection already made (and introduced) to use
    /// first. `start` launches a detached daemon on that path (it may find
    /// another already there and exit); nil uses only a daemon that runs.
    /// `fallback` makes the in-process client used once the daemon cannot be
    /// kept; `onEvent` is called on the thread that noticed, and must not
    /// block. `context` (the door's dictionary search path and default
    /// language) is sent on every new connection, so that the daemon answers
    /// from it.
    public init(socketPath: String, positionEncoding: PositionEncoding = .utf8, context: SpellingContext? = nil,
                connected: RemoteTextServices? = nil,
                start: (@Sendable () throws -> Void)?,
                failover: FailoverPolicy = .editorDoor,
                fallback: @escaping @Sendable () -> any TextServicesClient,
                onEvent: @escaping @Sendable (Event) -> Void = { _ in }) {
        self.socketPath = socketPath
        self.positionEncoding = positionEncoding
        self.context = context
        self.start = start
        self.failover = failover
        self.makeFallback = fallback
        self.onEvent = onEvent
        if let connected {
            let notifications = self.notifications
            connected.onNotification { notifications.deliver($0) }
            state.withLock { $0.remote = connected }
        }
    }

    /// True once the client works in this process (requests may then carry the caller's text itself).
    public var handlesTextInProcess: Bool {
        state.withLock { $0.local?.handlesTextInProcess ?? false }
    }

    // MARK: TextServicesClient

    public func send<Request: TextServicesRequest>(_ request: Request) throws(ServiceError) -> Request.Response {
        while true {
            let client = try current()
            do {
                let response = try client.send(request)
                remember(request)
                return response
            } catch where error.isDaemonUnavailable && client is RemoteTextServices {
                try recover(from: error)
            }
        }
    }

    public func sendAll<Request: TextServicesRequest>(_ requests: [Request]) -> [Result<Request.Response, ServiceError>] {
        let client: any TextServicesClient
        do {
            client = try current()
        } catch {
            return requests.map { _ in .failure(error) }
        }
        var outcomes = client.sendAll(requests)
        var lost: [Int] = []
        for index in outcomes.indices {
            switch outcomes[index] {
            case .failure(let error) where error.isDaemonUnavailable && client is RemoteTextServices: lost.append(index)
            case .success: remember(requests[index])
            case .failure: break
            }
        }
        guard let first = lost.first, case .failure(let error) = outcomes[first] else { return outcomes }
        // The daemon went away under some of them: recover, then run those again together.
        do {
            try recover(from: error)
        } catch {
            for index in lost { outcomes[index] = .failure(error) }
            return outcomes
        }
        for (index, retried) in zip(lost, sendAll(lost.map { requests[$0] })) { outcomes[index] = retried }
        return outcomes
    }

    public func call(method: String, params: JSONObject) throws(ServiceError) -> JSONValue {
        while true {
            let client = try current()
            do {
                return try client.call(method: method, params: params)
            } catch where error.isDaemonUnavailable && client is RemoteTextServices {
                try recover(from: error)
            }
        }
    }

    public func onNotification(_ handler: @escaping @Sendable (ServerNotification) -> Void) {
        notifications.set(handler)
    }

    // MARK: Connecting

    /// The client requests go to now: the daemon (connecting, and starting it, on first use) or the in-process one.
    private func current() throws(ServiceError) -> any TextServicesClient {
        if let client = state.withLock({ $0.local ?? $0.remote }) { return client }
        return try reconnecting.withLock { _ throws(ServiceError) -> any TextServicesClient in
            if let client = state.withLock({ $0.local ?? $0.remote }) { return client }
            do {
                return try connect()
            } catch {
                return fallBack(because: ServiceError(wrapping: error).message)
            }
        }
    }

    /// Connects to the daemon, starting one when nothing listens and `start` is set; throws `daemonUnavailable` when that fails.
    private func connect() throws(ServiceError) -> RemoteTextServices {
        var started = false
        let deadline = Date().addingTimeInterval(Self.startTimeoutSeconds)
        while true {
            do throws(SystemFailure) {
                let remote = try RemoteTextServices(path: socketPath, positionEncoding: positionEncoding)
                // The daemon answers this door from the door's own search path and language.
                if let context {
                    do {
                        try remote.introduce(context)
                    } catch {
                        throw SystemFailure("introduce this door to the daemon at", socketPath, errno: .protocolNotSupported,
                                            reason: error.message)
                    }
                }
                let notifications = self.notifications
                remote.onNotification { notifications.deliver($0) }
                state.withLock { $0.remote = remote }
                return remote
            } catch where error.errno == .protocolNotSupported {
                throw .daemonUnavailable("\(error)")
            } catch where error.meansUntrustedPeer {
                throw .daemonUnavailable("\(error)")
            } catch {
                guard let start else {
                    throw .daemonUnavailable("no daemon answers on \(socketPath): \(error)")
                }
                if !started {
                    started = true
                    do {
                        try start()
                    } catch {
                        throw .daemonUnavailable("cannot start the daemon: \(error)")
                    }
                }
                guard Date() < deadline else {
                    throw .daemonUnavailable("the daemon did not start listening on \(socketPath) within \(Int(Self.startTimeoutSeconds)) s")
                }
                usleep(20_000)
            }
        }
    }

    /// After the daemon failed under a request: starts it again and re-sends this client's state, or falls back, as `failover` says.
    private func recover(from error: ServiceError) throws(ServiceError) {
        try reconnecting.withLock { _ throws(ServiceError) in
            let now = ContinuousClock.now
            let failures = state.withLock { state -> Int in
                state.remote?.close()
                state.remote = nil
                state.failures = state.failures.filter { now - $0 < failover.window } + [now]
                return state.failures.count
            }
            guard failures < failover.failuresBeforeFallback, state.withLock({ $0.local == nil }) else {
                _ = fallBack(because: failover.reason(failures: failures, error: error))
                return
            }
            do {
                let remote = try connect()
                try replay(on: remote)
            } catch {
                _ = fallBack(because: ServiceError(wrapping: error).message)
                return
            }
            onEvent(.reconnected)
        }
    }

    /// Sends a restarted daemon what the old one kept for this client.
    private func replay(on remote: RemoteTextServices) throws(ServiceError) {
        let (ignored, subscriptions) = state.withLock { ($0.ignored, $0.subscriptions) }
        for (documentId, words) in ignored {
            for word in words.sorted() { _ = try remote.send(SpellIgnoreRequest(word: word, documentId: documentId)) }
        }
        for name in subscriptions.sorted() { _ = try remote.send(PasteboardSubscribeRequest(name: name)) }
    }

    /// Works in this process from now on, with this client's state; tells the door once.
    private func fallBack(because reason: String) -> any TextServicesClient {
        let (made, isNew) = state.withLock { state -> (any TextServicesClient, Bool) in
            if let local = state.local { return (local, false) }
            let local = makeFallback()
            state.local = local
            state.remote?.close()
            state.remote = nil
            return (local, true)
        }
        guard isNew else { return made }
        let notifications = self.notifications
        made.onNotification { notifications.deliver($0) }
        let (ignored, subscriptions) = state.withLock { ($0.ignored, $0.subscriptions) }
        for (documentId, words) in ignored {
            for word in words { _ = try? made.send(SpellIgnoreRequest(word: word, documentId: documentId)) }
        }
        for name in subscriptions { _ = try? made.send(PasteboardSubscribeRequest(name: name)) }
        onEvent(.fellBack(reason: "\(reason); working without the daemon"))
        return made
    }

    /// Notes the state a request left in the daemon, to send again after a restart.
    private func remember<Request: TextServicesRequest>(_ request: Request) {
        switch request {
        case let ignore as SpellIgnoreRequest:
            state.withLock { _ = $0.ignored[ignore.documentId, default: []].insert(ignore.word) }
        case let close as SpellCloseDocumentRequest:
            state.withLock { _ = $0.ignored.removeValue(forKey: close.documentId) }
        case let subscribe as PasteboardSubscribeRequest:
            state.withLock { _ = $0.subscriptions.insert(subscribe.name) }
        case let unsubscribe as PasteboardUnsubscribeRequest:
            state.withLock { _ = $0.subscriptions.remove(unsubscribe.name) }
        default:
            break
        }
    }
}
