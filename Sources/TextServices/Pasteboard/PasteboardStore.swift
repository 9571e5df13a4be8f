import Foundation
import Synchronization

/// Named pasteboards, as UIPasteboard keeps them: items in several representations, a change count, persistence.
///
/// `general` and `find` always exist and are persistent. Other names are
/// created on demand (by `create` or the first `write`) and are volatile
/// unless made persistent. A persistent pasteboard lives in one file under
/// `folder`, replaced atomically and durably before a write returns, so a
/// crash at any moment leaves either the old or the new contents and never
/// loses an acknowledged write. Files are read on first use. Other
/// processes may use the same folder: a write takes an advisory lock
/// (`.lock` in the folder) and counts on from the file's change count, and
/// every read first compares the file with what was last read (a `stat`),
/// taking in another process's write and telling observers of it.
///
/// Errors are `TextServicesError`s: `.invalidArgument` for a bad name or
/// item, `.tooLarge` past a size limit, `.noSuchPasteboard` for an unknown
/// pasteboard or item, `.internalFailure` when the disk refuses a write
/// (nothing changes then). Thread-safe. Observers are told of a change
/// while the pasteboard is locked, so changes to one pasteboard arrive in
/// order; an observer must not block or call back into the store.
public final class PasteboardStore: Sendable {
    /// The system-wide pasteboard for copy and paste.
    public static let general = "general"
    /// The pasteboard for find-and-replace strings.
    public static let find = "find"
    /// The pasteboards that always exist.
    public static let builtIn: Set<String> = [general, find]

    /// How much the pasteboards may hold.
    public struct Limits: Sendable {
        /// The most one pasteboard may hold, in bytes (type names and data).
        public var maximumBytes: Int
        /// The most all pasteboards together may hold, in bytes.
        public var maximumTotalBytes: Int
        /// The most pasteboards that may exist at once.
        public var maximumPasteboards: Int
        /// The most items one write may hold.
        public var maximumItems: Int

        public init(maximumBytes: Int = 8 << 20, maximumTotalBytes: Int = 256 << 20,
                    maximumPasteboards: Int = 1_000, maximumItems: Int = 10_000) {
            self.maximumBytes = maximumBytes
            self.maximumTotalBytes = maximumTotalBytes
            self.maximumPasteboards = maximumPasteboards
            self.maximumItems = maximumItems
        }

        /// Limits in proportion to the server's: a pasteboard may hold as much as a request's text.
        public init(_ limits: TextServices.Limits) {
            self.init(maximumBytes: limits.maximumTextBytes,
                      maximumTotalBytes: max(256 << 20, 8 * limits.maximumTextBytes))
        }
    }

    /// What `info` and `list` report about a pasteboard.
    public struct Info: Sendable, Equatable {
        public var name: String
        public var persistent: Bool
        public var changeCount: Int
        /// Each item's types, in the order written.
        public var types: [[String]]
        /// Type names and data, in bytes.
        public var byteCount: Int
    }

    /// The folder persistent pasteboards are kept in.
    public let folder: String
    public let limits: Limits
    private let registry = Mutex<Registry?>(nil)
    let totalBytes = Mutex<Int>(0)
    private let subscriptions = PasteboardSubscriptions()

    struct Registry {
        var boards: [String: Board] = [:]
        /// Files that could not be loaded, and what became of them.
        var problems: [String] = []
    }

    final class Board: Sendable {
        let name: String
        let state: Mutex<State>

        struct State {
            var persistent: Bool
            var changeCount: Int
            var items: [PasteboardItem]
            var byteCount: Int
            /// Set once the board has left the registry; a writer holding it must look again.
            var removed = false
            /// The board's file as last read or written (persistent boards).
            var stamp: FileStamp?
        }

        init(name: String, persistent: Bool, changeCount: Int = 0, items: [PasteboardItem] = [], stamp: FileStamp? = nil) {
            self.name = name
            self.state = Mutex(State(persistent: persistent, changeCount: changeCount, items: items,
                                     byteCount: items.reduce(0) { $0 + $1.byteCount }, stamp: stamp))
        }
    }

    /// A store persisting under `folder` (created on the first persistent write).
    public init(folder: String, limits: Limits = Limits()) {
        self.folder = folder
        self.limits = limits
    }

    /// The store of a configuration: `dataHome/pasteboards`, limits from the configuration's.
    public convenience init(configuration: Configuration) {
        self.init(folder: configuration.dataHome + "/pasteboards", limits: Limits(configuration.limits))
    }

