import ArgumentParser
import Logging
import TextServices
import TextServicesIO
import TextServicesCLI
import TextServicesDaemon

/// `textsvcd serve`: the daemon on a Unix socket.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the daemon: JSON-RPC lines on a Unix socket.",
        discussion: """
            Listens on --socket, $TEXTSVCD_SOCKET, $XDG_RUNTIME_DIR/textsvcd/textsvcd.sock \
            or /tmp/textsvcd-$UID/textsvcd.sock, in that order, or on the socket systemd passes \
            (LISTEN_FDS). Exits 1 if another daemon already serves the path. SIGTERM, SIGINT and \
            the shutdown method stop it: it finishes requests in flight, removes the socket and exits 0. \
            It also exits 0, logging why, once no client has been connected for --exit-when-idle, and \
            within two seconds of its socket file being removed or replaced by another daemon's.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Option(name: .customLong("log-level"),
            help: "Least severe log level written to stderr: trace, debug, info, notice, warning, error or critical.")
    var logLevel: String = "info"

    @Option(name: .customLong("workers"), help: "Threads that run requests (default: the number of cores, at least 2).")
    var workers: Int?

    @Option(name: .customLong("max-line-bytes"), help: "Longest request line in bytes (default 16 MiB).")
    var maximumLineBytes: Int?

    @Option(name: .customLong("max-text-bytes"), help: "Largest 'text' a request may carry, in bytes (default 8 MiB).")
    var maximumTextBytes: Int?

    @Option(name: .customLong("regex-time-limit"), help: "Longest a regular expression may run, in milliseconds (default 1000).")
    var regexTimeLimit: Int?

    @Option(name: .customLong("drain-timeout"), help: "Seconds shutdown waits for requests in flight (default 10).")
    var drainTimeout: Double = 10

    @Option(name: .customLong("exit-when-idle"),
            help: "Exit once no client has been connected for this long: 90s, 10m, 1h (default: never; doors start the daemon with $TEXTSVCD_IDLE_EXIT, else 10m).",
            transform: { argument in
                guard let duration = IdleDuration(argument: argument) else {
                    throw ValidationError("expected a duration such as 90s, 10m or 1h")
                }
                return duration
            })
    var exitWhenIdle: IdleDuration?

    @Option(name: .customLong("clipboard"),
            help: "How the general pasteboard mirrors the desktop's clipboard: auto (wl-clipboard, xsel or xclip, as Neovim picks), a provider's name, or none (default: $TEXTSVCD_CLIPBOARD, else auto).")
    var clipboard: String?

    func validate() throws {
        guard Logger.Level(rawValue: logLevel.lowercased()) != nil else {
            throw ValidationError("--log-level must be one of trace, debug, info, notice, warning, error, critical")
        }
        if let workers, workers < 1 { throw ValidationError("--workers must be at least 1") }
        if let maximumLineBytes, maximumLineBytes < 64 { throw ValidationError("--max-line-bytes must be at least 64") }
        if let maximumTextBytes, maximumTextBytes < 1 { throw ValidationError("--max-text-bytes must be at least 1") }
        if let regexTimeLimit, regexTimeLimit < 1 { throw ValidationError("--regex-time-limit must be at least 1") }
        guard drainTimeout >= 0, drainTimeout.isFinite else { throw ValidationError("--drain-timeout must not be negative") }
        if let clipboard, !ClipboardProvider.preferences.contains(clipboard) {
            throw ValidationError("--clipboard must be one of \(ClipboardProvider.preferences.joined(separator: ", "))")
        }
        _ = try global.validatedEncoding()
    }

    func run() async throws {
        var options = DaemonOptions()
        options.socket = global.socket
        options.dictionaryPaths = global.dictionaryPaths
        options.language = global.languages?.first
        options.logLevel = Logger.Level(rawValue: logLevel.lowercased())!
        options.workers = workers
        options.maximumLineBytes = maximumLineBytes
        options.maximumTextBytes = maximumTextBytes
        options.regexTimeLimitMilliseconds = regexTimeLimit
        options.drainTimeout = .milliseconds(Int64(drainTimeout * 1000))
        options.clipboard = clipboard
        options.exitWhenIdle = exitWhenIdle?.duration
        do {
            try await DaemonProcess.run(options)
        } catch let failure as DaemonProcess.StartFailure {
            StandardError.print("textsvcd: \(failure)")
            throw ExitCode(1)
        }
    }
}
