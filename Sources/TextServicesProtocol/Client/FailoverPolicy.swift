/// What a `DaemonClient` does when the daemon fails under a request.
///
/// Either way the request that met the failure is answered: by the daemon
/// started again, or in this process. A request the daemon had already
/// carried out may run twice; every method is safe to repeat.
public enum FailoverPolicy: Sendable, Equatable {
    /// Work in this process from the first failure on (a command, which ends soon).
    case workInProcess
    /// Start the daemon again and re-send this client's state; after `failures` failures within `window`,
    /// work in this process (an editor door, which lives as long as the editor).
    case restartDaemon(failures: Int, window: Duration)

    /// An editor door's policy: three failures within a minute make it work in process.
    public static let editorDoor = FailoverPolicy.restartDaemon(failures: 3, window: .seconds(60))

    /// How many failures within `window` make the client work in this process.
    var failuresBeforeFallback: Int {
        switch self {
        case .workInProcess: 1
        case .restartDaemon(let failures, _): max(1, failures)
        }
    }

    /// How far back failures count.
    var window: Duration {
        switch self {
        case .workInProcess: .seconds(60)
        case .restartDaemon(_, let window): window
        }
    }

    /// What the user is told when the client gives up on the daemon after `failures` failures, the last being `error`.
    func reason(failures: Int, error: ServiceError) -> String {
        switch self {
        case .workInProcess: error.message
        case .restartDaemon(_, let window):
            "the daemon failed \(failures) times within \(window == .seconds(60) ? "a minute" : "\(window.components.seconds) s") (\(error.message))"
        }
    }
}
