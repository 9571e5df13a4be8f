import Foundation
import Testing
import TextServices
@testable import TextServicesProtocol
@testable import TextServicesTestSupport

/// The long runs behind `scripts/hostile`, `scripts/soak` and `scripts/durability`.
///
/// Each runs only when `TEXTSVCD_LONG_RUN` names it (the scripts set it, and
/// `TEXTSVCD_BINARY` to a release build); they print their figures.
@Suite("Long runs", .serialized, .slow)
struct LongRunTests {
    static func enabled(_ name: String) -> Bool {
        (ProcessInfo.processInfo.environment["TEXTSVCD_LONG_RUN"] ?? "").split(separator: ",").contains { $0 == name }
    }

    static func setting(_ name: String, _ defaultValue: Int) -> Int {
        ProcessInfo.processInfo.environment[name].flatMap { Int($0) } ?? defaultValue
    }

    static func report(_ line: String) {
        print("[long run] \(line)")
        fflush(nil)
    }

    // MARK: Hostile clients at full size

    @Test(.enabled(if: enabled("hostile")))
    func hostileClientsAtFullSize() throws {
        let daemon = try DaemonHarness.start()
        defer { daemon.stop() }
        let baseKiB = TestSystem.residentKiB(of: daemon.pid) ?? 0
        Self.report("daemon pid \(daemon.pid), \(baseKiB / 1024) MiB resident at start")

        // A line of 100 MB, over the 16 MiB line limit: refused once, memory bounded by the limit.
        let connection = try daemon.connect()
        let started = Date()
        let peak = PeakSampler(pid: daemon.pid)
        try connection.socket.send(HostileClient.longLine(bytes: 100_000_000))
        let refusal = try connection.readMessage(timeout: 120)
        #expect(refusal["error"]?["code"] == -32004)
        #expect(try connection.result("spell.check", ["text": "teh"])["wordCount"] == 1)
        Self.report("100 MB line: -32004 after \(String(format: "%.1f", Date().timeIntervalSince(started))) s, "
            + "peak \(peak.stop() / 1024) MiB resident")
        try HostileClient.expectHealthy(daemon)

        // A thousand connections opened at once, each answered.
        let count = Self.setting("TEXTSVCD_HOSTILE_CONNECTIONS", 1000)
        let opened = Date()
        let connections = try (0..<count).map { _ in try daemon.connect() }
        for (index, connection) in connections.enumerated() {
            try connection.send(["jsonrpc": "2.0", "id": .int(index), "method": "spell.check",
                                 "params": ["text": .string("wrd\(HostileClient.letters(index)) fine")]])
        }
        var answered = 0
        for (index, connection) in connections.enumerated() {
            let answer = try connection.readMessage(timeout: 120)
            if answer["id"] == .int(index), answer["result"]?["misspellings"]?.arrayValue?.count == 1 { answered += 1 }
        }
        #expect(answered == count)
        #expect(try daemon.connect().result("stats")["connections"]?.intValue == count + 1)
        Self.report("\(count) connections at once: \(answered) answered in \(String(format: "%.1f", Date().timeIntervalSince(opened))) s, "
            + "\((TestSystem.residentKiB(of: daemon.pid) ?? 0) / 1024) MiB resident")
        for connection in connections { connection.close() }
        #expect(HostileClient.waitForConnections(1, daemon: daemon, timeout: 60))
        try HostileClient.expectHealthy(daemon)

        // Clients that never read: 16 of them ask for 5000 answers of 1 MB each (80 GB if buffered).
        let megabyte = String(repeating: "abcdefgh", count: 1 << 17)
        _ = try daemon.call("pasteboard.write", ["name": "big", "items": [["text/plain": ["text": .string(megabyte)]]]])
        let before = TestSystem.residentKiB(of: daemon.pid) ?? 0
        let sampler = PeakSampler(pid: daemon.pid)
        let stalled = try (0..<16).map { _ in try daemon.connect() }
        let writersDone = DispatchSemaphore(value: 0)
        for connection in stalled {
            var burst: [UInt8] = []
            for _ in 0..<5000 {
                connection.makeRequest("pasteboard.read", ["name": "big"]).message.write(to: &burst)
                burst.append(0x0A)
            }
            let lines = burst
            let socket = connection.socket
            // A write that waits this long means the daemon stopped reading this client; the writer then gives up.
            socket.setWriteTimeout(seconds: 2 * TestSupport.slowdown)
            let writer = Thread {
                defer { writersDone.signal() }
                try? socket.send(lines)
            }
            writer.start()
        }
        // Every writer is blocked by the daemon (or sent everything): the observable end of the burst.
        for _ in stalled {
            #expect(writersDone.wait(timeout: .now() + 300 * TestSupport.slowdown) == .success, "a writer never finished")
        }
        let asked = ContinuousClock.now
        try HostileClient.expectHealthy(daemon)
        let waited = ContinuousClock.now - asked
        let latency = Double(waited.components.seconds) + Double(waited.components.attoseconds) / 1e18
        let stalledPeak = sampler.stop()
        Self.report("16 clients that never read 5000 answers of 1 MB: resident \(before / 1024) -> peak \(stalledPeak / 1024) MiB; "
            + "another client answered in \(String(format: "%.2f", latency)) s")
        #expect((stalledPeak - before) / 1024 < 1024)
        for connection in stalled { connection.socket.disconnect() }
        #expect(HostileClient.waitForConnections(1, daemon: daemon, timeout: 60))

        // Subscribers that never read their notifications while a writer writes: cut off after 16 MiB unread.
        let subscribers = try (0..<8).map { _ in try daemon.connect() }
        for subscriber in subscribers { _ = try subscriber.result("pasteboard.subscribe", ["name": "chatter"]) }
        let writer = try daemon.connect()
        let writes = Self.setting("TEXTSVCD_HOSTILE_WRITES", 300_000)
        let writeSampler = PeakSampler(pid: daemon.pid)
        let notifyStart = Date()
        var written = 0
        while written < writes {
            var batch: [UInt8] = []
            for index in written..<min(written + 200, writes) {
                writer.makeRequest("pasteboard.write", ["name": "chatter", "items": [["text/plain": ["text": .string("note \(index)")]]]])
                    .message.write(to: &batch)
                batch.append(0x0A)
            }
            try writer.socket.send(batch)
            for _ in written..<min(written + 200, writes) { _ = try writer.readMessage(timeout: 60) }
            written = min(written + 200, writes)
        }
        let stillSubscribed = try writer.result("pasteboard.list")["pasteboards"]?.arrayValue?.count ?? 0
        var cutOff = 0
        for subscriber in subscribers {
            // Drain what was delivered; a cut-off connection then ends.
            while let line = try? subscriber.socket.readLineBytes(timeout: 5) {
                _ = line
            }
            if subscriber.socket.closesWithin(1) { cutOff += 1 }
        }
        Self.report("8 subscribers that never read, \(writes) writes in \(String(format: "%.0f", Date().timeIntervalSince(notifyStart))) s: "
            + "\(cutOff) cut off, peak \(writeSampler.stop() / 1024) MiB resident (\(stillSubscribed) pasteboards)")
        #expect(cutOff == subscribers.count)
        try HostileClient.expectHealthy(daemon)

        // Subscriptions to many names by clients that then vanish leave nothing behind.
        let churnStart = TestSystem.residentKiB(of: daemon.pid) ?? 0
        for round in 0..<20 {
            let churner = try daemon.connect()
            var burst: [UInt8] = []
            for index in 0..<5000 {
                churner.makeRequest("pasteboard.subscribe", ["name": .string("name-\(round)-\(index)")]).message.write(to: &burst)
                burst.append(0x0A)
                churner.makeRequest("spell.ignore", ["word": .string("w\(HostileClient.letters(index))"),
                                                     "documentId": .string("doc-\(round)-\(index)")]).message.write(to: &burst)
                burst.append(0x0A)
            }
            try churner.socket.send(burst)
            for _ in 0..<10_000 { _ = try churner.readMessage(timeout: 60) }
            churner.close()
        }
        let churnEnd = TestSystem.residentKiB(of: daemon.pid) ?? 0
        Self.report("100000 subscriptions and ignored words by vanished clients: resident \(churnStart / 1024) -> \(churnEnd / 1024) MiB")
        try HostileClient.expectHealthy(daemon)
    }

