/// Everything the request handlers work with, created once per process.
///
/// Thread-safe: every service it holds may be called from many threads.
public final class Services: Sendable {
    public let configuration: Configuration
    public var limits: Limits { configuration.limits }
    public let spelling: SpellingService
    public let pasteboards: PasteboardStore

    public init(configuration: Configuration) {
        self.configuration = configuration
        self.spelling = SpellingService(configuration: configuration)
        self.pasteboards = PasteboardStore(configuration: configuration)
    }
}
