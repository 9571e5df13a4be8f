import Foundation
import Synchronization
import TextServices
import TextServicesIO
import TextServicesProtocol

/// The one decision every command makes at start-up: the daemon's services, or this process's own.
///
/// Commands talk only to `client`, which `ClientFactory.forCommand` makes:
/// the daemon when one of this user answers on the socket, unless
/// `--no-daemon` was given; if it stops answering, work goes on in-process
/// (said once on standard error). Positions count UTF-8 bytes; commands
/// convert them for what they print.
public final class CommandContext {
    public let options: ClientOptions
    private let factory: ClientFactory
    public private(set) lazy var client: any TextServicesClient = {
        let client = factory.makeClient { event in
            if case .fellBack(let reason) = event { StandardError.print("textsvcd: \(reason)") }
        }
        Self.kept.withLock { $0.append(client) }
        return client
    }()

    /// Every command's client, kept until the process exits.
    ///
    /// A command is the process's last work: tearing its services down
    /// first (dictionaries, memos, caches; for `find`, about 3% of its
    /// start-up) would cost time for nothing. Sockets and files close at exit.
    private static let kept = Mutex<[any TextServicesClient]>([])

    public init(options: ClientOptions) {
        self.options = options
        self.factory = .forCommand(options)
    }

    /// The daemon's socket path for this command (`--socket`, `TEXTSVCD_SOCKET` or the default).
    public var socketPath: String { factory.socketPath }

    /// The configuration of this process's own services.
    public var configuration: Configuration { factory.configuration }

    /// Whether no daemon of this user answers on the socket, so that every change this command makes dies with it unless saved to disk.
    public var noDaemonRuns: Bool {
        RemoteTextServices.connectIfRunning(path: socketPath) == nil
    }

    /// The languages `--lang` gives, or nil for the default.
    public var languages: [String]? { options.languages }
}
