import Foundation

/// How a write's items are kept: until when, whether they may leave the machine's textsvcd, and where they came from.
///
/// The options hold for every item of one write (as UIPasteboard's
/// `setItems(_:options:)`), and a later write replaces them with its own.
public struct PasteboardWriteOptions: Sendable, Equatable {
    /// Where a write's items come from.
    public enum Source: Sendable, Equatable {
        /// A client of textsvcd: kept like any data (on disk when the pasteboard is persistent).
        case client
        /// The desktop's clipboard, mirrored into `general`: held in memory only, never written to disk.
        case desktop
    }

    /// When the items vanish (the pasteboard is emptied, its change count goes up, subscribers hear of it); nil for never.
    public var expirationDate: Date?
    /// The items never leave textsvcd: they are not mirrored to the desktop's clipboard.
    public var localOnly: Bool
    public var source: Source

    public init(expirationDate: Date? = nil, localOnly: Bool = false, source: Source = .client) {
        self.expirationDate = expirationDate
        self.localOnly = localOnly
        self.source = source
    }
}
