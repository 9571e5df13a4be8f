import Foundation
import Testing
import TextServices
@testable import TextServicesProtocol
@testable import TextServicesTestSupport

/// `textsvcd call`, against a real daemon and without one.
@Suite("textsvcd call", .slow)
struct CallCommandTests {
    @Test func printsTheResultOfOneRequest() throws {
        let daemon = try DaemonHarness.start()
        defer { daemon.stop() }
        let output = try daemon.run(["call", "spell.check", #"{"text": "Ths is teh tset."}"#])
        #expect(output.status == 0, "\(output.stderr)")
        let result = try JSONParser.parse(output.stdout.trimmingCharacters(in: .newlines))
        #expect(result["misspellings"]?.arrayValue?.count == 3)
        #expect(output.stdout.hasSuffix("}\n"))
    }

    @Test func readsParamsFromStandardInputAndAppliesThePositionEncoding() throws {
        let daemon = try DaemonHarness.start()
        defer { daemon.stop() }
        let output = try daemon.run(["call", "--position-encoding", "utf-8", "spell.check", "-"], stdin: #"{"text": "😀 teh"}"#)
        #expect(output.status == 0, "\(output.stderr)")
        let result = try JSONParser.parse(output.stdout.trimmingCharacters(in: .newlines))
        #expect(result["misspellings"]?.arrayValue?.first?["range"] == ["start": 5, "end": 8])
    }

    @Test func anErrorResponseExitsOneWithTheErrorOnStandardError() throws {
        let daemon = try DaemonHarness.start()
        defer { daemon.stop() }
        let output = try daemon.run(["call", "spell.check", #"{"text": 1}"#])
        #expect(output.status == 1)
        #expect(output.stdout.isEmpty)
        let error = try JSONParser.parse(output.stderr.trimmingCharacters(in: .newlines))
        #expect(error["code"] == -32602)
        #expect(error["data"]?["field"] == "text")
    }

    @Test func badParamsOrNoDaemonExitTwo() throws {
        let sandbox = try DaemonHarness.makeSandbox()
        defer { try? FileManager.default.removeItem(atPath: sandbox.root) }
        let missing = try TestProcess.textsvcd(["call", "stats"], in: sandbox.environment)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("no daemon"))
        let notJSON = try TestProcess.textsvcd(["call", "stats", "{oops"], in: sandbox.environment)
        #expect(notJSON.status == 2)
        let notObject = try TestProcess.textsvcd(["call", "stats", "[1]"], in: sandbox.environment)
        #expect(notObject.status == 2)
        #expect(notObject.stderr.contains("object"))
    }

    @Test func noDaemonRunsTheRequestInProcess() throws {
        let sandbox = try DaemonHarness.makeSandbox()
        defer { try? FileManager.default.removeItem(atPath: sandbox.root) }
        let output = try TestProcess.textsvcd(["call", "--no-daemon", "spell.guesses", #"{"word": "recieve"}"#],
                                           in: sandbox.environment)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("receive"))
    }
}

/// The other commands use a running daemon when there is one, and work alone otherwise.
@Suite("Commands through the daemon", .slow)
struct DaemonBackedCommandTests {
    private func spellCheckCount(_ daemon: DaemonHarness) throws -> Int {
        try daemon.call("stats")["methods"]?["spell.check"]?["count"]?.intValue ?? 0
    }

    @Test func checkSendsItsRequestsToTheRunningDaemon() throws {
        let daemon = try DaemonHarness.start()
        defer { daemon.stop() }
        let through = try daemon.run(["check", "--format", "list", "-"], stdin: "Ths is teh tset.\n")
        #expect(through.status == 1, "\(through.stderr)")
        #expect(through.stdout == "Ths\nteh\ntset\n")
        #expect(try spellCheckCount(daemon) >= 1)

        let before = try spellCheckCount(daemon)
        let alone = try daemon.run(["check", "--no-daemon", "--format", "list", "-"], stdin: "Ths is teh tset.\n")
        #expect(alone.stdout == through.stdout)
        #expect(try spellCheckCount(daemon) == before)
    }

    @Test func pastePrintsTheFirstItemWithTheTypeWhenAnotherItemLacksIt() throws {
        let daemon = try DaemonHarness.start()
        defer { daemon.stop() }
        let write = try daemon.run(["call", "pasteboard.write", """
            {"name": "general", "items": [{"public.png": {"base64": "iVBORw0KGgo="}}, \
            {"public.utf8-plain-text": {"text": "héllo"}}, {"public.utf8-plain-text": {"text": "second"}}]}
            """])
        #expect(write.status == 0, "\(write.stderr)")
        for arguments in [["paste"], ["paste", "--type", "public.utf8-plain-text"], ["paste", "--type", "text/plain"]] {
            let paste = try daemon.run(arguments)
            #expect(paste.status == 0, "\(arguments): \(paste.stderr)")
            #expect(paste.stdout == "héllo", "\(arguments)")
        }
        let image = try daemon.run(["paste", "--type", "public.image"])
        #expect(image.status == 0, "\(image.stderr)")
        #expect(image.stdoutBytes == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let none = try daemon.run(["paste", "--type", "public.html"])
        #expect(none.status == 1, "\(none.stderr)")
    }

    @Test func checkWorksAloneWhenNoDaemonAnswers() throws {
        let sandbox = try DaemonHarness.makeSandbox()
        defer { try? FileManager.default.removeItem(atPath: sandbox.root) }
        // A stale socket file where the daemon would be.
        let folder = sandbox.environment["XDG_RUNTIME_DIR"]! + "/textsvcd"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try TestSockets.leaveStaleSocketFile(at: folder + "/textsvcd.sock")
        let output = try TestProcess.textsvcd(["check", "--format", "list", "-"], in: sandbox.environment,
                                           stdin: "Ths is fine.\n")
        #expect(output.status == 1, "\(output.stderr)")
        #expect(output.stdout == "Ths\n")
    }
}
