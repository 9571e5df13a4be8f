import Foundation
import Testing
@testable import TextServices
@testable import TextServicesProtocol
@testable import TextServicesTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A daemon ends on its own when it can no longer be of use: no client for `--exit-when-idle`, or its socket file gone.
@Suite("Daemon lifetime", .slow)
struct DaemonLifetimeTests {
    /// Generous: the daemon checks every second; a loaded machine is slow to schedule it.
    static let exitDeadline = 30 * TestSupport.slowdown

    @Test func aDaemonWithNoClientForTheIdleTimeExitsCleanlyAndRemovesItsSocket() throws {
        let daemon = try DaemonHarness.start(["--exit-when-idle", "1s"])
        defer { daemon.stop() }
        // A client that stays connected keeps it: the daemon is still there at an uptime well past the idle time.
        let connection = try daemon.connect()
        var uptime = 0.0
        while uptime < 3 {
            switch try connection.result("stats")["uptimeSeconds"] {
            case .double(let seconds)?: uptime = seconds
            case .int(let seconds)?: uptime = Double(seconds)
            default: Issue.record("stats has no uptimeSeconds"); return
            }
            #expect(daemon.isRunning)
        }
        connection.socket.close()
        #expect(daemon.waitForExit(timeout: Self.exitDeadline) == 0, "\(daemon.log)")
        #expect(daemon.log.contains("no client has been connected for 1s (--exit-when-idle); exiting"), "\(daemon.log)")
        #expect(!FileManager.default.fileExists(atPath: daemon.socketPath))
    }

    @Test func aBadIdleDurationIsRefused() throws {
        let output = try TestProcess.textsvcd(["serve", "--exit-when-idle", "soon"])
        #expect(output.status == 64, "\(output.stderr)")
        #expect(output.stderr.contains("exit-when-idle"), "\(output.stderr)")
    }

    @Test func aDaemonWhoseSocketFileIsRemovedExits() throws {
        let daemon = try DaemonHarness.start()
        defer { daemon.stop() }
        try FileManager.default.removeItem(atPath: daemon.socketPath)
        #expect(daemon.waitForExit(timeout: Self.exitDeadline) == 0, "\(daemon.log)")
        #expect(daemon.log.contains("the socket file \(daemon.socketPath) was removed; exiting"), "\(daemon.log)")
    }

    @Test func aDaemonWhoseSocketIsReplacedByAnotherDaemonsExitsAndLeavesTheOtherServing() throws {
        let first = try DaemonHarness.start()
        defer { first.stop() }
        // The runtime folder goes away (logout) and a new daemon starts on the same path.
        try FileManager.default.removeItem(atPath: first.runtimeDirectory)
        try FileManager.default.createDirectory(atPath: first.runtimeDirectory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let second = try DaemonHarness.start(sandbox: (first.root, first.environment))
        defer { second.stop() }
        #expect(first.waitForExit(timeout: Self.exitDeadline) == 0, "\(first.log)")
        #expect(first.log.contains("is now another socket; exiting"), "\(first.log)")
        #expect(second.isRunning)
        #expect(try second.call("stats")["processId"]?.intValue == Int(second.pid))
    }

    @Test("the doors start the daemon with TEXTSVCD_IDLE_EXIT, ten minutes by default, or none for never",
          arguments: [(nil, "10m"), ("2s", "2s"), ("90", "90s"), ("never", nil)] as [(String?, String?)])
    func doorsStartTheDaemonWithTheIdleTime(setting: String?, expected: String?) throws {
        let sandbox = try DaemonHarness.makeSandbox()
        defer { try? FileManager.default.removeItem(atPath: sandbox.root) }
        var environment = sandbox.environment
        environment["TEXTSVCD_IDLE_EXIT"] = setting
        defer { TestSupport.stopDaemon(in: environment) }
        let door = try DoorProcess.run(["-a"], stdin: "hello wrold\n", environment: environment)
        #expect(door.status == 0)
        let pid = try #require(TestSupport.daemonProcess(in: environment), "the door started no daemon")
        let arguments = DoorProcess.arguments(of: pid)
        if let expected {
            #expect(arguments.suffix(2) == ["--exit-when-idle", expected], "\(arguments)")
        } else {
            #expect(!arguments.contains("--exit-when-idle"), "\(arguments)")
        }
        if setting == "2s" {
            // Nothing is connected once the door has gone: the daemon ends by itself.
            #expect(DoorProcess.waitForExit(pid, timeout: Self.exitDeadline), "\(arguments)")
        }
    }
}

/// Runs a door without the test helpers' clean-up, so that the daemon it starts outlives it.
enum DoorProcess {
    static func run(_ arguments: [String], stdin: String, environment: [String: String]) throws -> (status: Int32, stdout: String) {
        let scratch = TemporaryFolder("door")
        defer { scratch.remove() }
        let folder = scratch.path
        FileManager.default.createFile(atPath: folder + "/in", contents: Data(stdin.utf8))
        FileManager.default.createFile(atPath: folder + "/out", contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: TestSupport.binary)
        process.arguments = arguments
        process.environment = environment
        process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: folder + "/in"))
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: folder + "/out"))
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return (process.terminationStatus, (try? String(contentsOfFile: folder + "/out", encoding: .utf8)) ?? "")
    }

    /// A process's command line.
    static func arguments(of pid: Int32) -> [String] {
        guard let bytes = FileSystem.read("/proc/\(pid)/cmdline") else { return [] }
        return bytes.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Waits until a process that is not this one's child has gone (or is a zombie nobody reaped yet).
    static func waitForExit(_ pid: Int32, timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            guard kill(pid, 0) == 0, let stat = FileSystem.read("/proc/\(pid)/stat") else { return true }
            // The state follows the command name in parentheses: "PID (comm) S ...".
            if let close = stat.lastIndex(of: UInt8(ascii: ")")), close + 2 < stat.count, stat[close + 2] == UInt8(ascii: "Z") {
                return true
            }
            usleep(20_000)
        }
        return false
    }
}
