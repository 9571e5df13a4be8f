import CPlatform
import Foundation
@testable import TextServices
#if canImport(Glibc)
import Glibc
#endif

/// A program run on a pseudo-terminal of its own, as a person runs it at a terminal: the test reads the screen and types.
///
/// The program starts in a new session whose controlling terminal is the
/// pseudo-terminal (its standard input too), so `/dev/tty` is that terminal;
/// its standard output and standard error go to files, read after it ends.
/// Used from one thread.
final class PseudoTerminalProcess {
    /// What the program shows on the terminal, as the terminal sends it (`\n` arrives as `\r\n`).
    private(set) var screen: [UInt8] = []
    private let master: Int32
    private let process: pid_t
    private let folder: String
    private var searched = 0
    private var exitStatus: Int32?

    /// Starts `executable` with `arguments` in exactly `environment`.
    init(_ executable: String, _ arguments: [String], environment: [String: String]) throws {
        var name = [CChar](repeating: 0, count: 256)
        master = tsv_open_pseudo_terminal(&name, Int32(name.count))
        guard master >= 0 else { throw TestFailure("no pseudo-terminal: errno \(errno)") }
        let terminalPath = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        folder = TemporaryFolders.make("pty", forTheRun: false)
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        // After setsid, the first terminal the session leader opens (without O_NOCTTY) becomes its controlling terminal.
        posix_spawnattr_setflags(&attributes, tsv_spawn_new_session_flag())
        posix_spawn_file_actions_addopen(&actions, 0, terminalPath, O_RDWR, 0)
        posix_spawn_file_actions_addopen(&actions, 1, folder + "/out", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, folder + "/err", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        process = try Spawn.start(executable, arguments, environment: environment, actions: &actions, attributes: &attributes)
    }

    deinit {
        if exitStatus == nil {
            kill(process, SIGKILL)
            var status: Int32 = 0
            waitpid(process, &status, 0)
        }
        close(master)
        TemporaryFolders.remove(folder)
    }

    /// Waits until the screen shows `text` after what earlier waits found, and returns the screen up to its end.
    ///
    /// Throws, with the screen so far, when the program ends or `timeout` seconds pass first.
    @discardableResult
    func waitFor(_ text: String, timeout: Double = 60) throws -> String {
        let wanted = Array(text.utf8)
        let deadline = ContinuousClock.now + TestSupport.bound(timeout)
        while true {
            if let found = find(wanted) {
                searched = found + wanted.count
                return String(decoding: screen[..<searched], as: UTF8.self)
            }
            guard ContinuousClock.now < deadline, readScreen(waitingMilliseconds: 100) != .closed else {
                throw TestFailure("the terminal never showed \(text.debugDescription); it shows:\n\(screenText)")
            }
        }
    }

    /// Types keys, as a terminal sends them (Enter is `\r`).
    func type(_ keys: String) {
        let bytes = Array(keys.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress!, $0.count) }
    }

    /// Waits for the program to end, reading the screen meanwhile; its exit status (128+N for signal N) and streams.
    func finish(timeout: Double = 60) throws -> TestProcess.Output {
        let deadline = ContinuousClock.now + TestSupport.bound(timeout)
        var status: Int32 = 0
        while waitpid(process, &status, WNOHANG) == 0 {
            guard ContinuousClock.now < deadline else {
                throw TestFailure("the program did not end in \(timeout) s; the terminal shows:\n\(screenText)")
            }
            _ = readScreen(waitingMilliseconds: 50)
        }
        while readScreen(waitingMilliseconds: 0) == .read {}
        let code = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        exitStatus = code
        let output = TestProcess.Output(status: code, stdoutBytes: FileSystem.read(folder + "/out") ?? [],
                                        stderr: String(decoding: FileSystem.read(folder + "/err") ?? [], as: UTF8.self))
        TestSupport.expectNoSanitizerReport(output.stderr, from: "textsvcd on a terminal")
        return output
    }

    /// The whole screen so far, as text.
    var screenText: String { String(decoding: screen, as: UTF8.self) }

    private func find(_ wanted: [UInt8]) -> Int? {
        guard screen.count - searched >= wanted.count else { return nil }
        return (searched...(screen.count - wanted.count)).first { screen[$0..<($0 + wanted.count)].elementsEqual(wanted) }
    }

    private enum ScreenRead { case read, nothing, closed }

    /// Reads what the terminal has, waiting up to the time given for it.
    private func readScreen(waitingMilliseconds: Int32) -> ScreenRead {
        var entry = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        guard poll(&entry, 1, waitingMilliseconds) == 1 else { return .nothing }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress!, $0.count) }
        // The program and its children closed the terminal's other side: EIO.
        guard count > 0 else { return .closed }
        screen += buffer[..<count]
        return .read
    }
}
