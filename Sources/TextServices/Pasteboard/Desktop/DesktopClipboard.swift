import Dispatch
import Foundation

/// Mirrors the desktop's clipboard and the `general` pasteboard both ways, through a clipboard provider.
///
/// When the desktop's clipboard changes (another program copied), its text
/// (with its HTML, or an image when it has no text) becomes `general`'s one
/// item: the change count goes up and subscribers hear of it, as after any
/// write. Those contents are held in memory only (`PasteboardWriteOptions.Source.desktop`):
/// `general`'s file records the new change count and no items, so nothing
/// the user copied elsewhere reaches the disk. When a client writes
/// `general`, the text its items give for pasting (or, with no text, an
/// image or other typed data, where the provider takes types) goes to the
/// desktop; a `localOnly` write stays inside, and an emptied `general` (a
/// removal, an expiry) empties the desktop's clipboard too. When the owner
/// of the desktop's clipboard quits and the clipboard empties, `general`
/// keeps what it had.
///
/// Only a new copy on the desktop is taken in, never the desktop's holding
/// what it held before: a `localOnly` write (or any later write) stays in
/// `general` while the desktop keeps the bridge's earlier text. Each of the
/// bridge's own writes to the desktop comes back as a change of owner (its
/// echo, heard whenever the provider's process gets round to taking the
/// clipboard, under load after later writes of `general`); the bridge
/// counts the echoes it is owed and takes such a change for a new copy only
/// when the desktop then holds other data than it last saw, or more owners
/// changed than it has echoes due (another program copied the same text
/// again). A poll sees no owners, so only other data counts there.
///
/// Changes are heard without polling where the session allows it: XFixes
/// selection events under X11 (one X connection, no work while nothing
/// changes), `wl-paste --watch` under Wayland (one process). Without either
/// (no libXfixes, or a compositor without the data-control protocol), the
/// clipboard is read every `pollInterval`, which costs a provider process
/// each time. Reading a change costs one to four provider processes (the
/// types offered, the text, the HTML or image).
///
/// All provider work happens on one serial queue, each program under a
/// deadline (`programTimeout`), and changes that arrive while it works are
/// coalesced; a request never waits for it, and a hung provider delays only
/// the mirroring. Thread-safe.
public final class DesktopClipboard: PasteboardObserver, @unchecked Sendable {
    /// What the bridge is doing, for `stats` and `textsvcd languages`.
    public struct Status: Sendable, Equatable {
        /// The provider in use (`xclip`), or nil when `general` is not mirrored.
        public var provider: String?
        /// `x11` or `wayland`.
        public var session: String?
        /// The display (`:0`, `wayland-0`).
        public var display: String?
        /// How changes are heard: `xfixes`, `wl-paste --watch`, or `polling every N s`.
        public var watching: String?
        /// Why `general` is not mirrored, when it is not.
        public var reason: String?
        /// Desktop changes taken into `general`.
        public var imports = 0
        /// Writes of `general` sent to the desktop.
        public var exports = 0
        /// Reads of the desktop's clipboard to take in a change (each costs one to four provider processes).
        public var reads = 0
        /// Provider runs that failed or timed out.
        public var failures = 0
        public var lastError: String?
        /// The change count of `general` the bridge has last brought in line with the desktop.
        public var synchronizedChangeCount: Int?
    }

    /// How long one provider program may run.
    static let programTimeout: Duration = .seconds(2)
    /// How often the clipboard is read when changes cannot be heard.
    static let pollInterval: Duration = .seconds(2)

    public let observerID: Int
    private let store: PasteboardStore
    /// The serial queue every provider run, import and export happens on.
    let queue = DispatchQueue(label: "textsvcd.desktop-clipboard")
    private let state = Locked(State())

    private struct State {
        var status = Status()
        var provider: ClipboardProvider?
        var importPending = false
        var exportPending = false
        var stopped = false
        /// What this process last put on (or read from) the desktop's clipboard.
        var lastDesktop: Payload?
        /// Whether changes of the desktop's clipboard are heard (XFixes, `wl-paste --watch`) rather than polled.
        var hearsChanges = false
        /// Changes of the clipboard's owner heard and not yet looked at by an import.
        var ownerChanges = 0
        /// The bridge's own writes to the desktop whose change of owner has not been heard yet.
        var echoesDue = 0
        var x11: X11SelectionWatcher?
        var wayland: ExternalProgram.Running?
    }

