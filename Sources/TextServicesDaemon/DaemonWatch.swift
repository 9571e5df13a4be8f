import Logging
import TextServices

/// Watches a serving daemon for the reasons it stops on its own: no client for too long, or its socket file gone.
///
/// A daemon whose socket file was removed (its runtime folder deleted at
/// logout, a test's folder cleaned up) or replaced by another daemon's can
/// never be reached again; with `exitWhenIdle`, one that no client has been
/// connected to for that long is not needed. Both are checked every
/// `interval` (more often when the idle time is shorter).
public struct DaemonWatch: Sendable {
    /// Why the daemon stops.
    enum Reason: Equatable, CustomStringConvertible {
        case idle(Duration)
        case socketRemoved(String)
        case socketReplaced(String)

        var description: String {
            switch self {
            case .idle(let duration): return "no client has been connected for \(DaemonWatch.describe(duration)) (--exit-when-idle); exiting"
            case .socketRemoved(let path): return "the socket file \(path) was removed; exiting, as no client can reach this daemon"
            case .socketReplaced(let path): return "the socket file \(path) is now another socket; exiting, as no client can reach this daemon"
            }
        }
    }

    /// The socket path and the file it named when the daemon bound it; nil for a socket that has no file.
    var socket: (path: String, identity: ServerSystem.FileIdentity)?
    var exitWhenIdle: Duration?
    var interval: Duration

    /// A duration as a person writes it: `10m`, `90s`, `1500ms`.
    public static func describe(_ duration: Duration) -> String {
        let milliseconds = duration.components.seconds * 1_000 + duration.components.attoseconds / 1_000_000_000_000_000
        if milliseconds % 3_600_000 == 0 { return "\(milliseconds / 3_600_000)h" }
        if milliseconds % 60_000 == 0 { return "\(milliseconds / 60_000)m" }
        if milliseconds % 1_000 == 0 { return "\(milliseconds / 1_000)s" }
        return "\(milliseconds)ms"
    }

    /// Whether there is anything to watch.
    var isActive: Bool { socket != nil || exitWhenIdle != nil }

    /// The reason to stop now, if there is one.
    func reason(idleFor idle: Duration?) -> Reason? {
        if let socket {
            switch ServerSystem.identity(of: socket.path) {
            case nil: return .socketRemoved(socket.path)
            case let identity? where identity != socket.identity: return .socketReplaced(socket.path)
            default: break
            }
        }
        if let exitWhenIdle, let idle, idle >= exitWhenIdle { return .idle(exitWhenIdle) }
        return nil
    }

    /// Checks until there is a reason to stop and returns it; nil when cancelled first.
    func waitForReason(idleTime: @Sendable () -> Duration?) async -> Reason? {
        var tick = interval
        if let exitWhenIdle { tick = max(.milliseconds(50), min(tick, exitWhenIdle / 4)) }
        while !Task.isCancelled {
            do { try await Task.sleep(for: tick) } catch { return nil }
            if let reason = reason(idleFor: idleTime()) { return reason }
        }
        return nil
    }
}
