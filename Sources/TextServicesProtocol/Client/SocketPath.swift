import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Where the daemon listens: the contract's rule, shared by the server and every client.
public enum SocketPath {
    /// The daemon's socket path: the one given, else `TEXTSVCD_SOCKET`, else the contract's default.
    ///
    /// The default is `$XDG_RUNTIME_DIR/textsvcd/textsvcd.sock`, or
    /// `/tmp/textsvcd-$UID/textsvcd.sock` when `XDG_RUNTIME_DIR` is unset or
    /// not absolute. The server and every client command use this one rule.
    public static func resolve(explicit: String? = nil,
                               environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let explicit, !explicit.isEmpty { return explicit }
        if let fromEnvironment = environment["TEXTSVCD_SOCKET"], !fromEnvironment.isEmpty { return fromEnvironment }
        return defaultDirectory(environment: environment) + "/textsvcd.sock"
    }

    /// The folder of the default socket path, which the server creates with mode 0700.
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") {
            return (runtime.hasSuffix("/") ? String(runtime.dropLast()) : runtime) + "/textsvcd"
        }
        return "/tmp/textsvcd-\(getuid())"
    }
}
