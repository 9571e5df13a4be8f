import TextServicesProtocol

/// What the command line says about reaching the services: the options every command shares.
public struct ClientOptions: Sendable, Equatable {
    /// `--socket`, or nil for `TEXTSVCD_SOCKET` or the default path.
    public var socket: String?
    /// `--dictionary-path` folders, searched before `DICPATH` and the system's.
    public var dictionaryPaths: [String]
    /// `--no-daemon`: work in this process even when a daemon runs.
    public var noDaemon: Bool
    /// `--lang` as a list, or nil for the default.
    public var languages: [String]?

    public init(socket: String? = nil, dictionaryPaths: [String] = [], noDaemon: Bool = false, languages: [String]? = nil) {
        self.socket = socket
        self.dictionaryPaths = dictionaryPaths
        self.noDaemon = noDaemon
        self.languages = languages
    }

    /// The daemon's socket path (`--socket`, `TEXTSVCD_SOCKET` or the default).
    public var socketPath: String {
        SocketPath.resolve(explicit: socket)
    }
}
