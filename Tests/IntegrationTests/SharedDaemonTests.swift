import Foundation
import Testing
@testable import TextServices
@testable import TextServicesProtocol
@testable import TextServicesTestSupport

/// One textsvcd per user: every door shares the daemon, and no learned word is lost (issue 12).
@Suite("Shared daemon", .serialized, .slow)
struct SharedDaemonTests {
    /// `count` distinct made-up words starting with `prefix` (letters only).
    static func words(_ prefix: String, _ count: Int) -> [String] {
        (0..<count).map { index in
            let letters = Array("abcdefghijklmnopqrstuvwxyz")
            return prefix + String(letters[index / 26 % 26]) + String(letters[index % 26])
        }
    }

    /// What the personal dictionary file holds.
    static func wordsOnDisk(_ daemon: DaemonHarness) -> Set<String> {
        let text = (try? String(contentsOfFile: daemon.dataHome + "/textsvcd/personal/en_US.dic", encoding: .utf8)) ?? ""
        return Set(text.split(separator: "\n").map(String.init))
    }

    /// The daemon's learned words, asked on a new connection.
    static func learned(_ daemon: DaemonHarness) throws -> Set<String> {
        Set(try daemon.call("spell.learned", ["language": "en_US"])["words"]?.arrayValue?.compactMap(\.stringValue) ?? [])
    }

    /// The five kinds of learner the issue names, each learning 100 words at the same time as the others.
    ///
    /// Returns each learner's words and the words it saw acknowledged. With
    /// `kill`, the daemon is SIGKILLed while they learn; the doors start it
    /// again and the socket client reconnects to it.
    static func learnConcurrently(_ daemon: DaemonHarness, kill: Bool) throws -> (all: [String], acknowledged: Set<String>) {
        let socketWords = words("zqsock", 100), lspWords = [words("zqlspa", 100), words("zqlspb", 100)]
        let pipeWords = words("zqpipe", 100), alone = words("zqalone", 100)
        let acknowledged = Locked<Set<String>>([])
        let failures = Locked<[String]>([])
        let group = DispatchGroup()
        func run(_ name: String, _ body: @escaping @Sendable () throws -> Void) {
            group.enter()
            Thread.detachNewThread {
                defer { group.leave() }
                do { try body() } catch { failures.withLock { $0.append("\(name): \(error)") } }
            }
        }
        let environment = daemon.environment
        let socketPath = daemon.socketPath
        run("socket client") {
            var connection = try UnixSocket.open(socketPath)
            var id = 0
            for word in socketWords {
                // A word is acknowledged when its answer arrives; after a lost connection it is sent again.
                for _ in 0..<400 {
                    id += 1
                    let line = #"{"jsonrpc":"2.0","id":\#(id),"method":"spell.learn","params":{"word":"\#(word)","language":"en_US"}}"#
                    if (try? connection.send(line + "\n")) != nil, let answer = try? connection.readLine(timeout: 30),
                       answer.contains(#""result""#) {
                        acknowledged.withLock { _ = $0.insert(word) }
                        break
                    }
                    usleep(50_000)
                    if let fresh = try? UnixSocket.open(socketPath) { connection = fresh }
                }
            }
        }
        for (index, list) in lspWords.enumerated() {
            run("language server \(index)") {
                let session = try LanguageServerProcess(environment: environment)
                try session.initialize()
                for word in list {
                    let answer = try session.request("workspace/executeCommand",
                                                     ["command": "textsvcd.addToDictionary", "arguments": [.string(word), "en_US"]])
                    if answer["error"] == nil { acknowledged.withLock { _ = $0.insert(word) } }
                }
                try session.finish()
            }
        }
        run("ispell pipe") {
            let input = pipeWords.map { "*\($0)\n" }.joined() + "#\nhello\n"
            // A daemon this door starts again after a kill serves the socket client too: the test stops it at its end.
            let output = try TestProcess.run(TestSupport.binary, ["-a"], stdin: Array(input.utf8), environment: environment,
                                             keepingDaemon: kill)
            // The pipe answers its last line only after every learn before it was done.
            if output.stdout.contains("*\n") { acknowledged.withLock { $0.formUnion(pipeWords) } }
        }
        run("--no-daemon pipe") {
            let input = alone.map { "*\($0)\n" }.joined() + "#\nhello\n"
            let output = try TestProcess.run(TestSupport.binary, ["-a", "--no-daemon"], stdin: Array(input.utf8),
                                             environment: environment)
            if output.stdout.contains("*\n") { acknowledged.withLock { $0.formUnion(alone) } }
        }
        if kill {
            // Let the learners get going, then take the daemon down under them.
            let deadline = Date().addingTimeInterval(60)
            while Date() < deadline, ((try? learned(daemon).count) ?? 0) < 60 { usleep(20_000) }
            daemon.signal(SIGKILL)
            // The doors still learning start a daemon again when they notice; when only the socket client is left
            // (a plain client, which starts nothing), a door run now does it, as the next editor would.
            _ = daemon.waitForExit(timeout: 10)
            // The daemon it starts must outlive it (the run's helper would otherwise stop it): the test stops it at its end.
            let door = try TestProcess.run(TestSupport.binary, ["-a"], stdin: Array("hello\n".utf8), environment: environment,
                                           keepingDaemon: true)
            #expect(door.status == 0, "\(door.stderr)")
        }
        #expect(group.wait(timeout: .now() + 600 * TestSupport.slowdown) == .success, "the learners did not finish")
        #expect(failures.withLock { $0 }.isEmpty, "\(failures.withLock { $0 })")
        return (socketWords + lspWords.flatMap { $0 } + pipeWords + alone, acknowledged.withLock { $0 })
    }

