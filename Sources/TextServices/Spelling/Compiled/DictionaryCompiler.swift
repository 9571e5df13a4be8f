import Foundation
import SystemPackage

/// Compiles dictionaries into the cache folder, and finds and opens their compiled forms.
///
/// Forms are looked up first in the read-only system-wide folders (where
/// `scripts/install` compiles the bundled dictionary, as aspell installs its
/// `.rws` files), then in the user's cache folder; a stale, foreign or
/// corrupt system-wide form is passed over. Compiles always write to the
/// user's folder. A compiled form is keyed by the bytes of the .aff, the .dic and the
/// frequency file, the format version, the libhunspell build and ICU's case
/// mapping: a change to any of them makes it stale. Writing is atomic (a
/// temporary file in the same folder, fsync, rename), so processes compiling
/// at once leave one good file and readers never see half a file. A value
/// type with no state; every method is thread-safe.
public struct DictionaryCompiler: Sendable {
    /// The folder compiled forms live in (`$XDG_CACHE_HOME/textsvcd`).
    public let folder: String
    /// Folders searched for `<language>.freq`, before the dictionary's own folder.
    public let frequencyFolders: [String]
    /// Read-only folders of compiled forms made at install time, searched before `folder`.
    public let systemFolders: [String]

    public init(folder: String, frequencyFolders: [String] = [], systemFolders: [String] = []) {
        self.folder = folder
        self.frequencyFolders = frequencyFolders
        self.systemFolders = systemFolders.filter { $0 != folder }
    }

