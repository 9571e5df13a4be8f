import Foundation
import Testing
import TextServices
@testable import TextServicesProtocol
@testable import TextServicesTestSupport

/// What the daemon acknowledged survives its death at any moment.
///
/// The quick test kills the daemon a few times; `scripts/durability` runs the
/// same loop for many rounds against a release build.
@Suite("Durability", .serialized, .slow)
struct DurabilityTests {
    @Test func acknowledgedLearnedWordsAndPasteboardWritesSurviveSIGKILL() throws {
        let report = try DurabilityRun(rounds: 3).run()
        #expect(report.learned > 0 && report.writes > 0, "\(report)")
    }
}

/// Starts the daemon, streams `spell.learn` and `pasteboard.write` from several clients,
/// SIGKILLs it at a random moment, restarts it and checks every acknowledged change.
struct DurabilityRun {
    var rounds: Int
    /// The longest a round streams before the kill, in milliseconds (each round picks a random moment up to it).
    var longestRoundMilliseconds = 600
    var seed: UInt64 = 0xD0_0D1E

    struct Report: CustomStringConvertible {
        var rounds = 0
        /// Acknowledged learned words, and acknowledged pasteboard writes, over all rounds.
        var learned = 0
        var writes = 0
        /// Requests that were sent but got no answer before the kill (they may or may not have happened).
        var unanswered = 0
        var description: String {
            "\(rounds) SIGKILLs, \(learned) acknowledged learned words and \(writes) acknowledged pasteboard writes "
                + "all present after restart; \(unanswered) requests were cut off unanswered"
        }
    }

    /// What the clients were told had happened.
    final class Acknowledged: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var words: Set<String> = []
        /// The last acknowledged sequence number and change count of each pasteboard.
        private(set) var boards: [String: (sequence: Int, changeCount: Int)] = [:]
        private(set) var unanswered = 0
        private(set) var writes = 0

        func learned(_ word: String) { lock.withLock { _ = words.insert(word) } }
        func wrote(_ board: String, sequence: Int, changeCount: Int) {
            lock.withLock {
                boards[board] = (sequence, changeCount)
                writes += 1
            }
        }
        func cutOff() { lock.withLock { unanswered += 1 } }
    }

    func run() throws -> Report {
        let sandbox = try DaemonHarness.makeSandbox()
        defer { try? FileManager.default.removeItem(atPath: sandbox.root) }
        var generator = SeededGenerator(seed: seed)
        let acknowledged = Acknowledged()
        var report = Report()
        var nextWord = 0
        var nextSequence = 0
        for round in 0...rounds {
            let daemon = try DaemonHarness.start(sandbox: sandbox)
            try verify(daemon, acknowledged, round: round)
            if round == rounds {
                daemon.stop()
                break
            }
            if round == 0 { _ = try daemon.call("pasteboard.create", ["name": "journal", "persistent": true]) }
            // Three clients stream changes until the connection dies; each remembers what was acknowledged.
            let stop = Flag()
            var threads: [Thread] = []
            let wordStart = nextWord, sequenceStart = nextSequence
            for client in 0..<3 {
                let thread = Thread {
                    guard let connection = try? daemon.connect() else { return }
                    var index = 0
                    while !stop.isSet {
                        index += 1
                        do {
                            switch client {
                            case 0:
                                let word = "durable" + HostileClient.letters(wordStart + index)
                                _ = try connection.result("spell.learn", ["word": .string(word)])
                                acknowledged.learned(word)
                            default:
                                let board = client == 1 ? "general" : "journal"
                                let sequence = sequenceStart + index
                                let result = try connection.result("pasteboard.write", [
                                    "name": .string(board),
                                    "items": [["text/plain": ["text": .string("\(board) \(sequence)")],
                                               "application/octet-stream": ["base64": .string(Data(repeating: UInt8(sequence % 251), count: 4096).base64EncodedString())]]],
                                ])
                                acknowledged.wrote(board, sequence: sequence, changeCount: result["changeCount"]?.intValue ?? -1)
                            }
                        } catch {
                            acknowledged.cutOff()
                            return
                        }
                    }
                }
                threads.append(thread)
                thread.start()
            }
            let moment = 20 + Int(generator.next() % UInt64(max(longestRoundMilliseconds - 20, 1)))
            usleep(UInt32(moment) * 1000)
            daemon.signal(SIGKILL)
            #expect(daemon.waitForExit(timeout: 10) == 128 + SIGKILL)
            stop.set()
            while threads.contains(where: { !$0.isFinished }) { usleep(5_000) }
            nextWord += 1_000_000
            nextSequence += 1_000_000
            report.rounds += 1
        }
        report.learned = acknowledged.words.count
        report.writes = acknowledged.writes
        report.unanswered = acknowledged.unanswered
        return report
    }

    /// Every acknowledged change is there, and nothing was set aside as corrupt.
    private func verify(_ daemon: DaemonHarness, _ acknowledged: Acknowledged, round: Int) throws {
        let connection = try daemon.connect()
        let learned = Set(try connection.result("spell.learned")["words"]?.arrayValue?.compactMap(\.stringValue) ?? [])
        let missing = acknowledged.words.subtracting(learned)
        #expect(missing.isEmpty, "round \(round): \(missing.count) acknowledged learned words are gone, e.g. \(missing.prefix(3))")
        for (board, last) in acknowledged.boards {
            let result = try connection.result("pasteboard.read", ["name": .string(board)])
            let text = result["items"]?.arrayValue?.first?["text/plain"]?["text"]?.stringValue ?? ""
            let sequence = Int(text.split(separator: " ").last ?? "") ?? -1
            #expect(sequence >= last.sequence, "round \(round): \(board) holds '\(text)', but write \(last.sequence) was acknowledged")
            #expect((result["changeCount"]?.intValue ?? -1) >= last.changeCount, "round \(round): \(board) change count went back")
            let data = result["items"]?.arrayValue?.first?["application/octet-stream"]?["base64"]?.stringValue
            #expect(data.flatMap { Data(base64Encoded: $0) } == Data(repeating: UInt8(sequence % 251), count: 4096),
                    "round \(round): \(board)'s second representation does not match its text")
        }
        let files = FileManager.default.enumerator(atPath: daemon.dataHome)?.allObjects.compactMap { $0 as? String } ?? []
        let corrupt = files.filter { $0.contains(".corrupt") }
        #expect(corrupt.isEmpty, "round \(round): files set aside as corrupt: \(corrupt)")
        #expect(!daemon.log.contains("corrupt"), "round \(round): \(daemon.log.suffix(1000))")
    }
}

/// A flag one thread sets and others poll.
final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}
