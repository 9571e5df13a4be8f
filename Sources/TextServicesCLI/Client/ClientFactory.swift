import Foundation
import TextServices
import TextServicesProtocol

/// The one place a door or command gets its client: the daemon, the daemon started when needed, or this process.
///
/// Every client it makes is told this process's dictionary search path
/// (`--dictionary-path`, `DICPATH`, extra folders) and default language
/// (`LANG`, `LC_*`, `TEXTSVCD_LANG`) when it talks to the daemon, so the
/// shared daemon answers from them. Positions count UTF-8 bytes.
public struct ClientFactory: Sendable {
    /// How the client reaches the services.
    public enum Mode: Sendable, Equatable {
        /// The daemon when one answers, else this process; at the daemon's first failure, this process (the commands).
        case daemonWhenRunning
        /// The daemon, started when none runs and restarted when it dies; after three failures within a minute,
        /// this process (the editor doors: `lsp`, `ispell`).
        case daemonStartedWhenNeeded
        /// This process, with changes to shared state (learned words, pasteboards) made through a daemon that runs
        /// (`--no-daemon`).
        case inProcess
    }

    public let mode: Mode
    public let socketPath: String
    /// The configuration of this process's own services, and what the daemon is told.
    public let configuration: Configuration
    private let makeLocal: @Sendable () -> any TextServicesClient
    private let startDaemon: @Sendable () throws -> Void

    /// A factory for `mode`, with the daemon at `socketPath`, this process's services made by `makeLocal` and the
    /// daemon started by `startDaemon`.
    public init(mode: Mode, socketPath: String, configuration: Configuration,
                makeLocal: @escaping @Sendable () -> any TextServicesClient,
                startDaemon: @escaping @Sendable () throws -> Void) {
        self.mode = mode
        self.socketPath = socketPath
        self.configuration = configuration
        self.makeLocal = makeLocal
        self.startDaemon = startDaemon
    }

    /// The factory for a command (`check`, `suggest`, `words import`, ...) run with `options`.
    public static func forCommand(_ options: ClientOptions) -> ClientFactory {
        standard(options, mode: options.noDaemon ? .inProcess : .daemonWhenRunning)
    }

    /// The factory for an editor door (`lsp`, `ispell`) run with `options`; `extraDictionaryPaths` join the search path.
    public static func forEditorDoor(_ options: ClientOptions, extraDictionaryPaths: [String] = []) -> ClientFactory {
        standard(options, mode: options.noDaemon ? .inProcess : .daemonStartedWhenNeeded, extraDictionaryPaths: extraDictionaryPaths)
    }

    private static func standard(_ options: ClientOptions, mode: Mode, extraDictionaryPaths: [String] = []) -> ClientFactory {
        let configuration = Configuration.fromEnvironment(dictionaryPaths: options.dictionaryPaths + extraDictionaryPaths)
        let socketPath = options.socketPath
        return ClientFactory(mode: mode, socketPath: socketPath, configuration: configuration,
                             makeLocal: { LocalTextServices(services: Services.forThisProcess(configuration: configuration)) },
                             startDaemon: { try DaemonLauncher.start(socketPath: socketPath) })
    }

    /// A connection to the daemon that runs, with no failover (`textsvcd call`, which reports on the daemon itself).
    ///
    /// Throws when nothing answers on the socket, or another user's daemon does (`meansUntrustedPeer`).
    public func connectToRunningDaemon() throws(SystemFailure) -> RemoteTextServices {
        try RemoteTextServices(path: socketPath)
    }

    /// Makes the client; `onEvent` hears when the daemon is restarted or given up on (never for `.inProcess`).
    ///
    /// `.daemonWhenRunning` connects at once: with no daemon answering, the
    /// client is this process's own.
    public func makeClient(onEvent: @escaping @Sendable (DaemonClient.Event) -> Void) -> any TextServicesClient {
        let socketPath = socketPath
        let context = SpellingContext(configuration)
        switch mode {
        case .inProcess:
            return SharedStateClient(local: makeLocal()) { RemoteTextServices.connectIfRunning(path: socketPath) }
        case .daemonWhenRunning:
            guard let remote = RemoteTextServices.connectIfRunning(path: socketPath, context: context) else { return makeLocal() }
            return DaemonClient(socketPath: socketPath, context: context, connected: remote, start: nil,
                                failover: .workInProcess, fallback: makeLocal, onEvent: onEvent)
        case .daemonStartedWhenNeeded:
            return DaemonClient(socketPath: socketPath, context: context, start: startDaemon,
                                failover: .editorDoor, fallback: makeLocal, onEvent: onEvent)
        }
    }
}
