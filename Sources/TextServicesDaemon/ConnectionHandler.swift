import Logging
import NIOCore
import NIOPosix
import TextServices
import TextServicesProtocol

/// Serves one client connection: runs its requests on the worker pool and writes the answers.
///
/// Requests run concurrently and are answered as they finish, so a
/// pipelining client gets answers out of order (the `id` pairs them). At
/// most `maximumRunningPerConnection` of one connection's requests are handed
/// to the worker pool at a time, the rest wait here, so a client that
/// pipelines many slow requests cannot queue them ahead of everyone else's.
/// Reading pauses while too many requests are in flight or the outbound
/// buffer is above its high-water mark, so a client that stops reading
/// cannot make the server buffer without bound. All state is touched on the
/// channel's event loop only; other threads hop there with `execute`.
final class ConnectionHandler: ChannelDuplexHandler, @unchecked Sendable {
    typealias InboundIn = Frame
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let requests: RequestDispatcher
    private let pool: NIOThreadPool
    private let settings: ServerSettings
    private let logger: Logger
    private let onClose: @Sendable (ObjectIdentifier) -> Void
    private let onAnswer: @Sendable () -> Void
    private let peerCredentials: @Sendable (Channel) -> EventLoopFuture<PeerCredentials>
    private(set) var session: ConnectionState!

    private var context: ChannelHandlerContext?
    private var eventLoop: EventLoop?
    private var verified = false
    /// Requests received and not yet answered: waiting here or running.
    private var inFlight = 0
    private var running = 0
    private var waiting = CircularBuffer<ByteBuffer>()
    private var readPending = false
    private var inputClosed = false
    private var draining = false
    private var closing = false
    /// A refused peer's bytes are read and dropped until it closes, so that closing does not reset the connection.
    private var discardingInput = false
    private var lastWrite: EventLoopFuture<Void>?
    /// Notification bytes written while the channel was not writable.
    private var unwritableNotificationBytes = 0

    /// `peerCredentials` reads who is on the other end (the kernel's `SO_PEERCRED` unless given); `onAnswer` runs
    /// on the event loop after each answer is written.
    init(requests: RequestDispatcher, pool: NIOThreadPool, settings: ServerSettings, logger: Logger,
         peerCredentials: @escaping @Sendable (Channel) -> EventLoopFuture<PeerCredentials> = PeerCredentials.of,
         onAnswer: @escaping @Sendable () -> Void = {},
         onClose: @escaping @Sendable (ObjectIdentifier) -> Void) {
        self.requests = requests
        self.pool = pool
        self.settings = settings
        self.logger = logger
        self.peerCredentials = peerCredentials
        self.onAnswer = onAnswer
        self.onClose = onClose
    }

