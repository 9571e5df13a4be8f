import Logging
import TextServices

/// What `textsvcd serve` was asked for: where to listen, what to load, and the limits; nil means the default.
public struct DaemonOptions: Sendable {
    /// `--socket`: the socket path, or nil for `TEXTSVCD_SOCKET` or the default location.
    public var socket: String?
    /// `--dictionary-path` folders, searched first.
    public var dictionaryPaths: [String] = []
    /// The default language (`--lang`), or nil for the environment's.
    public var language: String?
    /// Least severe level written to standard error.
    public var logLevel: Logger.Level = .info
    /// Threads that run requests, or nil for the number of cores (at least 2).
    public var workers: Int?
    /// Longest request line in bytes, or nil for the configured limit.
    public var maximumLineBytes: Int?
    /// Largest `text` a request may carry in bytes, or nil for the configured limit.
    public var maximumTextBytes: Int?
    /// Longest a regular expression may run in milliseconds, or nil for the configured limit.
    public var regexTimeLimitMilliseconds: Int?
    /// How long shutdown waits for requests in flight.
    public var drainTimeout: Duration = .seconds(10)
    /// The desktop clipboard provider (`auto`, a provider's name or `none`), or nil for `TEXTSVCD_CLIPBOARD`, else auto.
    public var clipboard: String?
    /// `--exit-when-idle`: how long the daemon waits with no client connected before it exits, or nil to wait for ever.
    public var exitWhenIdle: Duration?

    public init() {}
}
