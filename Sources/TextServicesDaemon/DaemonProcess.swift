import Foundation
import Logging
import ServiceLifecycle
import TextServices
import TextServicesProtocol

/// The whole life of `textsvcd serve`: claims the socket, builds the services, serves until shutdown.
public enum DaemonProcess {
    /// Why the daemon could not start; the message is for a person (the command prints it and exits 1).
    public struct StartFailure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Runs the daemon until SIGTERM, SIGINT, the `shutdown` method or its watch (`DaemonWatch`); returns after a clean stop.
    ///
    /// Logging is bootstrapped here, so call it once per process. Throws
    /// `StartFailure` when another daemon serves the path or the socket cannot
    /// be bound; errors of the service group propagate.
    public static func run(_ options: DaemonOptions, environment: [String: String] = ProcessInfo.processInfo.environment)
        async throws {
        let level = options.logLevel
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "textsvcd")
        ServerSystem.ignoreBrokenPipes()
        let signals = ShutdownSignals()

        let listener: DaemonServer.Listener
        do {
            if let inherited = try ServerSystem.inheritedListener(environment: environment) {
                listener = .inherited(descriptor: inherited.descriptor, path: inherited.path)
            } else {
                let path = SocketPath.resolve(explicit: options.socket, environment: environment)
                let isDefault = options.socket == nil && (environment["TEXTSVCD_SOCKET"] ?? "").isEmpty
                listener = .claimed(try SocketFile.claim(path, isDefaultLocation: isDefault, logger: logger))
            }
        } catch {
            throw StartFailure(description: "\(error)")
        }

        var configuration = Configuration.fromEnvironment(dictionaryPaths: options.dictionaryPaths, environment: environment)
        if let language = options.language { configuration.defaultLanguage = language }
        if let maximumLineBytes = options.maximumLineBytes { configuration.limits.maximumLineBytes = maximumLineBytes }
        if let maximumTextBytes = options.maximumTextBytes { configuration.limits.maximumTextBytes = maximumTextBytes }
        if let regexTimeLimit = options.regexTimeLimitMilliseconds {
            configuration.limits.regexTimeLimitMilliseconds = regexTimeLimit
        }
        let services = Services(configuration: configuration)
        // Dictionaries load with Hunspell at once and compile their mapped form in a child meanwhile.
        services.spelling.compileLoadedDictionaries(with: ChildProcessCompileLauncher(dictionaryPaths: options.dictionaryPaths,
                                                                                      logger: logger))
        do {
            // The one-time set-up of guesses (reading the .aff file), done now, is given back with the start-up pages.
            try services.spelling.dictionary(nil).prepareGuesses()
        } catch {
            logger.warning("the default dictionary is not available", metadata: ["error": "\(error)"])
        }
        let requests = RequestDispatcher(services: services, rejectsUnknownFields: true)
        // In a graphical session, `general` mirrors the desktop's clipboard (detection runs in the background).
        let preference = options.clipboard ?? environment["TEXTSVCD_CLIPBOARD"].flatMap { $0.isEmpty ? nil : $0 }
        let bridge = DesktopClipboard.start(store: services.pasteboards, environment: environment, preference: preference) {
            logger.info("clipboard: \(ClipboardStatus($0).summary)")
        }
        services.attach(bridge)

        let cores = ProcessInfo.processInfo.activeProcessorCount
        var settings = ServerSettings(
            socketPath: SocketPath.resolve(explicit: options.socket, environment: environment),
            workerThreads: options.workers ?? max(2, cores),
            maximumLineBytes: configuration.limits.maximumLineBytes,
            drainTimeout: options.drainTimeout,
            allowedUserID: ServerSystem.effectiveUserID,
            exitWhenIdle: options.exitWhenIdle)
        // A burst of editors and scripts connecting at once should queue, not be refused: as deep a queue as the kernel allows.
        settings.listenBacklog = ServerSystem.maximumListenBacklog ?? settings.listenBacklog
        let server = DaemonServer(requests: requests, settings: settings, logger: logger)
        do {
            try await server.start(listener)
        } catch {
            if case .claimed(let socketFile) = listener { socketFile.release(logger: logger) }
            throw StartFailure(description: "cannot listen on \(settings.socketPath): \(error)")
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