    @Test func concurrentLearnersThroughEveryDoorLoseNoWord() throws {
        let daemon = try DaemonHarness.start()
        defer { daemon.stop() }
        let (all, acknowledged) = try Self.learnConcurrently(daemon, kill: false)
        #expect(all.count == 500)
        #expect(acknowledged == Set(all))
        #expect(try Self.learned(daemon) == Set(all))
        #expect(Self.wordsOnDisk(daemon) == Set(all))
        daemon.stop()
        let fresh = try DaemonHarness.start(sandbox: (daemon.root, daemon.environment))
        defer { fresh.stop() }
        #expect(try Self.learned(fresh) == Set(all))
    }

    @Test func acknowledgedWordsSurviveTheDaemonKilledWhileTheyAreLearned() throws {
        let daemon = try DaemonHarness.start()
        defer {
            daemon.stop()
            TestSupport.stopDaemon(in: daemon.environment)
        }
        let (all, acknowledged) = try Self.learnConcurrently(daemon, kill: true)
        #expect(acknowledged.count > 400, "only \(acknowledged.count) of 500 words were acknowledged")
        let onDisk = Self.wordsOnDisk(daemon)
        #expect(acknowledged.subtracting(onDisk).isEmpty, "lost: \(acknowledged.subtracting(onDisk).sorted().prefix(20))")
        #expect(onDisk.isSubset(of: Set(all)))
        // Whatever daemon serves now (one a door started again) knows them too, and so does a fresh one.
        TestSupport.stopDaemon(in: daemon.environment)
        let fresh = try DaemonHarness.start(sandbox: (daemon.root, daemon.environment))
        defer { fresh.stop() }
        #expect(acknowledged.subtracting(try Self.learned(fresh)).isEmpty)
    }

    @Test func addingAWordInOneEditorClearsItsDiagnosticInAnotherWithinASecond() throws {
        let daemon = try DaemonHarness.start()
        defer { daemon.stop() }
        let first = try LanguageServerProcess(environment: daemon.environment)
        let second = try LanguageServerProcess(environment: daemon.environment)
        try first.initialize()
        try second.initialize()
        let uri = "file:///tmp/shared.txt"
        first.open(uri, "Our zqwidgetry works.")
        second.open(uri, "Our zqwidgetry works.")
        #expect(try first.diagnosedWords(uri) == ["zqwidgetry"])
        #expect(try second.diagnosedWords(uri) == ["zqwidgetry"])
        let before = second.messages.count
        try first.request("workspace/executeCommand", ["command": "textsvcd.addToDictionary", "arguments": ["zqwidgetry", "en_US"]])
        let learned = Date()
        #expect(try second.diagnosedWords(uri, since: before, timeout: 5).isEmpty)
        #expect(Date().timeIntervalSince(learned) < 1 * TestSupport.slowdown, "the other editor heard of the word late")
        try first.finish()
        try second.finish()
    }

