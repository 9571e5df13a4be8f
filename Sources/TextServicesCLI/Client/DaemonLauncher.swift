import Foundation
import TextServices
import TextServicesIO
internal import TextServicesDaemon

/// Starts the user's daemon on demand for the editor doors.
///
/// The daemon is this same executable running `serve` on the door's socket,
/// detached in its own session so that it outlives the editor; its output
/// goes to `$XDG_STATE_HOME/textsvcd/daemon.log` (default
/// `~/.local/state/textsvcd/daemon.log`).
public enum DaemonLauncher {
    /// Starts `textsvcd serve --socket PATH --exit-when-idle D` in the background (it exits at once if another daemon won the race).
    ///
    /// `D` is `TEXTSVCD_IDLE_EXIT` (default ten minutes; `never` leaves the flag out).
    public static func start(socketPath: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
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
    public static func logPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let state: String
        if let xdg = environment["XDG_STATE_HOME"], xdg.hasPrefix("/") {
            state = xdg
        } else {
            state = (environment["HOME"] ?? NSHomeDirectory()) + "/.local/state"
        }
        return state + "/textsvcd/daemon.log"
    }
}