    /// Problems met loading persisted pasteboards (unreadable files, which are moved aside), for the log.
    public var loadProblems: [String] { withRegistry { $0.problems } }

    // MARK: Pasteboards

    /// Creates a pasteboard, or returns an existing one by that name.
    ///
    /// Without `name`, or with `unique`, the name is generated (`name` is then
    /// its prefix). `persistent` makes a new pasteboard persistent, or changes
    /// an existing one; `general` and `find` cannot become volatile.
    public func create(name: String?, unique: Bool = false, persistent: Bool? = nil) throws(TextServicesError) -> Info {
        if unique || name == nil {
            let prefix = name ?? "unique"
            let suffixBytes = 37
            try PasteboardName.validate(prefix)
            guard prefix.utf8.count <= PasteboardName.maximumBytes - suffixBytes else {
                throw .invalidArgument(argument: "name", reason: "must be at most \(PasteboardName.maximumBytes - suffixBytes) bytes with 'unique'")
            }
            while true {
                let candidate = "\(prefix)-\(UUID().uuidString.lowercased())"
                let (board, created) = try board(named: candidate, create: true, persistent: persistent ?? false)
                guard created else { continue }
                if persistent == true { try persistNew(board) }
                return info(of: board)!
            }
        }
        let name = name!
        try PasteboardName.validate(name)
        while true {
            let (board, created) = try board(named: name, create: true, persistent: persistent ?? false)
            if created {
                if persistent == true { try persistNew(board) }
            } else if let persistent {
                guard try setPersistent(board, persistent) else { continue }
            }
            if let info = info(of: board) { return info }
        }
    }

    /// Replaces every item of a pasteboard, creating it if needed; returns the new change count.
    ///
    /// A persistent pasteboard's file is replaced before this returns.
    /// Observers are told. Throws `.tooLarge` past a size limit.
    public func write(_ name: String, items: [PasteboardItem]) throws(TextServicesError) -> Int {
        try PasteboardName.validate(name)
        guard items.count <= limits.maximumItems else {
            throw .tooLarge(message: "Too many items: \(items.count) (limit \(limits.maximumItems))", limit: limits.maximumItems)
        }
        let size = items.reduce(0) { $0 + $1.byteCount }
        guard size <= limits.maximumBytes else {
            throw .tooLarge("Pasteboard '\(name)' contents (\(size) bytes)", limitBytes: limits.maximumBytes)
        }
        while true {
            let (board, created) = try board(named: name, create: true, persistent: false)
            do {
                if let count = try replace(board, with: items, size: size) { return count }
            } catch {
                if created { discard(board) }
                throw error
            }
        }
    }

    /// A pasteboard's change count and items, optionally one item and only some types.
    ///
    /// `types` keeps, in each item, only the representations asked for, in
    /// the order asked and under the names asked (an equivalent type answers
    /// for one that is missing); an item keeps its place even when nothing
    /// in it matches. Throws `.noSuchPasteboard` for an unknown pasteboard or item index.
    public func read(_ name: String, types: [String]? = nil, item index: Int? = nil) throws(TextServicesError) -> (changeCount: Int, items: [PasteboardItem]) {
        let board = try existing(name)
        followDisk(board)
        guard let (count, items) = board.state.withLock({ state -> (Int, [PasteboardItem])? in
            state.removed ? nil : (state.changeCount, state.items)
        }) else { throw .noSuchPasteboard(name: name, item: nil, itemCount: nil) }
        var selected = items
        if let index {
            guard index >= 0, index < items.count else {
                throw .noSuchPasteboard(name: name, item: index, itemCount: items.count)
            }
            selected = [items[index]]
        }
        if let types { selected = selected.map { $0.limited(to: types) } }
        return (count, selected)
    }

    /// A pasteboard's change count, persistence, and each item's types. Throws `.noSuchPasteboard` when unknown.
    public func info(_ name: String) throws(TextServicesError) -> Info {
        let board = try existing(name)
        followDisk(board)
        guard let info = info(of: board) else { throw .noSuchPasteboard(name: name, item: nil, itemCount: nil) }
        return info
    }

    /// Every pasteboard, sorted by name (with those other processes saved since).
    public func list() -> [Info] {
        adoptNewFiles()
        let boards = withRegistry { Array($0.boards.values) }
        for board in boards { followDisk(board) }
        return boards.compactMap { info(of: $0) }.sorted { $0.name < $1.name }
    }

