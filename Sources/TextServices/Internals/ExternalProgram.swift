import Foundation
import SystemPackage
#if canImport(Glibc)
import Glibc
#endif

// Every external program the domain starts goes through this file: posix_spawn with
// pipes, poll(2) with a deadline, and SIGKILL for a program that outlives it. The
// child holds no descriptor of this process but its standard streams, runs in a
// process group of its own (so that a terminal's Ctrl-C to the daemon does not reach
// it, and a timeout can kill what it forked), and starts with default signal
// dispositions (the daemon ignores SIGPIPE; a child must not inherit that).

/// Runs external programs (clipboard providers) with deadlines, never blocking longer than asked.
///
/// Thread-safe: every call works on its own descriptors and process.
enum ExternalProgram {
    /// What a finished (or stopped) program gave back.
    struct Outcome: Sendable {
        /// The exit status, or nil when a signal ended it (a timeout's SIGKILL among them).
        var status: Int32?
        /// Standard output, when it was asked for (at most the limit given).
        var output: [UInt8]
        /// The start of standard error, when output was asked for, for messages.
        var errorOutput: String
        var timedOut: Bool
        /// Whether standard output went past its limit (the rest was dropped and the program stopped).
        var outputTruncated: Bool

        var succeeded: Bool { status == 0 && !timedOut && !outputTruncated }
    }

