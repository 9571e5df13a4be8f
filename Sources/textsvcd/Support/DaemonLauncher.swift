import Foundation
import TextServices
import TextServicesProtocol
import TextServicesDaemon

/// Starts the user's daemon on demand for the editor doors, and makes their clients.
///
/// The daemon is this same executable running `serve` on the door's socket,
/// detached in its own session so that it outlives the editor; its output
/// goes to `$XDG_STATE_HOME/textsvcd/daemon.log` (default
/// `~/.local/state/textsvcd/daemon.log`).
enum DaemonLauncher {
    /// Starts `textsvcd serve --socket PATH --exit-when-idle D` in the background (it exits at once if another daemon won the race).
    ///
    /// `D` is `TEXTSVCD_IDLE_EXIT` (default ten minutes; `never` leaves the flag out).
    static func start(socketPath: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        let log = logPath(environment: environment)
        try? FileManager.default.createDirectory(atPath: (log as NSString).deletingLastPathComponent,
                                                 withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        var childEnvironment = environment
        for key in ["LISTEN_PID", "LISTEN_FDS", "LISTEN_FDNAMES"] { childEnvironment[key] = nil }
        var arguments = ["serve", "--socket", socketPath]
        if let idle = IdleDuration.forDoors(environment: environment, warn: { StandardError.print("textsvcd: \($0)") }) {
            arguments += ["--exit-when-idle", idle.description]
        }
        try ServerSystem.spawnDetached(ServerSystem.executablePath, arguments,
                                       environment: childEnvironment, log: log)
    }

    /// Where a daemon started by a door writes its log.
    static func logPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let state: String
        if let xdg = environment["XDG_STATE_HOME"], xdg.hasPrefix("/") {
            state = xdg
        } else {
            state = (environment["HOME"] ?? NSHomeDirectory()) + "/.local/state"
        }
        return state + "/textsvcd/daemon.log"
    }

    /// The client an editor door uses: the shared daemon (started when needed), or this process's services.
    ///
    /// With `--no-daemon` the door works in this process, but learns words
    /// and writes pasteboards through a daemon that runs. The daemon is told
    /// the door's dictionary search path (`--dictionary-path`, `DICPATH`, and
    /// the extra folders) and default language, and answers from them.
    /// `onEvent` hears when the daemon is restarted or given up on.
    static func doorClient(options: GlobalOptions, extraDictionaryPaths: [String] = [],
                           onEvent: @escaping @Sendable (DaemonSession.Event) -> Void) -> any TextServicesClient {
        let configuration = Configuration.fromEnvironment(dictionaryPaths: options.dictionaryPaths + extraDictionaryPaths)
        let local: @Sendable () -> any TextServicesClient = {
            LocalTextServices(services: Services.forThisProcess(configuration: configuration))
        }
        let socketPath = SocketPath.resolve(explicit: options.socket)
        if options.noDaemon {
            return SharedStateClient(local: local()) { RemoteTextServices.connectIfRunning(path: socketPath) }
        }
        return DaemonSession(socketPath: socketPath, context: SpellingContext(configuration),
                             start: { try start(socketPath: socketPath) }, fallback: local, onEvent: onEvent)
    }
}
