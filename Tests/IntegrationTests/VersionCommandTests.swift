import Foundation
import Testing
import TextServices
import TextServicesProtocol
@testable import TextServicesTestSupport

/// `textsvcd --version`: the binary's, its libraries' and the running daemon's versions.
@Suite("textsvcd --version", .slow)
struct VersionCommandTests {
    @Test func printsTheVersionConstantAndTheLibrariesAndSaysNoDaemonRuns() throws {
        let sandbox = try DaemonHarness.makeSandbox()
        defer { try? FileManager.default.removeItem(atPath: sandbox.root) }
        let output = try TestProcess.textsvcd(["--version"], in: sandbox.environment)
        #expect(output.status == 0, "\(output.stderr)")
        let lines = output.stdout.split(separator: "\n").map(String.init)
        #expect(lines == [
            "textsvcd \(TextServicesVersion.version)",
            "ICU \(LibraryVersions.icu)",
            LibraryVersions.hunspell.description,
            "daemon: none running (\(SocketPath.resolve(environment: sandbox.environment)))",
        ])
    }

    @Test func asksTheRunningDaemonForItsVersion() throws {
        let daemon = try DaemonHarness.start()
        defer { daemon.stop() }
        let output = try daemon.run(["--version"])
        #expect(output.status == 0, "\(output.stderr)")
        let last = output.stdout.split(separator: "\n").last.map(String.init)
        #expect(last == "daemon: textsvcd \(TextServicesVersion.version), protocol 1 (\(daemon.socketPath))")
    }

    @Test func givesUpOnADaemonThatDoesNotAnswer() throws {
        let sandbox = try DaemonHarness.makeSandbox()
        defer { try? FileManager.default.removeItem(atPath: sandbox.root) }
        // A listener that never accepts: the connection completes in the kernel and nothing ever answers.
        let path = sandbox.root + "/run/silent.sock"
        let listener = try TestSockets.listen(on: path)
        defer { TestSockets.closeDescriptor(listener) }
        var environment = sandbox.environment
        environment["TEXTSVCD_SOCKET"] = path
        let started = Date()
        let output = try TestProcess.textsvcd(["--version"], in: environment, timeout: 20)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(Date().timeIntervalSince(started) < 10 * TestSupport.slowdown)
        let last = output.stdout.split(separator: "\n").last.map(String.init) ?? ""
        #expect(last.hasPrefix("daemon: no answer from \(path)"), "\(last)")
        #expect(output.stdout.hasPrefix("textsvcd \(TextServicesVersion.version)\n"))
    }
}