    // MARK: Life cycle

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        let eventLoop = context.eventLoop
        self.eventLoop = eventLoop
        session = ConnectionState(notify: { [weak self] message in
            var bytes = JSONRPCMessage.encode(message)
            bytes.append(0x0A)
            let line = bytes
            guard let handler = self else { return }
            eventLoop.execute { handler.writeNotification(line) }
        })
        if context.channel.isActive { verifyPeer(context: context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        verifyPeer(context: context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        if verified { requests.stats.connectionClosed() }
        requests.server.unregister(session)
        verified = false
        logger.debug("connection closed", metadata: ["session": "\(session.id)", "inFlight": "\(inFlight)"])
        onClose(ObjectIdentifier(self))
        requests.services.pasteboards.observerClosed(session)
        // Requests held back while the client was not reading still run; their answers are dropped.
        startWaitingRequests()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
    }

    /// Refuses a peer whose user id is not the server's.
    private func verifyPeer(context: ChannelHandlerContext) {
        guard !verified, !closing else { return }
        let expected = settings.allowedUserID
        peerCredentials(context.channel).hop(to: context.eventLoop).whenComplete { [self] result in
            switch result {
            case .success(let peer) where peer.userID == expected:
                verified = true
                requests.stats.connectionOpened()
                requests.server.register(session)
                logger.debug("connection opened", metadata: ["session": "\(session.id)", "pid": "\(peer.processID)"])
                resumeReadingIfPossible()
            case .success(let peer):
                logger.warning("refused a connection from another user",
                               metadata: ["uid": "\(peer.userID)", "pid": "\(peer.processID)"])
                refuse(reason: "connections are accepted only from user \(expected), not \(peer.userID)")
            case .failure(let error):
                logger.warning("refused a connection whose peer is unknown", metadata: ["error": "\(error)"])
                refuse(reason: "cannot read the peer's credentials")
            }
        }
    }

    /// Answers a peer that may not connect with one error line, then closes; runs on the event loop.
    ///
    /// After the line, the connection is closed for writing and what the
    /// peer sent is read and dropped until it closes (at most 2 seconds): a
    /// socket closed with the peer's bytes unread is reset, and the peer's
    /// read could then fail before it sees the line. Where the channel
    /// cannot half-close, it is closed at once.
    private func refuse(reason: String) {
        closing = true
        guard let context else { return }
        let channel = context.channel
        let error = ServiceError.invalidRequest("connection refused: \(reason)")
        let line = Self.lineBuffer(JSONRPCMessage.errorResponse(id: .null, error: error), allocator: channel.allocator)
        context.writeAndFlush(wrapOutboundOut(line)).whenComplete { [self] _ in
            let halfClosed = channel.eventLoop.makePromise(of: Void.self)
            channel.close(mode: .output, promise: halfClosed)
            halfClosed.futureResult.whenComplete { [self] result in
                guard case .success = result else {
                    channel.close(promise: nil)
                    return
                }
                discardingInput = true
                readPending = false
                channel.read()
                channel.eventLoop.scheduleTask(in: .seconds(2)) { channel.close(promise: nil) }
            }
        }
    }

    // MARK: Input

    func read(context: ChannelHandlerContext) {
        if shouldPauseReading(context: context) {
            readPending = true
        } else {
            context.read()
        }
    }

    private func shouldPauseReading(context: ChannelHandlerContext) -> Bool {
        if discardingInput { return false }
        return !verified || draining || closing || inFlight >= settings.maximumInFlightPerConnection || !context.channel.isWritable
    }

    private func resumeReadingIfPossible() {
        guard let context, readPending, !shouldPauseReading(context: context) else { return }
        readPending = false
        context.read()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard verified, !closing else { return }
        switch unwrapInboundIn(data) {
        case .tooLong:
            requests.stats.recordError()
            let error = ServiceError.tooLarge("request line", limit: settings.maximumLineBytes)
            write(Self.lineBuffer(JSONRPCMessage.errorResponse(id: .null, error: error), allocator: context.channel.allocator),
                  context: context)
        case .line(let line):
            if line.readableBytesView.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { return }
            dispatch(line)
        }
    }

    private func dispatch(_ line: ByteBuffer) {
        inFlight += 1
        waiting.append(line)
        startWaitingRequests()
    }

    /// Hands waiting requests to the pool, up to the per-connection limit.
    ///
    /// Starts none while the outbound buffer is above its high-water mark: a
    /// client that sends a burst of requests for large answers and reads
    /// none would otherwise have every answer of the burst buffered here.
    /// Runs even after the connection closed: every request received is
    /// carried out (a notification has an effect), only its answer is dropped.
    private func startWaitingRequests() {
        guard let eventLoop else { return }
        if let channel = context?.channel, channel.isActive, !channel.isWritable { return }
        while running < settings.maximumRunningPerConnection, let line = waiting.popFirst() {
            running += 1
            submit(line, eventLoop: eventLoop)
        }
    }

    private func submit(_ line: ByteBuffer, eventLoop: EventLoop) {
        let requests = self.requests
        let session = self.session!
        pool.submit { [self] state in
            let response: [UInt8]?
            if case .active = state {
                response = requests.handle(line: Array(line.readableBytesView), session: session)
            } else {
                let error = ServiceError.internalError("the server is shutting down")
                response = JSONRPCMessage.encode(JSONRPCMessage.errorResponse(id: .null, error: error))
            }
            eventLoop.execute { self.finish(response) }
        }
    }

    /// Writes a finished request's response; runs on the event loop.
    private func finish(_ response: [UInt8]?) {
        inFlight -= 1
        running -= 1
        startWaitingRequests()
        guard let context else { return }
        if let response, context.channel.isActive {
            var buffer = context.channel.allocator.buffer(capacity: response.count + 1)
            buffer.writeBytes(response)
            buffer.writeInteger(UInt8(0x0A))
            write(buffer, context: context)
            onAnswer()
        }
        resumeReadingIfPossible()
        closeIfDone(context: context)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case ChannelEvent.inputClosed = event {
            inputClosed = true
            closeIfDone(context: context)
        }
        context.fireUserInboundEventTriggered(event)
    }

    // MARK: Output

    private func write(_ buffer: ByteBuffer, context: ChannelHandlerContext) {
        let promise = context.eventLoop.makePromise(of: Void.self)
        context.writeAndFlush(wrapOutboundOut(buffer), promise: promise)
        lastWrite = promise.futureResult
    }

    private func writeNotification(_ bytes: [UInt8]) {
        guard let context, verified, !closing, context.channel.isActive else { return }
        if !context.channel.isWritable {
            unwritableNotificationBytes += bytes.count
            if unwritableNotificationBytes > settings.maximumUnreadNotificationBytes {
                logger.warning("closing a connection that does not read its notifications",
                               metadata: ["session": "\(session.id)", "pendingBytes": "\(unwritableNotificationBytes)"])
                closing = true
                context.close(promise: nil)
                return
            }
        }
        var buffer = context.channel.allocator.buffer(capacity: bytes.count)
        buffer.writeBytes(bytes)
        write(buffer, context: context)
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable {
            unwritableNotificationBytes = 0
            startWaitingRequests()
            resumeReadingIfPossible()
        }
        context.fireChannelWritabilityChanged()
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        logger.debug("connection error", metadata: ["session": "\(session.id)", "error": "\(error)"])
        context.close(promise: nil)
    }

    // MARK: Closing

    /// Stops reading new requests and closes once those in flight are answered; runs on the event loop.
    func beginDrain() {
        draining = true
        guard let context else { return }
        closeIfDone(context: context)
    }

    private func closeIfDone(context: ChannelHandlerContext) {
        guard inFlight == 0, inputClosed || draining, !closing else { return }
        closing = true
        if let lastWrite {
            let channel = context.channel
            lastWrite.whenComplete { _ in channel.close(promise: nil) }
        } else {
            context.close(promise: nil)
        }
    }

    static func lineBuffer(_ value: JSONValue, allocator: ByteBufferAllocator) -> ByteBuffer {
        var bytes = JSONRPCMessage.encode(value)
        bytes.append(0x0A)
        var buffer = allocator.buffer(capacity: bytes.count)
        buffer.writeBytes(bytes)
        return buffer
    }
}