    // MARK: Soak

    @Test(.enabled(if: enabled("soak")))
    func soakOfMixedRequestsFromManyClients() throws {
        let total = Self.setting("TEXTSVCD_SOAK_REQUESTS", 1_000_000)
        let clients = Self.setting("TEXTSVCD_SOAK_CLIENTS", 16)
        let daemon = try DaemonHarness.start()
        defer { daemon.stop() }
        let progress = SoakProgress()
        let done = Flag()
        var samples: [(requests: Int, kib: Int)] = []
        let sampler = Thread {
            while !done.isSet {
                if let kib = TestSystem.residentKiB(of: daemon.pid) { progress.sample(kib) }
                usleep(250_000)
            }
        }
        sampler.start()
        let started = Date()
        var threads: [Thread] = []
        for client in 0..<clients {
            let share = total / clients + (client < total % clients ? 1 : 0)
            let thread = Thread {
                do {
                    try SoakClient(index: client, daemon: daemon, progress: progress).run(requests: share)
                } catch {
                    progress.fail("client \(client): \(error)")
                }
            }
            threads.append(thread)
            thread.start()
        }
        while threads.contains(where: { !$0.isFinished }) { usleep(50_000) }
        done.set()
        let elapsed = Date().timeIntervalSince(started)
        samples = progress.samples
        let (requests, errors, failures) = progress.totals
        #expect(requests == total)
        #expect(errors == 0, "\(errors) error responses; first: \(failures.prefix(3))")
        #expect(failures.isEmpty, "\(failures.prefix(5))")
        Self.report("\(requests) requests from \(clients) clients in \(String(format: "%.0f", elapsed)) s "
            + "(\(Int(Double(requests) / elapsed)) per second), \(errors) errors")
        // Resident memory after warm-up (the first 10% of the requests).
        let warm = samples.filter { $0.requests >= total / 10 }
        let tenths = stride(from: 1, through: 10, by: 1).compactMap { tenth in
            samples.last { $0.requests <= total * tenth / 10 }.map { "\(tenth * 10)%: \($0.kib / 1024) MiB" }
        }
        Self.report("resident memory by progress: " + tenths.joined(separator: ", "))
        let quarter = max(warm.count / 4, 1)
        let early = median(warm.prefix(quarter).map(\.kib)), late = median(warm.suffix(quarter).map(\.kib))
        let growth = late - early
        let flat = growth < max(early / 20, 10 * 1024)
        Self.report("after warm-up: median \(early / 1024) MiB in the first quarter, \(late / 1024) MiB in the last "
            + "(\(growth >= 0 ? "+" : "")\(growth / 1024) MiB): \(flat ? "FLAT" : "NOT FLAT"); peak \((warm.map(\.kib).max() ?? 0) / 1024) MiB")
        if ProcessInfo.processInfo.environment["TEXTSVCD_SOAK_EXPECT_FLAT"] != "0" { #expect(flat) }
        try HostileClient.expectHealthy(daemon)
    }

    private func median(_ values: [Int]) -> Int {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }

    // MARK: Durability

    @Test(.enabled(if: enabled("durability")))
    func durabilityOverManyKills() throws {
        let rounds = Self.setting("TEXTSVCD_DURABILITY_ROUNDS", 100)
        let started = Date()
        let report = try DurabilityRun(rounds: rounds, longestRoundMilliseconds: 1_500,
                                       seed: UInt64(Self.setting("TEXTSVCD_DURABILITY_SEED", 0xD0_0D1E))).run()
        Self.report("\(report) (\(String(format: "%.0f", Date().timeIntervalSince(started))) s)")
    }
}

/// Samples a process's resident memory until stopped; returns the peak in KiB.
final class PeakSampler: @unchecked Sendable {
    private let lock = NSLock()
    private var peak = 0
    private let done = Flag()
    private var thread: Thread?