    @Test func anEditorGetsItsDiagnosticsBackAfterTheDaemonIsKilled() throws {
        let daemon = try DaemonHarness.start()
        defer {
            daemon.stop()
            TestSupport.stopDaemon(in: daemon.environment)
        }
        let editor = try LanguageServerProcess(environment: daemon.environment)
        try editor.initialize()
        let uri = "file:///tmp/recover.txt"
        editor.open(uri, "A wrold of words.")
        #expect(try editor.diagnosedWords(uri) == ["wrold"])
        try editor.request("workspace/executeCommand", ["command": "textsvcd.ignoreInDocument", "arguments": [.string(uri), "wrold"]])
        daemon.signal(SIGKILL)
        #expect(daemon.waitForExit(timeout: 10) != nil)
        let before = editor.messages.count
        editor.notify("textDocument/didChange", ["textDocument": ["uri": .string(uri), "version": 2],
                                                 "contentChanges": [["text": "A wrold of wrods."]]])
        // A new daemon serves the editor, with the word it ignored in this document.
        #expect(try editor.diagnosedWords(uri, since: before) == ["wrods"])
        #expect(TestSupport.daemonProcess(in: daemon.environment) != nil)
        let shown = editor.messages.filter { $0["method"] == "window/showMessage" }
        #expect(shown.isEmpty, "the user was shown: \(shown)")
        try editor.finish()
    }

    @Test func aSecondEditorGetsGuessesWithoutBuildingAnIndexOfItsOwn() throws {
        let daemon = try DaemonHarness.start()
        defer { daemon.stop() }
        /// The guesses of a new editor's first quick fix, the compiled dictionaries it mapped, and how much it grew.
        func firstGuesses(_ arguments: [String]) throws -> (guesses: Int, mapped: [String], grownKiB: Int) {
            let editor = try LanguageServerProcess(arguments, environment: daemon.environment)
            try editor.initialize()
            let pid = editor.process.processIdentifier
            let before = TestSystem.residentKiB(of: pid) ?? 0
            let uri = "file:///tmp/guess.txt"
            editor.open(uri, "A wrold of words.")
            _ = try editor.diagnosedWords(uri)
            let actions = try editor.request("textDocument/codeAction", [
                "textDocument": ["uri": .string(uri)],
                "range": ["start": ["line": 0, "character": 2], "end": ["line": 0, "character": 7]],
                "context": ["diagnostics": []],
            ])
            let grown = (TestSystem.residentKiB(of: pid) ?? 0) - before
            let mapped = TestSystem.mappedFiles(of: pid).filter { $0.hasSuffix(".tsvdict") }.sorted()
            try editor.finish()
            return (actions["result"]?.arrayValue?.count ?? 0, mapped, grown)
        }
        let warmUp = try firstGuesses([])
        let shared = try firstGuesses([])
        let alone = try firstGuesses(["--no-daemon"])
        #expect(warmUp.guesses > 2 && shared.guesses > 2 && alone.guesses > 2)
        // The door that shares the daemon loads no dictionary and builds no index; one that works alone maps the
        // compiled form (the run's shared cache holds en_US compiled) and touches its pages. Resident growth is
        // only compared loosely: with the index mapped, the lone door's growth is a few MiB and varies with timing.
        #expect(shared.mapped.isEmpty, "the shared editor mapped \(shared.mapped)")
        #expect(!alone.mapped.isEmpty, "the lone editor mapped no compiled dictionary")
        #expect(shared.grownKiB < alone.grownKiB, "shared grew \(shared.grownKiB) KiB, alone \(alone.grownKiB) KiB")
    }

