import Foundation
import Testing
import TextServices
@testable import TextServicesProtocol
@testable import TextServicesTestSupport

/// Who may talk to the daemon: its own user only, over a socket in a private folder, never over the network.
@Suite("Access", .slow)
struct AccessTests {
    static let nobody: UInt32 = 65534
    static var isRoot: Bool { TestSystem.userID == 0 }

    /// Runs a textsvcd command as `nobody` (needs root); returns its status and output.
    static func runAsNobody(_ arguments: [String], environment: [String: String]) throws -> TestProcess.Output {
        let scratch = TemporaryFolder("nobody")
        defer { scratch.remove() }
        let folder = scratch.path
        TestSystem.changeOwner(folder, to: nobody)
        var environment = environment
        environment["HOME"] = folder
        let pid = try TestSockets.spawn(["/usr/bin/setpriv", "--reuid=\(nobody)", "--regid=\(nobody)", "--clear-groups",
                                        DaemonHarness.binaryPath] + arguments,
                                       environment: environment, output: folder + "/out")
        let status = try #require(TestSockets.waitForExit(pid, timeout: 60))
        let output = (try? String(contentsOfFile: folder + "/out", encoding: .utf8)) ?? ""
        return TestProcess.Output(status: status, stdoutBytes: Array(output.utf8), stderr: output)
    }

    @Test(.enabled(if: isRoot, "needs root to run a client as another user"))
    func anotherUserCannotReachTheSocketNorTalkThroughAnOpenedOne() throws {
        let daemon = try DaemonHarness.start()
        defer { daemon.stop() }
        // The socket's folder is 0700: another user cannot even reach it.
        let blocked = try Self.runAsNobody(["call", "stats"], environment: daemon.environment)
        #expect(blocked.status == 2, "\(blocked.stderr)")
        #expect(blocked.stderr.contains("Permission denied"), "\(blocked.stderr)")
        // Even with the folder and socket opened to everyone, the daemon refuses a peer of another user id.
        let folder = URL(fileURLWithPath: daemon.socketPath).deletingLastPathComponent().path
        chmod(folder, 0o755)
        chmod(daemon.socketPath, 0o666)
        let refused = try Self.runAsNobody(["call", "stats"], environment: daemon.environment)
        #expect(refused.status == 1, "\(refused.stderr)")
        #expect(refused.stderr.contains("connections are accepted only from user \(TestSystem.userID)"), "\(refused.stderr)")
        #expect(daemon.isRunning)
        #expect(try daemon.call("stats")["connections"] == 1)
    }

