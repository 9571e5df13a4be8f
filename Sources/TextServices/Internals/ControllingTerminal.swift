import SystemPackage
#if canImport(Glibc)
import Glibc
#endif

/// The controlling terminal (`/dev/tty`) in raw mode, for a door that asks a person key by key.
///
/// Opening it puts the terminal in raw input mode: keys arrive one at a time
/// without echo, and Ctrl-C, Ctrl-Z and Ctrl-\ arrive as bytes (3, 26, 28)
/// instead of signals, so the caller decides what they mean and the terminal
/// is always restored. Output processing is kept (`\n` is shown as a new
/// line). `restore()` (also run on deinit) gives back the terminal's
/// settings. Standard input and output are not used: a process whose input
/// is a pipe can still ask. Not thread-safe: one thread asks.
public final class ControllingTerminal {
    private let descriptor: Int32
    private var saved: termios
    private var restored = false

    /// Opens the controlling terminal and sets raw input mode.
    ///
    /// Throws a `SystemFailure` when the process has no controlling terminal
    /// (`open /dev/tty: No such device or address` under CI, cron or `setsid`)
    /// or the device refuses the settings.
    public init() throws(SystemFailure) {
        let descriptor = open("/dev/tty", O_RDWR | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else { throw SystemFailure.last("open", "/dev/tty") }
        var settings = termios()
        guard tcgetattr(descriptor, &settings) == 0 else {
            let failure = SystemFailure.last("tcgetattr", "/dev/tty")
            close(descriptor)
            throw failure
        }
        self.descriptor = descriptor
        self.saved = settings
        settings.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
        settings.c_iflag &= ~tcflag_t(IXON | ICRNL | INLCR)
        withUnsafeMutableBytes(of: &settings.c_cc) { controls in
            controls[Int(VMIN)] = 1
            controls[Int(VTIME)] = 0
        }
        guard tcsetattr(descriptor, TCSAFLUSH, &settings) == 0 else {
            let failure = SystemFailure.last("tcsetattr", "/dev/tty")
            close(descriptor)
            throw failure
        }
    }

    deinit { restore() }

    /// The next byte typed, waiting for it; nil when the terminal is gone (hung up, closed).
    public func readByte() -> UInt8? {
        guard !restored else { return nil }
        var byte: UInt8 = 0
        while true {
            let count = read(descriptor, &byte, 1)
            if count == 1 { return byte }
            if count < 0, errno == EINTR { continue }
            return nil
        }
    }

    /// Discards the bytes already typed and not read (the rest of an escape sequence, keys pressed ahead).
    public func discardPending() {
        guard !restored else { return }
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        var byte: UInt8 = 0
        while poll(&entry, 1, 20) == 1, entry.revents & Int16(POLLIN) != 0, read(descriptor, &byte, 1) == 1 {}
    }

    /// Writes text to the terminal as it is (the caller escapes what it shows of files).
    public func write(_ text: String) {
        guard !restored else { return }
        var bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeMutableBytes { Glibc.write(descriptor, $0.baseAddress! + written, $0.count - written) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return }
            written += count
        }
        bytes.removeAll()
    }

    /// Gives the terminal back its settings and closes it; later reads answer nil and writes do nothing.
    public func restore() {
        guard !restored else { return }
        restored = true
        _ = tcsetattr(descriptor, TCSAFLUSH, &saved)
        close(descriptor)
    }
}
