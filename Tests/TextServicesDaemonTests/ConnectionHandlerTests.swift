import Dispatch
import Foundation
import Logging
import NIOCore
import NIOEmbedded
import NIOPosix
import Synchronization
import Testing
import TextServices
import TextServicesProtocol
@testable import TextServicesDaemon
@testable import TextServicesTestSupport

/// One connection's handling, in process: answers, the line limit, refusal of other users and back-pressure.
@Suite struct ConnectionHandlerTests {
    /// Counts the reads the handler passes on towards the socket, so a test sees whether reading is paused.
    private final class ReadCounter: ChannelOutboundHandler, @unchecked Sendable {
        typealias OutboundIn = ByteBuffer
        /// Touched on the channel's event loop only.
        var reads = 0

        func read(context: ChannelHandlerContext) {
            reads += 1
            context.read()
        }
    }

    /// A connected channel: the read counter, the frame decoder and a handler whose peer is `peerUserID`.
    private struct Connection {
        var channel: NIOAsyncTestingChannel
        var counter: ReadCounter
        var pool: NIOThreadPool

        var reads: Int {
            get async throws { try await channel.testingEventLoop.executeInContext { [counter] in counter.reads } }
        }

        func send(_ line: String) async throws {
            try await channel.writeInbound(ByteBuffer(string: line + "\n"))
        }

        /// The next line the handler writes, parsed.
        func answer() async throws -> JSONValue {
            let buffer = try await channel.waitForOutboundWrite(as: ByteBuffer.self)
            var text = String(buffer: buffer)
            #expect(text.hasSuffix("\n"))
            text.removeLast()
            return try JSONParser.parse(text)
        }

        func close() async throws {
            _ = try? await channel.finish()
            try await pool.shutdownGracefully()
        }
    }

    private static func settings(maximumLineBytes: Int = 256, inFlight: Int = 64, running: Int = 2) -> ServerSettings {
        var settings = ServerSettings(socketPath: "/unused", workerThreads: 1, maximumLineBytes: maximumLineBytes,
                                      allowedUserID: 1000)
        settings.maximumInFlightPerConnection = inFlight
        settings.maximumRunningPerConnection = running
        return settings
    }

    /// Quiet: a refused peer is logged as a warning, which this suite provokes on purpose.
    private static let logger: Logger = {
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        return logger
    }()

    private static let requests: RequestDispatcher = {
        let dataHome = TestSupport.temporaryFolder("connection")
        let configuration = Configuration(dataHome: dataHome, bundledDictionaries: nil, systemDictionaryPaths: [])
        return RequestDispatcher(services: Services(configuration: configuration))
    }()