    init(pid: Int32) {
        let thread = Thread { [self] in
            while !done.isSet {
                if let kib = TestSystem.residentKiB(of: pid) { lock.withLock { peak = max(peak, kib) } }
                usleep(50_000)
            }
        }
        self.thread = thread
        thread.start()
    }

    func stop() -> Int {
        done.set()
        while thread?.isFinished == false { usleep(10_000) }
        return lock.withLock { peak }
    }
}

/// Counts and memory samples shared by the soak's clients.
final class SoakProgress: @unchecked Sendable {
    private let lock = NSLock()
    private var requests = 0
    private var errors = 0
    private var failures: [String] = []
    private(set) var samples: [(requests: Int, kib: Int)] = []

    func add(_ count: Int, errors newErrors: Int, firstError: String?) {
        lock.withLock {
            requests += count
            errors += newErrors
            if let firstError, failures.count < 20 { failures.append(firstError) }
        }
    }

    func fail(_ message: String) { lock.withLock { if failures.count < 20 { failures.append(message) } } }

    func sample(_ kib: Int) { lock.withLock { samples.append((requests, kib)) } }

    var totals: (requests: Int, errors: Int, failures: [String]) { lock.withLock { (requests, errors, failures) } }
}

/// One soak client: a connection sending a mix of every kind of request, eight at a time.
struct SoakClient {
    let index: Int
    let daemon: DaemonHarness
    let progress: SoakProgress

