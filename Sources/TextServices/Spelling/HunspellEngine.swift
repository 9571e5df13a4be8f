import Dispatch
import Synchronization

/// One dictionary behind a small pool of Hunspell handles, callable from any thread.
///
/// Words go in and out as Swift strings; conversion to and from the
/// dictionary's charset (`SET` in the .aff) happens here. A word that the
/// charset cannot represent is misspelled and gets no guesses from Hunspell.
/// Each handle is used by one thread at a time.
public final class HunspellEngine: @unchecked Sendable {
    public let info: DictionaryInfo
    /// The dictionary's charset as ICU names it (`UTF-8`, `ISO-8859-1`, ...).
    public let charset: String
    /// The charset as the .aff names it (`SET`), as Hunspell reports it.
    public let declaredCharset: String
    /// The first slot is loaded at once (or in the background); the others only when threads contend.
    private let slots: [Locked<Slot?>]
    private let added = Locked<[String]>([])
    private let next = Atomic<Int>(0)
    private let firstLoaded = Atomic<Bool>(false)
    /// A background load was started (`startLoading`, or at `init`).
    private let loadStarted = Atomic<Bool>(false)
    /// Serialises the first load; waiters sleep (see `ensureFirstSlot`).
    private let loadGate = DispatchSemaphore(value: 1)
    /// The converter for `declaredCharset`, for a first slot loaded in the background.
    private let declaredConverter: CharsetConverter?

    private struct Slot: @unchecked Sendable {
        let handle: HunspellHandle
        /// nil when the dictionary is UTF-8 and bytes pass through.
        let converter: CharsetConverter?
    }

    /// Loads a dictionary; up to `handles` handles serve threads that spell at once.
    ///
    /// Only one handle is loaded here; more are loaded when callers contend.
    /// Throws `DictionaryError` when the charset is unknown to ICU.
    public init(info: DictionaryInfo, handles: Int = 2) throws(DictionaryError) {
        self.info = info
        let first = try Self.makeSlot(info)
        self.charset = first.converter?.name ?? "UTF-8"
        self.declaredCharset = first.handle.encoding
        self.declaredConverter = first.converter
        var slots = [Locked<Slot?>(first)]
        for _ in 1..<max(1, handles) { slots.append(Locked(nil)) }
        self.slots = slots
        firstLoaded.store(true, ordering: .releasing)
    }

    /// Starts loading the dictionary in the background (or, without `loadInBackground`, on the first call that needs it);
    /// calls wait for it only when they need Hunspell.
    ///
    /// `declaredCharset` is the charset the dictionary declared when it was
    /// compiled; throws `DictionaryError` when ICU does not know it.
    public init(info: DictionaryInfo, handles: Int = 2, declaredCharset: String,
                loadInBackground: Bool = true) throws(DictionaryError) {
        self.info = info
        self.declaredCharset = declaredCharset
        if Self.isUTF8(declaredCharset) {
            declaredConverter = nil
        } else {
            do {
                declaredConverter = try CharsetConverter(charset: declaredCharset)
            } catch {
                throw DictionaryError(language: info.tag.tag,
                                      message: "\(info.affixPath) declares charset '\(declaredCharset)', which ICU does not know (\(error))",
                                      available: [])
            }
        }
        self.charset = declaredConverter?.name ?? "UTF-8"
        self.slots = (0..<max(1, handles)).map { _ in Locked<Slot?>(nil) }
        if loadInBackground { startLoading() }
    }

    /// Loads the first handle unless it is loaded; concurrent callers wait for the one load.
    ///
    /// They wait asleep on `loadGate`: a load takes tens of milliseconds, and waiting on the slot's
    /// mutex spins (a fifth of a checking run's CPU time went there while a chunk thread loaded Hunspell).
    private func ensureFirstSlot() {
        if firstLoaded.load(ordering: .acquiring) { return }
        loadGate.wait()
        defer { loadGate.signal() }
        if firstLoaded.load(ordering: .acquiring) { return }
        slots[0].withLock { slot in
            guard slot == nil else { return }
            // The .aff may have changed since it was compiled; then its own charset, or the recorded one.
            let created = (try? Self.makeSlot(info))
                ?? Slot(handle: HunspellHandle(affixPath: info.affixPath, wordsPath: info.wordsPath), converter: declaredConverter)
            for word in added.withLock({ $0 }) {
                if let bytes = Self.encode(word, created.converter) { created.handle.add(bytes) }
            }
            slot = created
        }
        firstLoaded.store(true, ordering: .releasing)
    }

