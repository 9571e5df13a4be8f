import Synchronization

/// Everything the request handlers work with, created once per process.
///
/// Thread-safe: every service it holds may be called from many threads.
public final class Services: Sendable {
    public let configuration: Configuration
    public var limits: Limits { configuration.limits }
    public let spelling: SpellingService
    /// Which language each part of a text is in.
    public let languages: LanguageIdentification
    public let pasteboards: PasteboardStore
    /// Each language's sentence abbreviations, ordinals and initials (from the bundled `sentences/` data).
    public let sentenceAbbreviations: SentenceAbbreviationStore
    private let clipboard = Mutex<DesktopClipboard?>(nil)

    public init(configuration: Configuration) {
        self.configuration = configuration
        self.spelling = SpellingService(configuration: configuration)
        self.languages = LanguageIdentification(spelling: spelling)
        self.pasteboards = PasteboardStore(configuration: configuration)
        self.sentenceAbbreviations = SentenceAbbreviationStore(bundledDictionaries: configuration.bundledDictionaries)
    }

    /// The bridge that mirrors `general` and the desktop's clipboard, when this process runs one (the daemon does).
    public var desktopClipboard: DesktopClipboard? { clipboard.withLock { $0 } }

    /// Keeps the desktop clipboard bridge (and reports it in `stats`); a bridge attached before is stopped.
    public func attach(_ bridge: DesktopClipboard) {
        let previous = clipboard.withLock { slot -> DesktopClipboard? in
            defer { slot = bridge }
            return slot
        }
        previous?.stop()
    }
}