    static let words = ["the", "quick", "brown", "fox", "jumps", "over", "lazy", "dog", "recieve", "teh", "definately",
                        "naïve", "café", "東京", "über", "don't", "e-mail", "well-known", "seperate", "occured", "Paris",
                        "1,000", "3.14", "https://example.com/x", "user@example.org", "😀", "ångström", "wierd"]

    func run(requests: Int) throws {
        let connection = try daemon.connect()
        var generator = SeededGenerator(seed: UInt64(index) &* 7919 &+ 1)
        var sent = 0
        while sent < requests {
            let batch = min(8, requests - sent)
            var lines: [UInt8] = []
            var ids: Set<Int> = []
            for _ in 0..<batch {
                let (method, params) = request(&generator, serial: sent)
                let (id, message) = connection.makeRequest(method, params)
                message.write(to: &lines)
                lines.append(0x0A)
                ids.insert(id)
                sent += 1
            }
            try connection.socket.send(lines)
            var errors = 0
            var firstError: String?
            for _ in 0..<batch {
                let answer = try connection.readMessage(timeout: 120)
                guard let id = answer["id"]?.intValue, ids.remove(id) != nil else {
                    throw TestFailure("unexpected message \(answer.serialized.prefix(200))")
                }
                if answer["error"] != nil || answer["result"] == nil {
                    errors += 1
                    firstError = firstError ?? answer.serialized
                }
            }
            progress.add(batch, errors: errors, firstError: firstError)
        }
    }

    /// A request picked from a fixed mix; texts are random sentences, so caches see new words.
    func request(_ generator: inout SeededGenerator, serial: Int) -> (String, JSONObject) {
        func word() -> String {
            if generator.next() % 4 == 0 {
                // An invented word, new to every cache.
                return (0..<(3 + Int(generator.next() % 6))).map { _ in
                    String(UnicodeScalar(UInt8(97 + generator.next() % 26)))
                }.joined()
            }
            return Self.words[Int(generator.next() % UInt64(Self.words.count))]
        }
        let sentence = (0..<(4 + Int(generator.next() % 12))).map { _ in word() }.joined(separator: " ") + "."
        let text = JSONValue.string(sentence)
        // Positions on character boundaries (UTF-16, the default encoding), never inside 😀.
        func position(_ fraction: Int) -> Int {
            sentence.utf16.distance(from: sentence.startIndex,
                                    to: sentence.index(sentence.startIndex, offsetBy: sentence.count / fraction))
        }
        switch serial % 40 {
        case 0..<12: return ("spell.check", ["text": text])
        case 12: return ("spell.check", ["text": text, "guesses": 1, "limit": 2])
        case 13: return ("spell.guesses", ["word": .string(word())])
        case 14..<17: return ("spell.complete", ["prefix": .string(String(word().prefix(3))), "limit": 5])
        case 17..<20: return ("text.tokenize", ["text": text, "granularity": .string(["word", "sentence", "character", "line"][serial % 4])])
        case 20: return ("text.boundary", ["text": text, "position": .int(position(2)), "granularity": "word", "direction": "forward"])
        case 21: return ("text.enclosing", ["text": text, "position": .int(position(3)), "granularity": "sentence"])
        case 22..<25: return ("regex.find", ["pattern": #"\b\w{4,}\b"#, "text": text, "limit": 10])
        case 25: return ("regex.find", ["pattern": .string("(?i)" + String(word().prefix(2))), "text": text])
        case 26: return ("regex.replace", ["pattern": #"(\w+)"#, "text": text, "template": "[$1]"])
        case 27..<29: return ("edit.actions", ["text": text, "selection": ["start": 0, "end": .int(sentence.utf16.distance(
            from: sentence.startIndex, to: sentence.index(sentence.startIndex, offsetBy: min(3, sentence.count))))]])
        case 29..<31: return ("pasteboard.write", ["name": .string("soak-\(index)"), "items": [["text/plain": ["text": text]]]])
        case 31..<33: return ("pasteboard.read", ["name": .string("soak-\(index)")])
        case 33: return ("pasteboard.info", ["name": "general"])
        case 34: return ("spell.ignore", ["word": .string(word().filter { !$0.isWhitespace }), "documentId": .string("soak-\(index)-\(serial % 50)")])
        case 35: return ("spell.check", ["text": text, "documentId": .string("soak-\(index)-\(serial % 50)")])
        case 36: return ("spell.closeDocument", ["documentId": .string("soak-\(index)-\((serial + 25) % 50)")])
        case 37: return ("stats", [:])
        case 38: return ("initialize", ["client": "soak"])
        default: return ("spell.check", ["text": text, "positionEncoding": "utf-8", "range": ["start": 0, "end": .int(sentence.utf8.count)]])
        }
    }
}
