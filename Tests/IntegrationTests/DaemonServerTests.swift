import Foundation
import Testing
import TextServices
@testable import TextServicesProtocol
@testable import TextServicesTestSupport

/// The daemon as a process: socket files, lifecycle, signals, concurrency and misbehaving clients.
@Suite("Daemon server", .slow)
struct DaemonServerTests {
    @Test func listensOnTheDefaultPathWithAPrivateFolderAndSocket() throws {
        let daemon = try DaemonHarness.start()
        defer { daemon.stop() }
        #expect(daemon.socketPath == daemon.runtimeDirectory + "/textsvcd/textsvcd.sock")
        #expect(TestSystem.isSocket(daemon.socketPath))
        #expect(TestSystem.mode(of: daemon.runtimeDirectory + "/textsvcd") == 0o700)
        #expect(TestSystem.mode(of: daemon.socketPath) == 0o600)
    }

    @Test func defaultFolderWithLooseModeIsMadePrivate() throws {
        let sandbox = try DaemonHarness.makeSandbox()
        let folder = sandbox.environment["XDG_RUNTIME_DIR"]! + "/textsvcd"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o755])
        let daemon = try DaemonHarness.start(sandbox: sandbox)
        defer { daemon.stop(); daemon.removeSandbox() }
        #expect(TestSystem.mode(of: folder) == 0o700)
    }

    @Test func socketOptionAndEnvironmentOverrideTheDefaultPath() throws {
        let sandbox = try DaemonHarness.makeSandbox()
        let explicit = sandbox.root + "/custom/folder/explicit.sock"
        let daemon = try DaemonHarness.start(["--socket", explicit], sandbox: sandbox)
        defer { daemon.stop(); daemon.removeSandbox() }
        #expect(TestSystem.isSocket(explicit))
        #expect(TestSystem.mode(of: sandbox.root + "/custom/folder") == 0o700)
        #expect(!FileManager.default.fileExists(atPath: sandbox.environment["XDG_RUNTIME_DIR"]! + "/textsvcd/textsvcd.sock"))

        let fromEnvironment = sandbox.root + "/env.sock"
        let second = try DaemonHarness.start(environment: ["TEXTSVCD_SOCKET": fromEnvironment], sandbox: sandbox)
        defer { second.stop() }
        #expect(second.socketPath == fromEnvironment)
        #expect(TestSystem.isSocket(fromEnvironment))
        // Client commands follow the same rule.
        var environment = sandbox.environment
        environment["TEXTSVCD_SOCKET"] = fromEnvironment
        let output = try TestProcess.textsvcd(["call", "initialize"], in: environment)
        #expect(output.status == 0, "\(output.stderr)")
    }

    @Test func shutdownAnswersThenRemovesTheSocketAndExitsZero() throws {
        let daemon = try DaemonHarness.start()
        let connection = try daemon.connect()
        #expect(try connection.result("shutdown") == .object([:]))
        #expect(connection.socket.closesWithin(10))
        #expect(daemon.waitForExit() == 0)
        #expect(!FileManager.default.fileExists(atPath: daemon.socketPath))
        #expect((try? UnixSocket.open(daemon.socketPath)) == nil)
    }

    @Test func aShutdownSentTheMomentTheSocketAcceptsStillStopsTheDaemon() throws {
        // The kernel queues a connection from the moment the daemon listens, before the daemon has set up its stop.
        let daemon = try DaemonHarness.start(waitUntilReady: false)
        var socket: UnixSocket?
        let deadline = Date().addingTimeInterval(30 * TestSupport.slowdown)
        while socket == nil, daemon.isRunning, Date() < deadline {
            socket = try? UnixSocket.open(daemon.socketPath)
            if socket == nil { usleep(1_000) }
        }
        let connection = DaemonConnection(socket: try #require(socket, "\(daemon.log)"))
        #expect(try connection.result("shutdown") == .object([:]))
        #expect(connection.socket.closesWithin(10), "\(daemon.log)")
        #expect(daemon.waitForExit() == 0, "\(daemon.log)")
    }

    @Test(arguments: [SIGTERM, SIGINT])
    func signalRemovesTheSocketAndExitsZero(signal: Int32) throws {
        let daemon = try DaemonHarness.start()
        let idle = try daemon.connect()
        _ = try idle.result("initialize")
        daemon.signal(signal)
        #expect(daemon.waitForExit() == 0, "\(daemon.log)")
        #expect(!FileManager.default.fileExists(atPath: daemon.socketPath))
        #expect(idle.socket.closesWithin(5))
    }

    @Test func shutdownFinishesRequestsInFlight() throws {
        // The first guesses build the suggestion index, which takes a while in a debug build on a busy machine:
        // give the drain all the time it needs, since the drain limit has its own test.
        let daemon = try DaemonHarness.start(["--drain-timeout", "120"])
        let busy = try daemon.connect()
        // Guesses for many misspellings keep a worker busy for a while.
        let words = (0..<30).map { "xq" + lettersFor($0) + "wrtbl" }.joined(separator: " ")
        let (id, request) = busy.makeRequest("spell.check", ["text": .string(words), "guesses": .int(3)])
        try busy.sendAfterProbe(request)
        daemon.signal(SIGTERM)
        let response = try busy.readMessage(timeout: 120)
        #expect(response["id"] == .int(id))
        #expect(response["result"]?["misspellings"]?.arrayValue?.count == 30)
        #expect(busy.socket.closesWithin(10))
        #expect(daemon.waitForExit() == 0)
        #expect(!FileManager.default.fileExists(atPath: daemon.socketPath))
    }

    @Test func shutdownWaitsNoLongerThanTheDrainTimeout() throws {
        let daemon = try DaemonHarness.start(["--drain-timeout", "0.5", "--regex-time-limit", "20000"])
        let stuck = try daemon.connect()
        try stuck.sendAfterProbe(stuck.makeRequest("regex.find", ["pattern": "(a+)+$", "text": .string(String(repeating: "a", count: 64) + "b")]).message)
        let started = ContinuousClock.now
        daemon.signal(SIGTERM)
        #expect(daemon.waitForExit(timeout: 15 * TestSupport.slowdown) == 0)
        // The regex alone would run 20 s: a stop well before that is the drain timeout's doing.
        #expect(ContinuousClock.now - started < min(TestSupport.bound(5), .seconds(15)))
        #expect(!FileManager.default.fileExists(atPath: daemon.socketPath))
        #expect(daemon.log.contains("drain timeout"))
    }

    @Test func aSecondDaemonOnTheSamePathExitsOneAndLeavesTheFirstAlone() throws {
        let first = try DaemonHarness.start()
        defer { first.stop() }
        let second = try DaemonHarness.start(sandbox: (first.root, first.environment), waitUntilReady: false)
        #expect(second.waitForExit() == 1)
        #expect(second.log.contains("already"), "\(second.log)")
        #expect(first.isRunning)
        #expect(TestSystem.isSocket(first.socketPath))
        #expect(try first.call("initialize")["server"] == "textsvcd")
    }

    @Test func aListenerWithoutTheLockStillCountsAsLive() throws {
        let sandbox = try DaemonHarness.makeSandbox()
        let path = sandbox.root + "/other.sock"
        let listener = try TestSockets.listen(on: path)
        defer { TestSockets.closeDescriptor(listener) }
        let daemon = try DaemonHarness.start(["--socket", path], sandbox: sandbox, waitUntilReady: false)
        defer { daemon.removeSandbox() }
        #expect(daemon.waitForExit() == 1)
        #expect(TestSystem.isSocket(path))
        #expect(try UnixSocket.open(path).rawDescriptor >= 0)
    }

    @Test func aStaleSocketFileIsReplaced() throws {
        let sandbox = try DaemonHarness.makeSandbox()
        let folder = sandbox.environment["XDG_RUNTIME_DIR"]! + "/textsvcd"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try TestSockets.leaveStaleSocketFile(at: folder + "/textsvcd.sock")
        #expect(TestSystem.isSocket(folder + "/textsvcd.sock"))
        let daemon = try DaemonHarness.start(sandbox: sandbox)
        defer { daemon.stop(); daemon.removeSandbox() }
        #expect(try daemon.call("initialize")["protocolVersion"] == 1)
    }

    @Test func aFileThatIsNotASocketIsNeverReplaced() throws {
        let sandbox = try DaemonHarness.makeSandbox()
        let path = sandbox.root + "/precious.txt"
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: path))
        let daemon = try DaemonHarness.start(["--socket", path], sandbox: sandbox, waitUntilReady: false)
        defer { daemon.removeSandbox() }
        #expect(daemon.waitForExit() == 1)
        #expect(daemon.log.contains("not a socket"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "keep me")
    }

    @Test func servesASocketPassedBySystemd() throws {
        let sandbox = try DaemonHarness.makeSandbox()
        defer { try? FileManager.default.removeItem(atPath: sandbox.root) }
        let path = sandbox.root + "/activated.sock"
        let listener = try TestSockets.listen(on: path)
        let pid = try TestSockets.spawnSocketActivated([DaemonHarness.binaryPath, "serve"], inherited: listener,
                                                      environment: sandbox.environment,
                                                      output: sandbox.root + "/activated.log")
        TestSockets.closeDescriptor(listener)
        // The socket accepts at once (the kernel queues the connection); the daemon answers once it runs.
        let connection = try DaemonConnection(socket: UnixSocket.open(path))
        #expect(try connection.result("initialize")["server"] == "textsvcd")
        #expect(try connection.result("spell.check", ["text": "teh"])["misspellings"]?.arrayValue?.count == 1)
        #expect(try connection.result("shutdown") == .object([:]))
        #expect(TestSockets.waitForExit(pid, timeout: 30) == 0)
        // systemd owns the socket file: the daemon leaves it in place.
        #expect(TestSystem.isSocket(path))
    }

    @Test(.enabled(if: TestSystem.userID == 0, "needs root to run the daemon as another user"))
    func refusesConnectionsFromAnotherUser() throws {
        let sandbox = try DaemonHarness.makeSandbox()
        for folder in ["", "/run", "/data", "/home"] { TestSystem.changeOwner(sandbox.root + folder, to: 65534) }
        let path = sandbox.root + "/run/nobody.sock"
        let log = sandbox.root + "/nobody.log"
        let listenerless = try TestSockets.spawn(
            ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups",
             DaemonHarness.binaryPath, "serve", "--socket", path],
            environment: sandbox.environment, output: log)
        defer {
            TestSockets.signal(listenerless, SIGTERM)
            _ = TestSockets.waitForExit(listenerless, timeout: 10)
            try? FileManager.default.removeItem(atPath: sandbox.root)
        }
        var connection: UnixSocket?
        for _ in 0..<1500 where connection == nil {
            connection = try? UnixSocket.open(path)
            if connection == nil { usleep(20_000) }
        }
        let socket = try #require(connection, "\((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
        // Root may open the 0600 socket, but the daemon runs as nobody and refuses root.
        let refusal = try #require(try socket.readLine(timeout: 10))
        let message = try JSONParser.parse(refusal)
        #expect(message["error"]?["code"] == -32600)
        #expect(message["error"]?["message"]?.stringValue?.contains("65534") == true)
        #expect(socket.closesWithin(5))
    }

    @Test func statsCountsConnectionsRequestsErrorsAndLatencies() throws {
        let daemon = try DaemonHarness.start()
        defer { daemon.stop() }
        let connection = try daemon.connect()
        for _ in 0..<5 { _ = try connection.result("spell.check", ["text": "Ths is teh text."]) }
        _ = try connection.error("no.such.method")
        try connection.send("not json\n")
        _ = try connection.readMessage()
        let stats = try connection.result("stats")
        if case .double(let uptime)? = stats["uptimeSeconds"] { #expect(uptime >= 0) } else { Issue.record("no uptimeSeconds") }
        #expect(stats["connections"]?.intValue ?? 0 >= 1)
        #expect(stats["requests"]?.intValue ?? 0 >= 7)
        #expect(stats["errors"]?.intValue ?? 0 >= 2)
        let check = try #require(stats["methods"]?["spell.check"])
        #expect(check["count"] == 5)
        #expect((check["p50Micros"]?.intValue ?? 0) > 0)
        #expect((check["p99Micros"]?.intValue ?? 0) >= (check["p50Micros"]?.intValue ?? 0))
    }

    @Test func pipelinedRequestsAreAllAnsweredByID() throws {
        let daemon = try DaemonHarness.start()
        defer { daemon.stop() }
        let connection = try daemon.connect()
        let texts = ["Ths is wrng.", "All good here.", "teh quik brown fox", "Speling mistaks abound.", "A zzqx."]
        var counts: [Int] = []
        for text in texts {
            counts.append(try #require(try connection.result("spell.check", ["text": .string(text)])["misspellings"]?.arrayValue?.count))
        }
        #expect(counts.reduce(0, +) > 0)
        var expected: [Int: Int] = [:]
        var batch: [UInt8] = []
        for index in 0..<400 {
            let text = texts[index % texts.count]
            let (id, request) = connection.makeRequest("spell.check", ["text": .string(text)])
            expected[id] = counts[index % texts.count]
            request.write(to: &batch)
            batch.append(0x0A)
        }
        try connection.socket.send(batch)
        var answered: [Int: Int] = [:]
        for _ in 0..<400 {
            let response = try connection.readMessage()
            let id = try #require(response["id"]?.intValue)
            #expect(answered[id] == nil, "id \(id) answered twice")
            answered[id] = response["result"]?["misspellings"]?.arrayValue?.count
        }
        #expect(answered == expected)
    }

    @Test func concurrentClientsEachGetTheirOwnAnswers() async throws {
        let daemon = try DaemonHarness.start()
        defer { daemon.stop() }
        let failures = try await withThrowingTaskGroup(of: Int.self) { group in
            for client in 0..<12 {
                group.addTask {
                    let connection = try daemon.connect()
                    var failures = 0
                    for round in 0..<40 {
                        let word = "zzq" + lettersFor(client) + "x" + lettersFor(round)
                        let result = try connection.result("spell.check", ["text": .string("The \(word) is here.")])
                        if result["misspellings"]?.arrayValue?.first?["word"]?.stringValue != word { failures += 1 }
                    }
                    return failures
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(failures == 0)
    }

    @Test func aClientPipeliningSlowRequestsDoesNotQueueAheadOfOthers() throws {
        let daemon = try DaemonHarness.start(["--regex-time-limit", "500", "--workers", "3"])
        defer { daemon.stop() }
        let heavy = try daemon.connect()
        var batch: [UInt8] = []
        for _ in 0..<20 {
            heavy.makeRequest("regex.find", ["pattern": "(a+)+$", "text": .string(String(repeating: "a", count: 64) + "b")])
                .message.write(to: &batch)
            batch.append(0x0A)
        }
        try heavy.socket.send(batch)
        // The first answer says the daemon has the batch and runs it; the other nineteen wait their turn.
        #expect(try heavy.readMessage(timeout: 30)["error"]?["code"] == -32003)
        // Nineteen 500 ms requests ahead in one queue would make this wait about 3 s.
        let other = try daemon.connect()
        let started = ContinuousClock.now
        #expect(try other.result("spell.check", ["text": "teh"])["wordCount"] == 1)
        #expect(ContinuousClock.now - started < TestSupport.bound(1.5))
        for _ in 0..<19 { #expect(try heavy.readMessage(timeout: 30)["error"]?["code"] == -32003) }
    }

    @Test func aClientThatVanishesMidRequestHarmsNoOne() throws {
        let daemon = try DaemonHarness.start()
        defer { daemon.stop() }
        let steady = try daemon.connect()
        _ = try steady.result("initialize")
        for _ in 0..<5 {
            let vanishing = try daemon.connect()
            var batch: [UInt8] = []
            for _ in 0..<50 {
                vanishing.makeRequest("spell.check", ["text": "Mispelled wrds evrywhere"]).message.write(to: &batch)
                batch.append(0x0A)
            }
            try vanishing.socket.send(batch)
            vanishing.close()
            let halfLine = try daemon.connect()
            try halfLine.send(#"{"jsonrpc":"2.0","id":1,"method":"spell.ch"#)
            halfLine.close()
        }
        #expect(try steady.result("spell.check", ["text": "teh"])["misspellings"]?.arrayValue?.first?["word"] == "teh")
        #expect(daemon.isRunning)
        // Every vanished connection is eventually counted as closed.
        var open = 0
        for _ in 0..<200 {
            open = try steady.result("stats")["connections"]?.intValue ?? -1
            if open == 1 { break }
            usleep(50_000)
        }
        #expect(open == 1)
    }

    @Test func aHalfClosedConnectionStillGetsItsAnswers() throws {
        let daemon = try DaemonHarness.start()
        defer { daemon.stop() }
        let connection = try daemon.connect()
        // The last request has no newline: the end of input ends it.
        try connection.send(#"{"jsonrpc":"2.0","id":1,"method":"spell.check","params":{"text":"teh"}}"# + "\n"
                            + #"{"jsonrpc":"2.0","id":2,"method":"initialize"}"#)
        connection.socket.shutdownWriting()
        var ids: Set<Int> = []
        for _ in 0..<2 { ids.insert(try #require(try connection.readMessage()["id"]?.intValue)) }
        #expect(ids == [1, 2])
        #expect(connection.socket.closesWithin(10))
    }

    @Test func aClientThatStopsReadingDoesNotMakeTheServerBuffer() throws {
        let daemon = try DaemonHarness.start()
        defer { daemon.stop() }
        let startKiB = try #require(TestSystem.residentKiB(of: daemon.pid))
        let stalled = try daemon.connect()
        // Each answer is about 45 KB; 3000 of them would be 135 MB if the server buffered them all.
        let text = (0..<1000).map { "zq" + lettersFor($0 % 10) + "x" }.joined(separator: " ")
        var request: [UInt8] = []
        stalled.makeRequest("spell.check", ["text": .string(text)]).message.write(to: &request)
        request.append(0x0A)
        let line = request
        let sent = Counter()
        let socket = stalled.socket
        // A write that waits this long means the server stopped reading; the writer then gives up.
        socket.setWriteTimeout(seconds: 2 * TestSupport.slowdown)
        let writerDone = DispatchSemaphore(value: 0)
        let writer = Thread {
            defer { writerDone.signal() }
            for _ in 0..<3000 {
                if (try? socket.send(line)) == nil { return }
                sent.increment()
            }
        }
        writer.start()
        #expect(writerDone.wait(timeout: .now() + 120 * TestSupport.slowdown) == .success, "the writer never finished")
        socket.setWriteTimeout(seconds: nil)
        // The server stopped reading: most requests are still stuck in the client.
        #expect(sent.value < 1000, "the server read \(sent.value) of 3000 requests from a client that reads nothing")
        let grownKiB = (TestSystem.residentKiB(of: daemon.pid) ?? 0) - startKiB
        #expect(grownKiB < 64 * 1024 * TestSupport.memoryAllowanceFactor, "the daemon grew by \(grownKiB) KiB")
        let other = try daemon.connect()
        #expect(try other.result("spell.check", ["text": "teh"])["misspellings"]?.arrayValue?.count == 1)
        // Reading resumes the flow: the first answers arrive intact.
        for _ in 0..<5 { #expect(try stalled.readMessage()["result"]?["wordCount"] == 1000) }
        stalled.socket.disconnect()
    }
}

/// Distinct letter-only strings for distinct numbers (words with digits are not spell-checked).
func lettersFor(_ number: Int) -> String {
    let alphabet = Array("bcdfghjklmnpqrstvwxz")
    var number = number
    var result = ""
    repeat {
        result.append(alphabet[number % alphabet.count])
        number /= alphabet.count
    } while number > 0
    return result
}

/// A thread-safe count.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    var value: Int { lock.withLock { count } }

    func increment() { lock.withLock { count += 1 } }
}