    private static func makeSlot(_ info: DictionaryInfo) throws(DictionaryError) -> Slot {
        let handle = HunspellHandle(affixPath: info.affixPath, wordsPath: info.wordsPath)
        let declared = handle.encoding
        guard !isUTF8(declared) else { return Slot(handle: handle, converter: nil) }
        do {
            return Slot(handle: handle, converter: try CharsetConverter(charset: declared))
        } catch {
            throw DictionaryError(language: info.tag.tag,
                                  message: "\(info.affixPath) declares charset '\(declared)', which ICU does not know (\(error))",
                                  available: [])
        }
    }

    static func isUTF8(_ name: String) -> Bool {
        let normalised = name.uppercased().filter { $0 != "-" && $0 != "_" }
        return normalised == "UTF8"
    }

    private func withSlot<T: Sendable>(_ body: (Slot) -> T) -> T {
        ensureFirstSlot()
        let start = next.add(1, ordering: .relaxed).newValue
        // A free loaded handle first; then load a new one into an empty place; then wait.
        for offset in 0..<slots.count {
            let index = (start &+ offset) % slots.count
            if let value = slots[index].withLockIfAvailable({ slot in slot.map(body) }), let value { return value }
        }
        for place in slots.dropFirst() {
            let value: T?? = place.withLockIfAvailable { slot in
                guard slot == nil, let created = try? Self.makeSlot(info) else { return nil }
                for word in added.withLock({ $0 }) {
                    if let bytes = Self.encode(word, created.converter) { created.handle.add(bytes) }
                }
                slot = created
                return body(created)
            }
            if let value, let value { return value }
        }
        return slots[0].withLock { body($0!) }
    }

    /// Whether a Hunspell handle is loaded (a call that needs one will not wait for a load).
    public var isLoaded: Bool { firstLoaded.load(ordering: .acquiring) }

    /// Starts loading the first handle in the background unless it is loaded or loading; returns at once.
    ///
    /// For a caller that can put off the words that need Hunspell (`SpellChecker.check`): it checks on while
    /// the dictionary loads, instead of waiting tens of milliseconds for it.
    func startLoading() {
        guard !isLoaded, !loadStarted.exchange(true, ordering: .relaxed) else { return }
        DispatchQueue.global(qos: .userInitiated).async { [self] in ensureFirstSlot() }
    }

    /// Whether Hunspell accepts the word.
    public func spell(_ word: String) -> Bool {
        withSlot { slot in
            guard let bytes = Self.encode(word, slot.converter) else { return false }
            return slot.handle.spell(bytes)
        }
    }

    /// Hunspell's own suggestions, in its order.
    public func suggest(_ word: String) -> [String] {
        withSlot { slot in
            guard let bytes = Self.encode(word, slot.converter) else { return [] }
            return slot.handle.suggest(bytes).compactMap { Self.decode($0, slot.converter) }
        }
    }

    /// The stems Hunspell finds for a word.
    public func stems(_ word: String) -> [String] {
        withSlot { slot in
            guard let bytes = Self.encode(word, slot.converter) else { return [] }
            return slot.handle.stem(bytes).compactMap { Self.decode($0, slot.converter) }
        }
    }

    /// Adds a word to every handle (in memory only). Returns false when the charset cannot hold it.
    @discardableResult
    public func add(_ word: String) -> Bool {
        added.withLock { $0.append(word) }
        var ok = true
        for place in slots {
            place.withLock { slot in
                guard let slot else { return }
                if let bytes = Self.encode(word, slot.converter) { slot.handle.add(bytes) } else { ok = false }
            }
        }
        return ok
    }

    /// Removes a runtime-added word from every handle.
    public func remove(_ word: String) {
        added.withLock { $0.removeAll { $0 == word } }
        for place in slots {
            place.withLock { slot in
                guard let slot else { return }
                if let bytes = Self.encode(word, slot.converter) { slot.handle.remove(bytes) }
            }
        }
    }

    private static func encode(_ word: String, _ converter: CharsetConverter?) -> [UInt8]? {
        guard let converter else { return Array(word.utf8) }
        return converter.encode(word)
    }

    private static func decode(_ bytes: [UInt8], _ converter: CharsetConverter?) -> String? {
        guard let converter else {
            return UTF8Validation.firstInvalidOffset(in: bytes) == nil ? String(decoding: bytes, as: UTF8.self) : nil
        }
        return converter.decode(bytes)
    }
}