    /// What travels between `general` and the desktop.
    enum Payload: Equatable {
        case text(String, html: String?)
        case data(mime: String, bytes: [UInt8])
        case empty

        /// Whether two payloads hold the same data, leaving HTML that comes along with text aside
        /// (the desktop receives only the text, so its HTML is not a change).
        func sameData(as other: Payload?) -> Bool {
            switch (self, other) {
            case (.text(let mine, _), .text(let theirs, _)?): return mine == theirs
            default: return self == other
            }
        }
    }

    private static let nextID = Locked(1 << 40)

    private init(store: PasteboardStore) {
        self.store = store
        observerID = Self.nextID.withLock { (next: inout Int) -> Int in
            next += 1
            return next
        }
    }

    /// Starts mirroring `general` when the environment is a graphical session with a provider.
    ///
    /// Returns at once: detection, the first synchronisation and the
    /// watching start on the bridge's queue. `preference` is `auto` (or
    /// nil), `none`, or a provider's name (`ClipboardProvider.preferences`).
    /// `onStarted` is called once with the status detection and the first synchronisation gave (for the log).
    public static func start(store: PasteboardStore, environment: [String: String], preference: String?,
                             onStarted: @escaping @Sendable (Status) -> Void = { _ in }) -> DesktopClipboard {
        let bridge = DesktopClipboard(store: store)
        bridge.state.withLock { $0.status.reason = "starting" }
        bridge.queue.async {
            bridge.begin(environment: environment, preference: preference)
            onStarted(bridge.status)
        }
        return bridge
    }

    /// The bridge's state now.
    public var status: Status { state.withLock { $0.status } }

    /// Stops watching and mirroring (the desktop's clipboard keeps what it has).
    public func stop() {
        let (x11, wayland) = state.withLock { state -> (X11SelectionWatcher?, ExternalProgram.Running?) in
            state.stopped = true
            defer {
                state.x11 = nil
                state.wayland = nil
            }
            return (state.x11, state.wayland)
        }
        store.observerClosed(self)
        x11?.stop()
        wayland?.stop()
    }

    public func pasteboardDidChange(_ change: PasteboardChange) {
        guard change.name == PasteboardStore.general else { return }
        schedule(export: true)
    }

    // MARK: Starting

    private func begin(environment: [String: String], preference: String?) {
        switch ClipboardProvider.detect(environment: environment, preference: preference) {
        case .none(let reason):
            state.withLock { $0.status.reason = reason }
        case .found(let provider):
            state.withLock { state in
                state.provider = provider
                state.status.provider = provider.kind.rawValue
                state.status.session = provider.session
                state.status.display = provider.display
                state.status.reason = nil
            }
            _ = try? store.subscribe(PasteboardStore.general, observer: self)
            synchronizeAtStart()
            startWatching(provider)
        }
    }

    /// Brings `general` and the desktop in line: the desktop's contents win; an empty desktop gets `general`'s.
    ///
    /// An empty `general` is not sent to an empty desktop: that write would
    /// change nothing, and its echo could be heard only after later writes.
    private func synchronizeAtStart() {
        guard let provider = state.withLock({ $0.provider }) else { return }
        let desktop = readDesktop(provider)
        if case .empty = desktop ?? .empty {
            if desktop != nil { state.withLock { $0.lastDesktop = .empty } }
            exportGeneral()
        } else {
            importDesktop()
        }
    }

