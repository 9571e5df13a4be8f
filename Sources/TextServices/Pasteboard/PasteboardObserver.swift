/// A change to a pasteboard, as observers are told of it.
public struct PasteboardChange: Sendable, Equatable {
    public var name: String
    /// The pasteboard's change count after the change.
    public var changeCount: Int
    /// Whether the pasteboard was removed.
    public var removed: Bool

    public init(name: String, changeCount: Int, removed: Bool = false) {
        self.name = name
        self.changeCount = changeCount
        self.removed = removed
    }
}

/// Something that wants to hear of changes to the pasteboards it subscribed to (a client connection).
///
/// The store holds observers weakly and calls `pasteboardDidChange` while the
/// pasteboard is locked, so changes to one pasteboard arrive in order; the
/// method must not block or call back into the store.
public protocol PasteboardObserver: AnyObject, Sendable {
    /// Identifies the observer for as long as it lives; unique within the process.
    var observerID: Int { get }

    func pasteboardDidChange(_ change: PasteboardChange)
}