    private func connect(_ settings: ServerSettings, peerUserID: UInt32 = 1000, poolThreads: Int = 1,
                         onAnswer: @escaping @Sendable () -> Void = {}) async throws -> Connection {
        let pool = NIOThreadPool(numberOfThreads: poolThreads)
        pool.start()
        let handler = ConnectionHandler(
            requests: Self.requests, pool: pool, settings: settings, logger: Self.logger,
            peerCredentials: { channel in
                channel.eventLoop.makeSucceededFuture(PeerCredentials(processID: 1, userID: peerUserID, groupID: 0))
            },
            onAnswer: onAnswer,
            onClose: { _ in })
        let counter = ReadCounter()
        let limit = settings.maximumLineBytes
        let channel = try await NIOAsyncTestingChannel { channel in
            try channel.pipeline.syncOperations.addHandler(counter)
            try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(LineFrameDecoder(maximumLineBytes: limit)))
            try channel.pipeline.syncOperations.addHandler(handler)
        }
        try await channel.connect(to: SocketAddress(unixDomainSocketPath: "/unused.sock"))
        return Connection(channel: channel, counter: counter, pool: pool)
    }

    private static func stats(id: Int) -> String { #"{"jsonrpc":"2.0","id":\#(id),"method":"stats"}"# }

    @Test func aRequestIsAnswered() async throws {
        let connection = try await connect(Self.settings())
        try await connection.send(Self.stats(id: 7))
        let answer = try await connection.answer()
        #expect(answer["id"] == 7)
        #expect(answer["result"]?.objectValue != nil)
        try await connection.close()
    }

    /// How many times something happened, from any thread.
    private final class Tally: Sendable {
        private let count = Mutex(0)
        func add() { count.withLock { $0 += 1 } }
        var value: Int { count.withLock { $0 } }
    }

    @Test func everyAnswerWrittenIsReportedAndOnlyTheFirstEndsStartUp() async throws {
        let answers = Tally()
        let releases = Tally()
        let startupPages = StartupPages(logger: Self.logger)
        let connection = try await connect(Self.settings()) {
            answers.add()
            if startupPages.answered() { releases.add() }
        }
        try await connection.send(Self.stats(id: 1))
        _ = try await connection.answer()
        try await connection.send(Self.stats(id: 2))
        _ = try await connection.answer()
        // Read on the event loop, where the handler reports an answer right after writing it.
        let counts = try await connection.channel.testingEventLoop.executeInContext { [answers, releases] in
            [answers.value, releases.value]
        }
        #expect(counts == [2, 1])
        try await connection.close()
    }

    @Test func anOverLongLineIsAnsweredWithTooLargeAndTheConnectionStaysUsable() async throws {
        let connection = try await connect(Self.settings(maximumLineBytes: 64))
        try await connection.send(String(repeating: "x", count: 200))
        let refusal = try await connection.answer()
        #expect(refusal["id"] == .null)
        #expect(refusal["error"]?["code"] == -32004)
        try await connection.send(Self.stats(id: 2))
        #expect(try await connection.answer()["id"] == 2)
        try await connection.close()
    }

    @Test func blankLinesAreIgnored() async throws {
        let connection = try await connect(Self.settings())
        try await connection.send(" \t\r")
        try await connection.send("")
        try await connection.send(Self.stats(id: 3))
        #expect(try await connection.answer()["id"] == 3)
        try await connection.close()
    }

    @Test func anotherUsersConnectionIsRefusedAndClosed() async throws {
        let connection = try await connect(Self.settings(), peerUserID: 4242)
        let refusal = try await connection.answer()
        #expect(refusal["error"]?["code"] == -32600)
        #expect(refusal["error"]?["message"]?.stringValue?.contains("4242") == true)
        try await connection.channel.closeFuture.get()
        try await connection.pool.shutdownGracefully()
    }

    @Test func readingPausesWhileTheClientDoesNotReadAndResumesWhenItDoes() async throws {
        let connection = try await connect(Self.settings())
        let channel = connection.channel
        channel.isWritable = false
        channel.pipeline.fireChannelWritabilityChanged()
        try await connection.send(Self.stats(id: 1))
        // The request waits: no answer is produced while the outbound side is full.
        #expect(try await channel.readOutbound(as: ByteBuffer.self) == nil)
        let before = try await connection.reads
        channel.read()
        #expect(try await connection.reads == before)

        channel.isWritable = true
        channel.pipeline.fireChannelWritabilityChanged()
        #expect(try await connection.answer()["id"] == 1)
        #expect(try await connection.reads > before)
        try await connection.close()
    }

    @Test func readingPausesAtTheInFlightLimitAndResumesWhenAnswersGoOut() async throws {
        let connection = try await connect(Self.settings(inFlight: 2, running: 2))
        // The one worker thread is busy, so requests stay in flight until the gate opens.
        let gate = DispatchSemaphore(value: 0)
        connection.pool.submit { _ in gate.wait() }
        try await connection.send(Self.stats(id: 1))
        try await connection.send(Self.stats(id: 2))
        let before = try await connection.reads
        connection.channel.read()
        #expect(try await connection.reads == before)

        gate.signal()
        var ids: Set<Int> = []
        for _ in 0..<2 { ids.insert(try await connection.answer()["id"]?.intValue ?? -1) }
        #expect(ids == [1, 2])
        // The read asked for while paused is passed on once the answers are out.
        #expect(try await connection.reads > before)
        try await connection.close()
    }
}