    @Test func noDaemonCommandsChangeSharedStateThroughTheRunningDaemon() throws {
        let daemon = try DaemonHarness.start()
        defer { daemon.stop() }
        let watcher = try daemon.connect()
        _ = try watcher.result("initialize")
        // A volatile pasteboard lives only in the daemon: a --no-daemon copy must land there.
        let copy = try daemon.run(["copy", "--no-daemon", "--pasteboard", "scratch"], stdin: "through the daemon")
        #expect(copy.status == 0, "\(copy.stderr)")
        #expect(try daemon.run(["paste", "--pasteboard", "scratch"]).stdout == "through the daemon")
        // A word learned with --no-daemon is learned by the daemon, which tells every connection.
        let learn = try daemon.run(["call", "--no-daemon", "spell.learn", #"{"word": "zqrouted"}"#])
        #expect(learn.status == 0, "\(learn.stderr)")
        let changed = try watcher.readMessage()
        #expect(changed == ["jsonrpc": "2.0", "method": "spell.changed",
                            "params": ["language": "en_US", "learned": ["zqrouted"], "unlearned": []]])
        // Reading stays in the command's own process.
        let check = try daemon.run(["check", "--no-daemon", "-"], stdin: "zqrouted\n")
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    }

    @Test func copyingToAPasteboardThatWouldDieWithTheCommandIsRefused() throws {
        let sandbox = try DaemonHarness.makeSandbox()
        defer { try? FileManager.default.removeItem(atPath: sandbox.root) }
        let refused = try TestProcess.textsvcd(["copy", "--pasteboard", "scratch"], in: sandbox.environment, stdin: "lost")
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("not persistent and no daemon is running"), "\(refused.stderr)")
        // `general` is persistent: it outlives the command.
        #expect(try TestProcess.textsvcd(["copy"], in: sandbox.environment, stdin: "kept").status == 0)
        #expect(try TestProcess.textsvcd(["paste"], in: sandbox.environment).stdout == "kept")
    }
}

/// The daemon compiles each dictionary it loads without a compiled form, and maps it when the child is done.
@Test(.slow)
func theDaemonCompilesADictionaryItLoadsAndMapsItWhenReady() throws {
    let scratch = TemporaryFolder(); defer { scratch.remove() }
    let cache = scratch.folder("daemon-cache")
    defer { try? FileManager.default.removeItem(atPath: cache) }
    var sandbox = try DaemonHarness.makeSandbox()
    defer { try? FileManager.default.removeItem(atPath: sandbox.root) }
    sandbox.environment["XDG_CACHE_HOME"] = cache
    let listing = ["dictionaries", "--format", "json", "--dictionary-path", TestSupport.hunspellSuite]
    func state(_ output: TestProcess.Output) throws -> String? {
        let all = try JSONParser.parse(output.stdout)
        return all["dictionaries"]?.arrayValue?.first { $0["tag"] == "checkcompoundcase" }?["compiled"]?["state"]?.stringValue
    }
    #expect(try state(TestProcess.textsvcd(listing + ["--no-daemon"], in: sandbox.environment)) == "missing")
    // The suite's dictionary is the daemon's default language: with en_US, the daemon compiled en_US first, and on a
    // loaded machine the one low-priority compile queue held this dictionary back past any wait.
    let daemon = try DaemonHarness.start(["--dictionary-path", TestSupport.hunspellSuite, "--lang", "checkcompoundcase"],
                                         sandbox: sandbox)
    defer { daemon.stop() }
    let first = try daemon.call("spell.check", ["text": "BAZBar Barfoo", "language": "checkcompoundcase"])
    #expect(first["misspellings"]?.arrayValue?.count == 1)
    var ready = false
    for _ in 0..<Int(300 * TestSupport.slowdown) {
        if try state(daemon.run(listing)) == "ready", daemon.log.contains("compiled a dictionary") { ready = true; break }
        Thread.sleep(forTimeInterval: 0.1)
    }
    #expect(ready, "\(daemon.log)")
    #expect(daemon.log.contains("compiling a dictionary in the background"))
    // Mapped now, with the same verdicts.
    #expect(try daemon.call("spell.check", ["text": "BAZBar Barfoo", "language": "checkcompoundcase"]) == first)
}
