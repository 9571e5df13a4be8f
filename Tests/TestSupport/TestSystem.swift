import Foundation
import TextServices
import TextServicesProtocol
#if canImport(Glibc)
import Glibc
#endif

// The raw POSIX calls of the integration tests live in this file: the client
// side is the library's own `UnixSocket`; these are what only tests do.

extension UnixSocket {
    /// Connects to a test daemon, whoever runs it.
    static func open(_ path: String) throws -> UnixSocket {
        try connect(path: path, trustedPeersOnly: false)
    }

    func send(_ text: String) throws {
        try write(Array(text.utf8))
    }

    func send(_ bytes: [UInt8]) throws {
        try write(bytes)
    }

    /// The next line without its newline; nil at end of input; throws after `timeout` seconds of silence.
    func readLine(timeout: Double = 20 * TestSupport.slowdown) throws -> String? {
        try readLineBytes(timeout: timeout).map { String(decoding: $0, as: UTF8.self) }
    }

    func readLineBytes(timeout: Double = 20 * TestSupport.slowdown) throws -> [UInt8]? {
        setReadTimeout(seconds: timeout)
        do {
            return try readLine()
        } catch where error.errno == .connectionReset {
            return nil
        }
    }

    /// True when the peer closed the connection (after any unread lines) within `timeout` seconds.
    ///
    /// False when a line arrives or the wait times out.
    func closesWithin(_ timeout: Double) -> Bool {
        do {
            return try readLine(timeout: timeout) == nil
        } catch {
            return false
        }
    }
}

/// What the tests do with sockets and processes beyond being a client.
enum TestSockets {
    // MARK: Listening sockets made by the test itself

    /// Binds and listens on `path`, as systemd's socket units do; returns the descriptor (inheritable).
    static func listen(on path: String) throws -> Int32 {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw TestFailure("socket: \(errnoText())") }
        var address = try unixAddress(path)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard bound == 0, Glibc.listen(descriptor, 16) == 0 else {
            let text = errnoText()
            Glibc.close(descriptor)
            throw TestFailure("bind/listen \(path): \(text)")
        }
        return descriptor
    }

    /// Leaves a socket file at `path` that nothing listens on, as a crashed daemon does.
    static func leaveStaleSocketFile(at path: String) throws {
        let descriptor = try listen(on: path)
        Glibc.close(descriptor)
    }

    static func closeDescriptor(_ descriptor: Int32) {
        Glibc.close(descriptor)
    }

    /// Starts `arguments` with `inherited` as its descriptor 3 and `LISTEN_FDS=1`, `LISTEN_PID` set to the new process.
    ///
    /// Goes through `/bin/sh` so that `LISTEN_PID` can name the process
    /// before it runs (the shell `exec`s the program, keeping its pid).
    static func spawnSocketActivated(_ arguments: [String], inherited: Int32, environment: [String: String],
                                     output: String) throws -> pid_t {
        try spawn(arguments, environment: environment, output: output, inherited: inherited)
    }

    /// Starts `arguments` with stdout and stderr appended to `output`; the caller waits with `waitForExit`.
    static func spawn(_ arguments: [String], environment: [String: String], output: String,
                      inherited: Int32? = nil) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        if let inherited { posix_spawn_file_actions_adddup2(&actions, inherited, 3) }
        let script = inherited == nil ? "exec \"$@\"" : "LISTEN_PID=$$ LISTEN_FDS=1 exec \"$@\""
        let argv = ["/bin/sh", "-c", script, "sh"] + arguments
        let environ = environment.map { "\($0.key)=\($0.value)" }
        var cArguments = argv.map { strdup($0) } + [nil]
        var cEnvironment = environ.map { strdup($0) } + [nil]
        defer {
            cArguments.forEach { free($0) }
            cEnvironment.forEach { free($0) }
        }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, "/bin/sh", &actions, nil, &cArguments, &cEnvironment)
        guard result == 0 else { throw TestFailure("posix_spawn: \(String(cString: strerror(result)))") }
        return pid
    }

    /// Waits for a process started by `spawnSocketActivated`; its exit status, or nil after `timeout` seconds.
    static func waitForExit(_ pid: pid_t, timeout: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            var status: Int32 = 0
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid {
                if status & 0x7F == 0 { return (status >> 8) & 0xFF }
                return 128 + (status & 0x7F)
            }
            usleep(10_000)
        }
        return nil
    }

    static func signal(_ pid: pid_t, _ signal: Int32) {
        kill(pid, signal)
    }

    private static func unixAddress(_ path: String) throws -> sockaddr_un {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            throw TestFailure("socket path too long: \(path)")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
            raw[bytes.count] = 0
        }
        return address
    }

    private static func errnoText() -> String { String(cString: strerror(errno)) }
}

/// Facts about files and processes the tests check.
enum TestSystem {
    /// The permission bits of a file, without following a symbolic link.
    static func mode(of path: String) -> UInt32? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return UInt32(info.st_mode & 0o7777)
    }

    static func isSocket(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFSOCK
    }

    static var userID: UInt32 { getuid() }

    /// A process's resident memory in KiB, from /proc.
    static func residentKiB(of pid: Int32) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            return Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
        }
        return nil
    }

    /// The paths of the files a process has mapped into memory, from /proc (read whole: it spans many pages).
    static func mappedFiles(of pid: Int32) -> Set<String> {
        guard let handle = FileHandle(forReadingAtPath: "/proc/\(pid)/maps"),
              let data = try? handle.readToEnd() else { return [] }
        try? handle.close()
        return Set(String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { line in
            line.firstIndex(of: "/").map { String(line[$0...]) }
        })
    }

    static func changeOwner(_ path: String, to user: UInt32) {
        chown(path, user, user)
    }
}