    private func startWatching(_ provider: ClipboardProvider) {
        switch provider.kind {
        case .xclip, .xsel:
            do {
                let watcher = try X11SelectionWatcher.start(
                    display: provider.display,
                    onChange: { [weak self] changes in self?.schedule(ownerChanges: changes) },
                    onLost: { [weak self] reason in self?.lose(reason) })
                let stopped = state.withLock { state -> Bool in
                    state.x11 = watcher
                    state.hearsChanges = true
                    state.status.watching = "xfixes"
                    return state.stopped
                }
                if stopped { watcher.stop() }
            } catch {
                poll(because: error.description)
            }
        case .wlClipboard:
            guard let command = provider.watch(),
                  let running = try? ExternalProgram.start(command.executable, command.arguments, environment: provider.environment)
            else {
                poll(because: "wl-paste --watch could not be started")
                return
            }
            state.withLock { state in
                state.wayland = running
                state.hearsChanges = true
                state.status.watching = "wl-paste --watch"
            }
            let thread = Thread { [weak self] in
                var buffer: [UInt8] = []
                var lines = 0
                while running.readLine(buffer: &buffer) != nil {
                    lines += 1
                    // The first line only says what the clipboard held when watching began.
                    if lines > 1 { self?.schedule(ownerChanges: 1) }
                }
                running.closeOutput()
                running.stop()
                guard let self, !self.state.withLock({ $0.stopped }) else { return }
                // Compositors without the data-control protocol end the watch at once: read the clipboard now and then.
                self.queue.async { self.poll(because: "wl-paste --watch ended (the compositor may not offer data control)") }
            }
            thread.name = "textsvcd-wayland-clipboard"
            thread.start()
        }
    }

    /// Reads the clipboard every `pollInterval` from now on.
    private func poll(because reason: String) {
        let seconds = Self.pollInterval.components.seconds
        state.withLock { state in
            state.hearsChanges = false
            state.ownerChanges = 0
            state.echoesDue = 0
            state.status.watching = "polling every \(seconds) s (\(reason))"
        }
        pollOnce(after: Int(seconds))
    }

    private func pollOnce(after seconds: Int) {
        queue.asyncAfter(deadline: .now() + .seconds(seconds)) { [weak self] in
            guard let self, !self.state.withLock({ $0.stopped || $0.provider == nil }) else { return }
            self.importDesktop()
            self.pollOnce(after: seconds)
        }
    }

    private func lose(_ reason: String) {
        state.withLock { state in
            state.provider = nil
            state.x11 = nil
            state.status.provider = nil
            state.status.reason = "stopped mirroring: \(reason)"
            state.status.watching = nil
        }
        store.observerClosed(self)
    }

    // MARK: Work

    /// Queues an import (after `ownerChanges` heard) or export, unless one is already waiting (the later state is what counts).
    private func schedule(ownerChanges: Int = 0, export wantsExport: Bool = false) {
        let enqueue = state.withLock { state -> Bool in
            guard !state.stopped, state.provider != nil else { return false }
            let idle = !state.importPending && !state.exportPending
            state.ownerChanges += ownerChanges
            state.importPending = state.importPending || ownerChanges > 0
            state.exportPending = state.exportPending || wantsExport
            return idle
        }
        guard enqueue else { return }
        queue.async { [weak self] in self?.drain() }
    }

    private func drain() {
        let (wantsImport, wantsExport) = state.withLock { state -> (Bool, Bool) in
            defer {
                state.importPending = false
                state.exportPending = false
            }
            return (state.importPending, state.exportPending)
        }
        if wantsImport { importDesktop() }
        if wantsExport { exportGeneral() }
    }

    /// Takes the desktop's clipboard into `general` when it holds a new copy that `general` does not hold.
    ///
    /// Runs on `queue`. With no change of owner heard since the last call, it does what a poll does.
    func importDesktop() {
        // The owner changes heard before the read: the read sees them, or later ones, which queue another import.
        guard let (provider, ownerChanges) = state.withLock({ state -> (ClipboardProvider, Int)? in
            guard let provider = state.provider else { return nil }
            defer { state.ownerChanges = 0 }
            return (provider, state.ownerChanges)
        }) else { return }
        guard let payload = readDesktop(provider) else {
            state.withLock { $0.ownerChanges += ownerChanges }
            return
        }
        let isNewCopy = state.withLock { state -> Bool in
            state.status.reads += 1
            let echoes = min(ownerChanges, state.echoesDue)
            state.echoesDue -= echoes
            return Self.isNewCopy(payload, lastSeen: state.lastDesktop, ownerChanges: ownerChanges, echoes: echoes)
        }
        let general = store.contents(PasteboardStore.general)
        guard isNewCopy, payload != .empty, !payload.sameData(as: Self.payload(of: general?.items ?? [], provider: provider)) else {
            state.withLock { state in
                state.lastDesktop = payload
                state.status.synchronizedChangeCount = general?.changeCount
            }
            return
        }
        do {
            let count = try store.write(PasteboardStore.general, items: [Self.item(payload)], options: .init(source: .desktop))
            state.withLock { state in
                state.lastDesktop = payload
                state.status.imports += 1
                state.status.synchronizedChangeCount = count
            }
        } catch {
            fail("taking in the desktop's clipboard: \(error)")
        }
    }