    /// Removes a pasteboard (and its file); `general` and `find` are emptied instead.
    ///
    /// Observers are told; a removed pasteboard's change says `removed`.
    /// Throws `.noSuchPasteboard` when the pasteboard does not exist.
    public func remove(_ name: String) throws(TextServicesError) {
        if Self.builtIn.contains(name) {
            _ = try write(name, items: [])
            return
        }
        let board = try existing(name)
        try board.state.withLock { (state: inout Board.State) throws(TextServicesError) in
            guard !state.removed else { throw .noSuchPasteboard(name: name, item: nil, itemCount: nil) }
            if state.persistent {
                do {
                    try FileLock.withLock(lockPath) { try FileSystem.removeDurably(path(for: name)) }
                } catch {
                    throw .internalFailure("could not remove pasteboard '\(name)': \(error)")
                }
            }
            state.removed = true
            withRegistry { registry in
                if registry.boards[name] === board { registry.boards[name] = nil }
            }
            totalBytes.withLock { $0 -= state.byteCount }
            notify(name, changeCount: state.changeCount, removed: true)
        }
    }

    /// The first plain text on a pasteboard and its change count, or nil when it holds none.
    public func firstText(_ name: String = PasteboardStore.general) -> (text: String, changeCount: Int)? {
        guard let board = try? existing(name) else { return nil }
        followDisk(board)
        return board.state.withLock { state -> (String, Int)? in
            guard !state.removed else { return nil }
            for item in state.items {
                if let text = item.plainText { return (text, state.changeCount) }
            }
            return nil
        }
    }

    // MARK: Subscriptions

    /// Tells an observer of every later change to a name, whoever makes it.
    ///
    /// The name need not exist yet. Returns the current change count, or nil
    /// when the pasteboard does not exist. Throws `.tooLarge` when the
    /// observer already watches 1000 names.
    @discardableResult
    public func subscribe(_ name: String, observer session: any PasteboardObserver) throws(TextServicesError) -> Int? {
        try PasteboardName.validate(name)
        try subscriptions.add(name, session)
        guard let board = withRegistry({ $0.boards[name] }) else { return nil }
        return board.state.withLock { $0.removed ? nil : $0.changeCount }
    }

    /// Stops telling an observer of changes to a name; returns whether it was subscribed.
    @discardableResult
    public func unsubscribe(_ name: String, observer session: any PasteboardObserver) -> Bool {
        subscriptions.remove(name, session)
    }

    /// The names an observer is subscribed to, sorted.
    public func subscribedNames(_ session: any PasteboardObserver) -> [String] {
        subscriptions.names(for: session)
    }

    /// The subscriptions kept for all observers (those of vanished observers until they are pruned).
    var subscriptionCount: Int { subscriptions.count }

    /// Forgets an observer's subscriptions; transports call this when a connection ends.
    public func observerClosed(_ session: any PasteboardObserver) {
        subscriptions.removeAll(session)
    }

    // MARK: Internals

    private func withRegistry<T>(_ body: (inout Registry) throws(TextServicesError) -> T) throws(TextServicesError) -> T {
        try registry.withLock { (registry: inout Registry?) throws(TextServicesError) -> T in
            if registry == nil {
                let (loaded, bytes) = load()
                registry = loaded
                totalBytes.withLock { $0 += bytes }
            }
            return try body(&registry!)
        }
    }

    func withRegistry<T>(_ body: (inout Registry) -> T) -> T {
        try! withRegistry { (registry: inout Registry) throws(TextServicesError) -> T in body(&registry) }
    }

    /// The board for a name, created (volatile or persistent) when missing if `create`.
    private func board(named name: String, create: Bool, persistent: Bool) throws(TextServicesError) -> (Board, created: Bool) {
        try withRegistry { (registry: inout Registry) throws(TextServicesError) -> (Board, created: Bool) in
            if let board = registry.boards[name] { return (board, false) }
            // Another process may have saved it since this one looked.
            if let board = loadBoard(named: name) {
                registry.boards[name] = board
                totalBytes.withLock { $0 += board.state.withLock { $0.byteCount } }
                return (board, false)
            }
            guard create else { throw .noSuchPasteboard(name: name, item: nil, itemCount: nil) }
            guard registry.boards.count < limits.maximumPasteboards else {
                throw .tooLarge(message: "Too many pasteboards (limit \(limits.maximumPasteboards))", limit: limits.maximumPasteboards)
            }
            let board = Board(name: name, persistent: persistent)
            registry.boards[name] = board
            return (board, true)
        }
    }