    @Test(.enabled(if: isRoot, "needs root to run a daemon as another user"))
    func aClientRefusesADaemonRunByAnotherUser() throws {
        let sandbox = try DaemonHarness.makeSandbox()
        for folder in ["", "/run", "/data", "/home"] { TestSystem.changeOwner(sandbox.root + folder, to: Self.nobody) }
        let path = sandbox.root + "/run/impostor.sock"
        let impostor = try TestSockets.spawn(
            ["/usr/bin/setpriv", "--reuid=\(Self.nobody)", "--regid=\(Self.nobody)", "--clear-groups",
             DaemonHarness.binaryPath, "serve", "--socket", path],
            environment: sandbox.environment, output: sandbox.root + "/impostor.log")
        defer {
            TestSockets.signal(impostor, SIGTERM)
            _ = TestSockets.waitForExit(impostor, timeout: 10)
            try? FileManager.default.removeItem(atPath: sandbox.root)
        }
        for _ in 0..<1500 where !TestSystem.isSocket(path) { usleep(20_000) }
        // Root can open nobody's 0600 socket, but the client will not send it a thing.
        let output = try TestProcess.textsvcd(["call", "spell.check", #"{"text":"a secret"}"#, "--socket", path],
                                           in: sandbox.environment)
        #expect(output.status == 2, "\(output.stderr)")
        #expect(output.stderr.contains("runs as user \(Self.nobody)"), "\(output.stderr)")
        // A command that can work alone does so rather than use the impostor.
        let check = try TestProcess.textsvcd(["check", "--socket", path, "-"], in: sandbox.environment, stdin: "teh\n")
        #expect(check.status == 1)
        #expect(check.stdout.contains("teh"))
    }

    @Test(arguments: [0o1777, 0o777, 0o775] as [UInt32])
    func aSocketFolderOthersMayWriteToIsRefused(mode: UInt32) throws {
        let scratch = TemporaryFolder("shared")
        defer { scratch.remove() }
        let shared = scratch.path
        chmod(shared, mode_t(mode))
        for (arguments, environment) in [(["--socket", shared + "/d.sock"], [:]), ([], ["TEXTSVCD_SOCKET": shared + "/d.sock"])] {
            let daemon = try DaemonHarness.start(arguments, environment: environment, waitUntilReady: false)
            #expect(daemon.waitForExit() == 1, "\(daemon.log)")
            #expect(daemon.log.contains("writable by other users"), "\(daemon.log)")
            #expect(!TestSystem.isSocket(shared + "/d.sock"))
        }
        // A private folder inside it is fine: the daemon makes it 0700.
        let daemon = try DaemonHarness.start(["--socket", shared + "/private/d.sock"])
        defer { daemon.stop() }
        #expect(TestSystem.mode(of: shared + "/private") == 0o700)
        #expect(try daemon.call("spell.check", ["text": "teh"])["wordCount"] == 1)
    }

    @Test func aSocketFolderOfAnotherUserIsRefused() throws {
        guard Self.isRoot else { return }
        let scratch = TemporaryFolder("foreign")
        defer { scratch.remove() }
        let foreign = scratch.path
        chmod(foreign, 0o755)
        TestSystem.changeOwner(foreign, to: Self.nobody)
        let daemon = try DaemonHarness.start(["--socket", foreign + "/d.sock"], waitUntilReady: false)
        #expect(daemon.waitForExit() == 1, "\(daemon.log)")
        #expect(daemon.log.contains("belongs to user \(Self.nobody)"), "\(daemon.log)")
    }

    @Test func nothingListensOnTheNetwork() throws {
        let daemon = try DaemonHarness.start()
        defer { daemon.stop() }
        _ = try daemon.call("stats")
        let inodes = TestSystem.socketInodes(of: daemon.pid)
        // The daemon's Unix socket is seen, so the check below looks at the right process.
        let unix = TestSystem.procNetInodes("unix")
        #expect(!inodes.isDisjoint(with: unix), "no Unix socket of the daemon found")
        for table in ["tcp", "tcp6", "udp", "udp6", "raw", "raw6"] {
            let network = TestSystem.procNetInodes(table)
            #expect(inodes.isDisjoint(with: network), "the daemon has a \(table) socket")
        }
    }
}

extension TestSystem {
    /// The inodes of a process's open sockets, from `/proc/PID/fd`.
    static func socketInodes(of pid: Int32) -> Set<String> {
        let folder = "/proc/\(pid)/fd"
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        var inodes: Set<String> = []
        for entry in entries {
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/" + entry),
                  target.hasPrefix("socket:[") else { continue }
            inodes.insert(String(target.dropFirst("socket:[".count).dropLast()))
        }
        return inodes
    }

    /// The socket inodes listed in `/proc/net/TABLE` (tcp, udp, raw and their 6 forms, or unix).
    static func procNetInodes(_ table: String) -> Set<String> {
        // A /proc file reports size 0: read it to its end, not one page (a busy machine lists more than a page of sockets).
        guard let handle = FileHandle(forReadingAtPath: "/proc/net/" + table),
              let data = try? handle.readToEnd(), let text = String(data: data, encoding: .utf8) else { return [] }
        defer { try? handle.close() }
        // The inode is field 6 of a unix row and field 9 of an IP row ("tx:rx" and "tr:when" are one field each).
        let index = table == "unix" ? 6 : 9
        var inodes: Set<String> = []
        for line in text.split(separator: "\n").dropFirst() {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if index < fields.count { inodes.insert(String(fields[index])) }
        }
        return inodes
    }
}