    /// Sends `general` to the desktop, unless it came from there, is local only, or the desktop already holds it.
    private func exportGeneral() {
        guard let provider = state.withLock({ $0.provider }),
              let general = store.contents(PasteboardStore.general) else { return }
        defer { state.withLock { $0.status.synchronizedChangeCount = general.changeCount } }
        guard general.options.source == .client, !general.options.localOnly else { return }
        let payload = Self.payload(of: general.items, provider: provider)
        guard !payload.sameData(as: state.withLock({ $0.lastDesktop })) else { return }
        let command: ClipboardProvider.Command
        let input: [UInt8]
        switch payload {
        case .text(let text, _):
            (command, input) = (provider.copy(mime: nil), Array(text.utf8))
        case .data(let mime, let bytes):
            (command, input) = (provider.copy(mime: mime), bytes)
        case .empty:
            (command, input) = (provider.clear(), [])
        }
        guard run(command, input: input, capture: false, provider: provider) != nil else { return }
        state.withLock { state in
            state.lastDesktop = payload
            state.status.exports += 1
            // The provider's process takes the clipboard, and that change of owner will be heard.
            if state.hearsChanges { state.echoesDue += 1 }
        }
    }

    /// Whether the desktop holding `payload` is a new copy rather than what the bridge last saw there (or put there).
    ///
    /// `ownerChanges` is how many changes of owner were heard before
    /// `payload` was read (none when polling), `echoes` how many of them were
    /// the bridge's own writes. Another owner with the same data is a new copy
    /// too (the same text copied again); the bridge's echo with it is not.
    static func isNewCopy(_ payload: Payload, lastSeen: Payload?, ownerChanges: Int, echoes: Int) -> Bool {
        ownerChanges > echoes || !payload.sameData(as: lastSeen)
    }

    /// What the desktop's clipboard holds now; nil when it cannot be read.
    private func readDesktop(_ provider: ClipboardProvider) -> Payload? {
        var types: Set<String> = []
        if let list = provider.listTypes() {
            guard let outcome = run(list, input: nil, capture: true, provider: provider, failureIsEmpty: true) else { return nil }
            types = Set(String(decoding: outcome, as: UTF8.self).split(whereSeparator: \.isNewline).map { $0.lowercased() })
            if types.isEmpty { return .empty }
        }
        let textTypes: Set<String> = ["utf8_string", "text/plain;charset=utf-8", "text/plain", "string", "text"]
        if !provider.handlesTypes || !types.isDisjoint(with: textTypes) {
            guard let bytes = run(provider.paste(mime: nil), input: nil, capture: true, provider: provider, failureIsEmpty: true)
            else { return nil }
            if UTF8Validation.firstInvalidOffset(in: bytes) == nil, !bytes.isEmpty {
                let text = String(decoding: bytes, as: UTF8.self)
                var html: String?
                if types.contains("text/html"),
                   let markup = run(provider.paste(mime: "text/html"), input: nil, capture: true, provider: provider, failureIsEmpty: true),
                   UTF8Validation.firstInvalidOffset(in: markup) == nil {
                    html = String(decoding: markup, as: UTF8.self)
                }
                return .text(text, html: html)
            }
            if !provider.handlesTypes { return .empty }
        }
        for mime in ["image/png", "image/jpeg", "text/uri-list", "text/html"] where types.contains(mime) {
            guard let bytes = run(provider.paste(mime: mime), input: nil, capture: true, provider: provider, failureIsEmpty: true)
            else { return nil }
            if !bytes.isEmpty { return .data(mime: mime, bytes: bytes) }
        }
        return .empty
    }