    func existing(_ name: String) throws(TextServicesError) -> Board {
        try board(named: name, create: false, persistent: false).0
    }

    /// Takes a board this call created back out of the registry after a failure.
    private func discard(_ board: Board) {
        board.state.withLock { state in
            guard !state.removed, state.changeCount == 0, !Self.builtIn.contains(board.name) else { return }
            state.removed = true
            withRegistry { registry in
                if registry.boards[board.name] === board { registry.boards[board.name] = nil }
            }
        }
    }

    /// Replaces a board's items; nil when the board was removed meanwhile (the caller looks again).
    private func replace(_ board: Board, with items: [PasteboardItem], size: Int) throws(TextServicesError) -> Int? {
        try board.state.withLock { (state: inout Board.State) throws(TextServicesError) -> Int? in
            guard !state.removed else { return nil }
            let delta = size - state.byteCount
            try reserve(delta)
            var count = state.changeCount + 1
            if state.persistent {
                do {
                    try FileLock.withLock(lockPath) {
                        // Count on from what another process saved, so a change count never goes back.
                        if let saved = savedChangeCount(board.name) { count = max(count, saved + 1) }
                        try persist(name: board.name, changeCount: count, items: items)
                    }
                    state.stamp = FileStamp.of(path(for: board.name))
                } catch {
                    totalBytes.withLock { $0 -= delta }
                    throw .internalFailure("could not save pasteboard '\(board.name)': \(error)")
                }
            }
            state.items = items
            state.byteCount = size
            state.changeCount = count
            notify(board.name, changeCount: count)
            return count
        }
    }

    /// Writes a newly created persistent board's file, unless a write saved it first; takes the board back out when that fails.
    private func persistNew(_ board: Board) throws(TextServicesError) {
        try board.state.withLock { (state: inout Board.State) throws(TextServicesError) in
            guard !state.removed, state.changeCount == 0 else { return }
            do {
                try FileLock.withLock(lockPath) { try persist(name: board.name, changeCount: 0, items: []) }
                state.stamp = FileStamp.of(path(for: board.name))
            } catch {
                state.removed = true
                withRegistry { registry in
                    if registry.boards[board.name] === board { registry.boards[board.name] = nil }
                }
                throw .internalFailure("could not save pasteboard '\(board.name)': \(error)")
            }
        }
    }

    /// Makes a board persistent or volatile; false when it was removed meanwhile.
    private func setPersistent(_ board: Board, _ persistent: Bool) throws(TextServicesError) -> Bool {
        if !persistent, Self.builtIn.contains(board.name) {
            throw .invalidArgument(argument: "persistent", reason: "'\(board.name)' is always persistent")
        }
        return try board.state.withLock { (state: inout Board.State) throws(TextServicesError) -> Bool in
            guard !state.removed else { return false }
            guard state.persistent != persistent else { return true }
            do {
                try FileLock.withLock(lockPath) {
                    if persistent {
                        try persist(name: board.name, changeCount: state.changeCount, items: state.items)
                    } else {
                        try FileSystem.removeDurably(path(for: board.name))
                    }
                }
                state.stamp = persistent ? FileStamp.of(path(for: board.name)) : nil
            } catch {
                throw .internalFailure("could not change pasteboard '\(board.name)': \(error)")
            }
            state.persistent = persistent
            return true
        }
    }

    private func reserve(_ delta: Int) throws(TextServicesError) {
        try totalBytes.withLock { (total: inout Int) throws(TextServicesError) in
            if delta > 0, total + delta > limits.maximumTotalBytes {
                throw .tooLarge(message: "All pasteboards together would hold more than \(limits.maximumTotalBytes) bytes; remove some",
                                limit: limits.maximumTotalBytes)
            }
            total += delta
        }
    }

    private func info(of board: Board) -> Info? {
        board.state.withLock { state in
            guard !state.removed else { return nil }
            return Info(name: board.name, persistent: state.persistent, changeCount: state.changeCount,
                        types: state.items.map(\.types), byteCount: state.byteCount)
        }
    }

    func notify(_ name: String, changeCount: Int, removed: Bool = false) {
        let change = PasteboardChange(name: name, changeCount: changeCount, removed: removed)
        for observer in subscriptions.observers(for: name) { observer.pasteboardDidChange(change) }
    }
}
