import ArgumentParser
import Foundation
import Logging
import ServiceLifecycle
import TextServices
import TextServicesProtocol

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
            help: "Exit once no client has been connected for this long: 90s, 10m, 1h (default: never; doors start the daemon with $TEXTSVCD_IDLE_EXIT, else 10m).")
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
        let level = Logger.Level(rawValue: logLevel.lowercased())!
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "textsvcd")
        ServerSystem.ignoreBrokenPipes()
        let signals = ShutdownSignals()

        let environment = ProcessInfo.processInfo.environment
        let listener: DaemonServer.Listener
        do {
            if let inherited = try ServerSystem.inheritedListener(environment: environment) {
                listener = .inherited(descriptor: inherited.descriptor, path: inherited.path)
            } else {
                let path = SocketPath.resolve(explicit: global.socket, environment: environment)
                let isDefault = global.socket == nil && (environment["TEXTSVCD_SOCKET"] ?? "").isEmpty
                listener = .claimed(try SocketFile.claim(path, isDefaultLocation: isDefault, logger: logger))
            }
        } catch let error as SocketFile.ClaimError {
            StandardError.print("textsvcd: \(error)")
            throw ExitCode(1)
        } catch {
            StandardError.print("textsvcd: \(error)")
            throw ExitCode(1)
        }

        var configuration = Configuration.fromEnvironment(dictionaryPaths: global.dictionaryPaths, environment: environment)
        if let language = global.languages?.first { configuration.defaultLanguage = language }
        if let maximumLineBytes { configuration.limits.maximumLineBytes = maximumLineBytes }
        if let maximumTextBytes { configuration.limits.maximumTextBytes = maximumTextBytes }
        if let regexTimeLimit { configuration.limits.regexTimeLimitMilliseconds = regexTimeLimit }
        let services = Services(configuration: configuration)
        // Dictionaries load with Hunspell at once and compile their mapped form in a child meanwhile.
        services.spelling.compileLoadedDictionaries(with: ChildProcessCompileLauncher(dictionaryPaths: global.dictionaryPaths,
                                                                                      logger: logger))
        do {
            _ = try services.spelling.dictionary(nil)
        } catch {
            logger.warning("the default dictionary is not available", metadata: ["error": "\(error)"])
        }
        let requests = RequestDispatcher(services: services, rejectsUnknownFields: true)
        // In a graphical session, `general` mirrors the desktop's clipboard (detection runs in the background).
        let preference = clipboard ?? environment["TEXTSVCD_CLIPBOARD"].flatMap { $0.isEmpty ? nil : $0 }
        let bridge = DesktopClipboard.start(store: services.pasteboards, environment: environment, preference: preference) {
            logger.info("clipboard: \(ClipboardStatus($0).summary)")
        }
        services.attach(bridge)

        let cores = ProcessInfo.processInfo.activeProcessorCount
        var settings = ServerSettings(
            socketPath: SocketPath.resolve(explicit: global.socket, environment: environment),
            workerThreads: workers ?? max(2, cores),
            maximumLineBytes: configuration.limits.maximumLineBytes,
            drainTimeout: .milliseconds(Int64(drainTimeout * 1000)),
            allowedUserID: ServerSystem.effectiveUserID,
            exitWhenIdle: exitWhenIdle?.duration)
        // A burst of editors and scripts connecting at once should queue, not be refused: as deep a queue as the kernel allows.
        settings.listenBacklog = ServerSystem.maximumListenBacklog ?? settings.listenBacklog
        let server = DaemonServer(requests: requests, settings: settings, logger: logger)
        do {
            try await server.start(listener)
        } catch {
            StandardError.print("textsvcd: cannot listen on \(settings.socketPath): \(error)")
            if case .claimed(let socketFile) = listener { socketFile.release(logger: logger) }
            throw ExitCode(1)
        }

        let group = ServiceGroup(
            // The server returns by itself when its watch stops it (idle, socket gone): a clean exit, not a failure.
            configuration: .init(services: [.init(service: server, successTerminationBehavior: .gracefullyShutdownGroup)],
                                 logger: logger))
        signals.onSignal { number in
            logger.info("signal received, stopping", metadata: ["signal": "\(number)"])
            Task { await group.triggerGracefulShutdown() }
        }
        requests.server.onShutdown {
            logger.info("shutdown requested by a client")
            Task { await group.triggerGracefulShutdown() }
        }
        try await group.run()
        bridge.stop()
        withExtendedLifetime(signals) {}
    }
}