    /// The full path of a program found on `PATH` (colon-separated folders), or nil.
    static func locate(_ name: String, path: String?) -> String? {
        for folder in (path ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") where !folder.isEmpty {
            let candidate = "\(folder)/\(name)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    /// Runs a program to its end, or until `timeout` passes (then kills its process group).
    ///
    /// `input` is written to its standard input (else it reads /dev/null).
    /// With `captureOutput`, standard output is read (at most
    /// `maximumOutputBytes`; past that the program is stopped) and the start
    /// of standard error kept; without, both go to /dev/null, so that a
    /// program that forks a child to live on (xclip serving the clipboard)
    /// is done when it exits. Throws a `SystemFailure` when the program
    /// cannot be started.
    static func run(_ executable: String, _ arguments: [String], input: [UInt8]? = nil, captureOutput: Bool,
                    environment: [String: String], timeout: Duration,
                    maximumOutputBytes: Int = 64 << 20) throws(SystemFailure) -> Outcome {
        let deadline = ContinuousClock.now + timeout
        let stdin = input != nil ? try Pipe.make(executable) : nil
        let stdout = captureOutput ? try Pipe.make(executable) : nil
        let stderr = captureOutput ? try Pipe.make(executable) : nil
        let pid: pid_t
        do {
            pid = try spawn(executable, arguments, environment: environment,
                            stdin: stdin?.read, stdout: stdout?.write, stderr: stderr?.write)
        } catch {
            for pipe in [stdin, stdout, stderr].compactMap({ $0 }) { pipe.closeBoth() }
            throw error
        }
        stdin?.closeRead()
        stdout?.closeWrite()
        stderr?.closeWrite()

        // A program that exits before reading all its input makes writes fail with EPIPE: the signal that
        // comes with it is blocked on this thread while it writes, and taken back before unblocking.
        var blocked = sigset_t()
        sigemptyset(&blocked)
        sigaddset(&blocked, SIGPIPE)
        var previousMask = sigset_t()
        pthread_sigmask(SIG_BLOCK, &blocked, &previousMask)
        defer {
            var pendingSignals = sigset_t()
            sigpending(&pendingSignals)
            if sigismember(&pendingSignals, SIGPIPE) == 1, sigismember(&previousMask, SIGPIPE) == 0 {
                var none = timespec(tv_sec: 0, tv_nsec: 0)
                _ = sigtimedwait(&blocked, nil, &none)
            }
            pthread_sigmask(SIG_SETMASK, &previousMask, nil)
        }
        var pending = input.map { $0[...] } ?? []
        var inputDescriptor = stdin?.write
        if pending.isEmpty, let descriptor = inputDescriptor {
            close(descriptor)
            inputDescriptor = nil
        }
        var output: [UInt8] = []
        var errorOutput: [UInt8] = []
        var outputDescriptor = stdout?.read
        var errorDescriptor = stderr?.read
        var truncated = false
        var timedOut = false
        for descriptor in [inputDescriptor, outputDescriptor, errorDescriptor].compactMap({ $0 }) {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        }
        // Feed and drain the pipes until all are closed or the deadline passes.
        while inputDescriptor != nil || outputDescriptor != nil || errorDescriptor != nil {
            let left = deadline - ContinuousClock.now
            guard left > .zero else {
                timedOut = true
                break
            }
            var polled: [pollfd] = []
            if let descriptor = inputDescriptor { polled.append(pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)) }
            if let descriptor = outputDescriptor { polled.append(pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)) }
            if let descriptor = errorDescriptor { polled.append(pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)) }
            let ready = poll(&polled, nfds_t(polled.count), Int32(clamping: left.milliseconds + 1))
            if ready < 0, errno != EINTR { break }
            for entry in polled where entry.revents != 0 {
                if entry.fd == inputDescriptor {
                    let written = pending.withUnsafeBytes { Glibc.write(entry.fd, $0.baseAddress, min($0.count, 1 << 16)) }
                    if written > 0 { pending = pending.dropFirst(written) }
                    if written < 0, errno != EAGAIN, errno != EINTR { pending = [] }
                    if pending.isEmpty {
                        close(entry.fd)
                        inputDescriptor = nil
                    }
                } else if entry.fd == outputDescriptor {
                    if !drain(entry.fd, into: &output, limit: maximumOutputBytes, truncated: &truncated) {
                        close(entry.fd)
                        outputDescriptor = nil
                    }
                    if truncated { break }
                } else if entry.fd == errorDescriptor {
                    var ignored = false
                    if !drain(entry.fd, into: &errorOutput, limit: 4096, truncated: &ignored) {
                        close(entry.fd)
                        errorDescriptor = nil
                    }
                }
            }
            if truncated { break }
        }
        for descriptor in [inputDescriptor, outputDescriptor, errorDescriptor].compactMap({ $0 }) { close(descriptor) }
        let status = truncated || timedOut ? kill(pid) : waitForExit(pid, deadline: deadline, timedOut: &timedOut)
        return Outcome(status: status, output: output, errorOutput: String(decoding: errorOutput, as: UTF8.self),
                       timedOut: timedOut, outputTruncated: truncated)
    }

    /// A program left running whose standard output this process reads (`wl-paste --watch`).
    final class Running: @unchecked Sendable {
        let pid: pid_t
        /// The read end of the program's standard output.
        let output: Int32
        private let stopped = Locked(false)

        fileprivate init(pid: pid_t, output: Int32) {
            self.pid = pid
            self.output = output
        }

        /// Blocks until the program writes a line (returned without its newline) or ends (nil).
        func readLine(buffer: inout [UInt8]) -> [UInt8]? {
            while true {
                if let newline = buffer.firstIndex(of: 0x0A) {
                    let line = Array(buffer[..<newline])
                    buffer.removeFirst(newline + 1)
                    return line
                }
                var chunk = [UInt8](repeating: 0, count: 4096)
                let count = chunk.withUnsafeMutableBytes { Glibc.read(output, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return nil }
                buffer += chunk[..<count]
            }
        }

        /// Stops the program (SIGTERM to its group, SIGKILL after a moment) and reaps it; safe to call twice.
        func stop() {
            guard stopped.withLock({ (stopped: inout Bool) -> Bool in
                defer { stopped = true }
                return !stopped
            }) else { return }
            Glibc.kill(-pid, SIGTERM)
            var timedOut = false
            _ = ExternalProgram.waitForExit(pid, deadline: .now + .milliseconds(500), timedOut: &timedOut)
        }

        /// Closes the output; call once the reader is done with it.
        func closeOutput() {
            close(output)
        }
    }

    /// Starts a program that keeps running; its standard output comes back through a pipe.
    static func start(_ executable: String, _ arguments: [String],
                      environment: [String: String]) throws(SystemFailure) -> Running {
        let stdout = try Pipe.make(executable)
        let pid: pid_t
        do {
            pid = try spawn(executable, arguments, environment: environment, stdin: nil, stdout: stdout.write, stderr: nil)
        } catch {
            stdout.closeBoth()
            throw error
        }
        stdout.closeWrite()
        return Running(pid: pid, output: stdout.read)
    }

    // MARK: Internals

    /// A pipe whose ends close on exec (the child gets its end by dup2, which clears that).
    ///
    /// Glibc's `pipe2` is not visible from Swift, so the flag is set just
    /// after; a program another thread starts in between still holds no
    /// end, since every spawn here closes all descriptors above 2.
    private struct Pipe {
        var read: Int32
        var write: Int32

        static func make(_ program: String) throws(SystemFailure) -> Pipe {
            var ends: [Int32] = [-1, -1]
            guard pipe(&ends) == 0 else { throw SystemFailure.last("pipe for", program) }
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            return Pipe(read: ends[0], write: ends[1])
        }

        func closeRead() { close(read) }
        func closeWrite() { close(write) }
        func closeBoth() {
            close(read)
            close(write)
        }
    }

    private static func spawn(_ executable: String, _ arguments: [String], environment: [String: String],
                              stdin: Int32?, stdout: Int32?, stderr: Int32?) throws(SystemFailure) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (descriptor, target, mode) in [(stdin, Int32(0), O_RDONLY), (stdout, 1, O_WRONLY), (stderr, 2, O_WRONLY)] {
            if let descriptor {
                posix_spawn_file_actions_adddup2(&actions, descriptor, target)
            } else {
                posix_spawn_file_actions_addopen(&actions, target, "/dev/null", mode, 0)
            }
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGCHLD] { sigaddset(&defaults, signal) }
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &mask)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETPGROUP))
        return try Spawn.start(executable, arguments, environment: environment, actions: &actions, attributes: &attributes)
    }

    /// Reads what a non-blocking descriptor holds; false once it reached its end (or failed).
    private static func drain(_ descriptor: Int32, into buffer: inout [UInt8], limit: Int, truncated: inout Bool) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                let room = limit - buffer.count
                buffer += chunk[..<min(count, max(0, room))]
                if count > room {
                    truncated = true
                    return false
                }
                continue
            }
            if count < 0, errno == EINTR { continue }
            if count < 0, errno == EAGAIN { return true }
            return false
        }
    }

    /// Waits for the program to exit until the deadline; then kills it. Its exit status, nil when a signal ended it.
    fileprivate static func waitForExit(_ pid: pid_t, deadline: ContinuousClock.Instant, timedOut: inout Bool) -> Int32? {
        var pause: UInt32 = 200
        while true {
            var status: Int32 = 0
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid { return exitStatus(status) }
            if result < 0, errno != EINTR { return nil }
            if ContinuousClock.now >= deadline {
                timedOut = true
                return kill(pid)
            }
            usleep(pause)
            pause = min(pause * 2, 10_000)
        }
    }

    /// Kills a program's process group and reaps it; nil (a signal ended it).
    fileprivate static func kill(_ pid: pid_t) -> Int32? {
        Glibc.kill(-pid, SIGKILL)
        Glibc.kill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        return nil
    }

    private static func exitStatus(_ status: Int32) -> Int32? {
        // WIFEXITED / WEXITSTATUS, which Swift does not import.
        status & 0x7F == 0 ? (status >> 8) & 0xFF : nil
    }
}

private extension Duration {
    var milliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }
}
