import Foundation
import TextServices
import TextServicesProtocol

/// The one decision every command makes at start-up: the daemon's services, or this process's own.
///
/// Commands talk only to `client`. The daemon is used when one of this user
/// answers on the socket, unless `--no-daemon` was given; it is told this
/// command's dictionary search path (`--dictionary-path`, `DICPATH`) and
/// default language first, and answers from them. If it stops answering,
/// work goes on in-process. With `--no-daemon`, a change to
/// shared state (learning a word, writing a pasteboard) still goes through
/// a daemon that runs, so that it never works behind the daemon's back.
/// Positions count UTF-8 bytes; commands convert them for what they print.
final class CommandContext {
    let options: GlobalOptions
    private(set) lazy var client: any TextServicesClient = makeClient()

    init(options: GlobalOptions) {
        self.options = options
    }

    /// The daemon's socket path for this command (`--socket`, `TEXTSVCD_SOCKET` or the default).
    var socketPath: String {
        SocketPath.resolve(explicit: options.socket)
    }

    /// The configuration of this process's own services.
    var configuration: Configuration {
        Configuration.fromEnvironment(dictionaryPaths: options.dictionaryPaths)
    }

    private func makeClient() -> any TextServicesClient {
        let configuration = configuration
        let local: @Sendable () -> any TextServicesClient = {
            LocalTextServices(services: Services.forThisProcess(configuration: configuration))
        }
        let socketPath = socketPath
        if options.noDaemon {
            return SharedStateClient(local: local()) { RemoteTextServices.connectIfRunning(path: socketPath) }
        }
        guard let remote = RemoteTextServices.connectIfRunning(path: socketPath,
                                                               context: SpellingContext(configuration)) else { return local() }
        return FailoverClient(primary: remote, fallback: local, warn: { StandardError.print("textsvcd: \($0)") })
    }

    /// Whether no daemon of this user answers on the socket, so that every change this command makes dies with it unless saved to disk.
    var noDaemonRuns: Bool {
        RemoteTextServices.connectIfRunning(path: socketPath) == nil
    }

    /// The languages `--lang` gives, or nil for the default.
    var languages: [String]? { options.languages }
}

/// Writes to standard error; a failed write (a closed pipe, with SIGPIPE ignored) is dropped.
enum StandardError {
    static func print(_ message: String) {
        try? FileSystem.writeAll(Array((message + "\n").utf8), toDescriptor: STDERR_FILENO)
    }
}