    /// Runs a provider command; its output, or nil after recording the failure.
    ///
    /// With `failureIsEmpty`, a program that ends with a non-zero status
    /// (xclip and wl-paste do when the clipboard is empty) gives no bytes
    /// rather than a failure; a timeout is a failure either way.
    private func run(_ command: ClipboardProvider.Command, input: [UInt8]?, capture: Bool, provider: ClipboardProvider,
                     failureIsEmpty: Bool = false) -> [UInt8]? {
        let outcome: ExternalProgram.Outcome
        do {
            outcome = try ExternalProgram.run(command.executable, command.arguments, input: input, captureOutput: capture,
                                              environment: provider.environment, timeout: Self.programTimeout,
                                              maximumOutputBytes: store.limits.maximumBytes)
        } catch {
            fail("\(command.executable): \(error)")
            return nil
        }
        if outcome.timedOut {
            fail("\(command.executable) \(command.arguments.joined(separator: " ")) did not finish within \(Self.programTimeout)")
            return nil
        }
        if outcome.outputTruncated {
            fail("the desktop's clipboard holds more than \(store.limits.maximumBytes) bytes; not taken in")
            return nil
        }
        guard outcome.status == 0 else {
            if failureIsEmpty { return [] }
            let message = outcome.errorOutput.trimmingCharacters(in: .whitespacesAndNewlines)
            fail("\(command.executable) exited with \(outcome.status.map(String.init) ?? "a signal")" + (message.isEmpty ? "" : ": \(message)"))
            return nil
        }
        return outcome.output
    }

    private func fail(_ message: String) {
        state.withLock { state in
            state.status.failures += 1
            state.status.lastError = message
        }
    }

    // MARK: Payloads

    /// What of `items` goes to the desktop: their text, else the first typed data the provider can carry, else nothing.
    static func payload(of items: [PasteboardItem], provider: ClipboardProvider) -> Payload {
        let texts = items.compactMap(\.pasteText)
        if !texts.isEmpty {
            let html = items.count == 1 ? items[0].value(for: PasteboardTypes.html)?.textContent : nil
            return .text(texts.joined(separator: "\n"), html: html)
        }
        guard provider.handlesTypes else { return .empty }
        for item in items {
            for representation in item.representations {
                if let mime = mimeType(of: representation.type) {
                    return .data(mime: mime, bytes: representation.value.bytes)
                }
            }
        }
        return .empty
    }

    /// The item a desktop payload becomes in `general`.
    static func item(_ payload: Payload) -> PasteboardItem {
        switch payload {
        case .text(let text, let html):
            var representations = [PasteboardItem.Representation(type: PasteboardTypes.utf8PlainText, value: .text(text))]
            if let html { representations.append(.init(type: PasteboardTypes.html, value: .text(html))) }
            return PasteboardItem(representations)
        case .data(let mime, let bytes):
            let uti = PasteboardTypes.canonical(mime)
            let value: PasteboardItem.Value = UTF8Validation.firstInvalidOffset(in: bytes) == nil && mime.hasPrefix("text/")
                ? .text(String(decoding: bytes, as: UTF8.self)) : .bytes(bytes)
            return PasteboardItem([.init(type: uti.contains("/") ? mime : uti, value: value)])
        case .empty:
            return PasteboardItem([])
        }
    }

    /// The MIME type a pasteboard type goes to the desktop as; nil for a type without one.
    static func mimeType(of type: String) -> String? {
        let normalized = PasteboardTypes.normalized(type)
        if normalized.contains("/"), !normalized.hasSuffix("/*") { return normalized }
        let mimes = ["public.png": "image/png", "public.jpeg": "image/jpeg", "com.compuserve.gif": "image/gif",
                     "public.tiff": "image/tiff", "org.webmproject.webp": "image/webp", "com.microsoft.bmp": "image/bmp",
                     "public.svg-image": "image/svg+xml", "com.adobe.pdf": "application/pdf", "public.html": "text/html",
                     "public.rtf": "text/rtf", "public.json": "application/json"]
        return mimes[PasteboardTypes.canonical(type)]
    }
}
