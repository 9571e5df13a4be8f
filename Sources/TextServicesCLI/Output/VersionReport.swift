import TextServices
import TextServicesProtocol

/// What `textsvcd --version` prints: this binary's version, its libraries', and the running daemon's.
///
/// The daemon is asked with `initialize` over a short-lived connection that
/// gives up after `timeoutSeconds`; with socket activation, asking starts it.
public enum VersionReport {
    /// The report's lines, first the bare version ("textsvcd 0.1.0").
    public static func lines(socketPath: String, timeoutSeconds: Double = 2) -> [String] {
        [
            "\(TextServicesVersion.server) \(TextServicesVersion.version)",
            "ICU \(LibraryVersions.icu)",
            LibraryVersions.hunspell.description,
            daemonLine(socketPath: socketPath, timeoutSeconds: timeoutSeconds),
        ]
    }

    /// "daemon: textsvcd 0.1.0, protocol 1 (PATH)", or why there is none.
    static func daemonLine(socketPath: String, timeoutSeconds: Double) -> String {
        let client: RemoteTextServices
        do {
            client = try RemoteTextServices(path: socketPath, timeoutSeconds: timeoutSeconds, answerTimeoutSeconds: timeoutSeconds)
        } catch {
            if error.meansNoListener { return "daemon: none running (\(socketPath))" }
            return "daemon: not reachable: \(error)"
        }
        defer { client.close() }
        do {
            let value = try client.send(InitializeRequest(client: "textsvcd --version"))
            return "daemon: \(value.server) \(value.version), protocol \(value.protocolVersion) (\(socketPath))"
        } catch {
            return "daemon: no answer from \(socketPath): \(error.message)"
        }
    }
}