    /// `$XDG_CACHE_HOME/textsvcd`, or `~/.cache/textsvcd`.
    public static func defaultFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return xdg + "/textsvcd" }
        return (environment["HOME"] ?? NSHomeDirectory()) + "/.cache/textsvcd"
    }

    /// The state of a dictionary's compiled form.
    public enum State: Sendable, Equatable {
        case missing(path: String)
        case ready(path: String, byteCount: Int)
        /// Compiled from other versions of the dictionary files (or another libhunspell).
        case stale(path: String)
        case corrupt(path: String, reason: String)

        public var isReady: Bool { if case .ready = self { true } else { false } }
    }

    /// A stage of compiling, for progress reports.
    public enum Stage: String, Sendable {
        case expanding, verifying, indexing, writing
    }

    /// What one compile produced.
    public struct Report: Sendable {
        public var path: String
        public var byteCount: Int
        /// Forms the affix rules generated.
        public var expandedForms: Int
        /// Forms Hunspell accepted in some case (the accept table's keys).
        public var acceptedForms: Int
        public var seconds: Double
    }

    /// Why a dictionary could not be compiled.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public var message: String
        public var description: String { message }
    }

    /// Where the compiled form of a dictionary lives in the user's folder: its base name and a hash of its folder.
    public func path(for info: DictionaryInfo) -> String {
        path(for: info, in: folder)
    }

    /// Where the compiled form of a dictionary lives in `folder`.
    public func path(for info: DictionaryInfo, in folder: String) -> String {
        let base = info.path.split(separator: "/").last.map(String.init) ?? info.tag.tag
        let safe = String(base.unicodeScalars.map { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-") ? Character($0) : "_" })
        let folderHash = ContentHash(Array(info.path.utf8)).description.prefix(12)
        return "\(folder)/\(safe)-\(folderHash).tsvdict"
    }

    /// The frequency file a dictionary uses, searched as `SpellDictionary` does.
    func frequencyPath(for info: DictionaryInfo) -> String? {
        WordFrequencies.locate(info.tag, folders: SpellDictionary.frequencySearchFolders(info: info, extra: frequencyFolders))
    }

    /// The state of the compiled form of `info` in the user's folder, checking its key and checksums.
    public func state(of info: DictionaryInfo) -> State {
        state(of: info, at: path(for: info))
    }

    /// The state of the compiled form of `info` in each system-wide folder, in lookup order.
    public func systemStates(of info: DictionaryInfo) -> [State] {
        systemFolders.map { state(of: info, at: path(for: info, in: $0)) }
    }

    /// The path of the compiled form `open` would map: the first ready system-wide form, else the user's; nil when none is ready.
    public func readyPath(for info: DictionaryInfo) -> String? {
        for state in systemStates(of: info) + [state(of: info)] {
            if case .ready(let path, _) = state { return path }
        }
        return nil
    }

    private func state(of info: DictionaryInfo, at path: String) -> State {
        guard FileManager.default.fileExists(atPath: path) else { return .missing(path: path) }
        do {
            let compiled = try openChecked(info, at: path)
            return .ready(path: path, byteCount: compiled.byteCount)
        } catch .stale {
            return .stale(path: path)
        } catch {
            return .corrupt(path: path, reason: error.description)
        }
    }

    /// The compiled form of `info` if one is present, current and intact (system-wide first); nil otherwise (never trusts a bad file).
    public func open(_ info: DictionaryInfo) -> CompiledDictionary? {
        try? openChecked(info)
    }

    /// The first current, intact compiled form: system-wide, then the user's; throws the user's form's failure.
    func openChecked(_ info: DictionaryInfo) throws(CompiledFormat.Failure) -> CompiledDictionary {
        for folder in systemFolders {
            let path = path(for: info, in: folder)
            if FileManager.default.fileExists(atPath: path), let compiled = try? openChecked(info, at: path) { return compiled }
        }
        return try openChecked(info, at: path(for: info))
    }

    /// Whether another process (or thread) holds the compile lock of `info`'s form in the user's folder.
    public func isCompiling(_ info: DictionaryInfo) -> Bool { Self.isHeld(lockPath(for: info)) }

    /// Whether another process (or thread) holds the lock file at `path`; false when it cannot be opened.
    private static func isHeld(_ path: String) -> Bool {
        do {
            guard let lock = try FileLock.acquire(path, wait: false) else { return true }
            lock.release()
            return false
        } catch {
            return false
        }
    }

    /// The lock file a compile of `info` holds, so that processes starting one at once compile it once.
    func lockPath(for info: DictionaryInfo) -> String { path(for: info) + ".lock" }

    /// The lock a queued compile (`dictionaries compile --queue`, what background compiles run) holds for its whole run.
    ///
    /// Queued compiles in one folder run one at a time: the largest
    /// dictionaries take gigabytes while they compile, and a process that
    /// met many languages at once would otherwise start them all together.
    public var queueLockPath: String { folder + "/compile-queue.lock" }

    /// Whether a queued compile runs in this folder now.
    public func isCompilingQueued() -> Bool { Self.isHeld(queueLockPath) }

    private func openChecked(_ info: DictionaryInfo, at path: String) throws(CompiledFormat.Failure) -> CompiledDictionary {
        guard let file = MappedFile(path: path) else { throw .truncated(size: 0) }
        // Section checksums are read once per version of the file (see `verifiedMarkerPath`).
        let marker = Self.verifiedMarkerPath(path)
        let trusted = FileSystem.read(marker).map { String(decoding: $0, as: UTF8.self) } == file.identity.description
        let compiled = try CompiledDictionary(file: file, verifySections: !trusted)
        if !trusted { try? FileSystem.writeAtomically(Array(file.identity.description.utf8), to: marker, mode: SystemPackage.FilePermissions(rawValue: 0o644)) }
        let frequency = frequencyPath(for: info)
        let metadata = compiled.metadata
        let quick = metadata.affixIdentity == Self.identity(info.affixPath)
            && metadata.wordsIdentity == Self.identity(info.wordsPath)
            && metadata.frequencyPath == (frequency ?? "")
            && metadata.frequencyIdentity == (frequency.map(Self.identity) ?? "")
            && metadata.environment == Self.environmentKey.description
        if quick { return compiled }
        guard let key = contentKey(info: info, frequencyPath: frequency), key == compiled.contentKey else { throw .stale }
        return compiled
    }

    /// Where the identity of a compiled file whose section checksums were verified is kept.
    ///
    /// Verifying reads the whole file (about 200 ms for ru_RU's 135 MB), which
    /// would count in every fresh process's start-up. The identity (device,
    /// inode, size, mtime and ctime) changes with any write to the file, so a
    /// matching marker means these exact bytes were verified; the header,
    /// section table and their checksum are still checked on every open, and
    /// the readers bound-check everything regardless.
    static func verifiedMarkerPath(_ path: String) -> String { path + ".verified" }

    /// The format version, libhunspell build and case mapping: the parts of the key that are not files.
    static let environmentKey: ContentHash = {
        let text = "\(CompiledFormat.version)|\(HunspellHandle.libraryIdentity)|\(CaseVariants.fingerprint)"
        return ContentHash(Array(text.utf8))
    }()

    /// The content key of a dictionary's files; nil when one cannot be read.
    func contentKey(info: DictionaryInfo, frequencyPath: String?) -> ContentHash? {
        var key = Self.environmentKey
        for path in [info.affixPath, info.wordsPath] {
            guard let bytes = FileSystem.read(path) else { return nil }
            key = key.combined(with: ContentHash(bytes))
        }
        if let frequencyPath {
            guard let bytes = FileSystem.read(frequencyPath) else { return nil }
            key = key.combined(with: ContentHash(bytes))
        } else {
            key = key.combined(with: ContentHash([], seed: 1))
        }
        return key
    }

    /// Lowers this process's scheduling priority (nice 1-19) for a compile that must not slow other work.
    ///
    /// Call before starting threads: on Linux, threads inherit it at creation.
    public static func lowerPriority(_ niceness: Int32 = 10) {
        SystemFacts.lowerPriority(niceness)
    }

    static func identity(_ path: String) -> String {
        guard let identity = FileIdentity.of(path) else { return "" }
        return "\(identity.device):\(identity.inode):\(identity.size):\(identity.modified)"
    }
}
