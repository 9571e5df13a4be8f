import CHunspell
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

// Every call into libhunspell lives in this file, so the rest of
// TextServices is plain Swift with no pointers.

/// One libhunspell handle, speaking the dictionary's own encoding.
///
/// Not thread-safe (Hunspell's suggest mutates shared state): guard each
/// handle with a lock. Words are passed as raw bytes in the dictionary's
/// charset; `HunspellEngine` does the conversion.
final class HunspellHandle {
    private let raw: OpaquePointer

    /// Serialises creating and destroying handles: libhunspell 1.7 keeps a process-wide,
    /// reference-counted Unicode table (`utf_tbl`) that it sets up and frees without a lock.
    private static let lifecycle = Mutex<Void>(())

    /// libhunspell's `initialize_utf_tbl()`, which takes one reference on that table; nil if the library lacks it.
    ///
    /// libhunspell 1.7.1 takes references only for UTF-8 dictionaries but
    /// drops one whenever any handle is destroyed (fixed in 1.7.2): destroying
    /// an 8-bit dictionary's handle could free the table under a live UTF-8
    /// handle, which then stops changing case (`The` became misspelled in
    /// en_US while tests destroyed ISO-8859 handles). Taking a reference
    /// before destroying an 8-bit handle keeps the count right; with a fixed
    /// library it only keeps the table (about 400 KB) for the process's life.
    private static let takeUnicodeTableReference: (@convention(c) () -> Void)? = {
        guard let symbol = dlsym(nil, "_Z18initialize_utf_tblv") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) () -> Void).self)
    }()

    /// Whether libhunspell treats the dictionary as UTF-8 (and so holds a reference on its Unicode table).
    private let isUTF8: Bool

    /// Opens the dictionary; the caller has checked that both files exist and are readable.
    init(affixPath: String, wordsPath: String) {
        raw = Self.lifecycle.withLock { _ in Hunspell_create(affixPath, wordsPath) }
        isUTF8 = String(cString: Hunspell_get_dic_encoding(raw)) == "UTF-8"
    }

    deinit {
        let raw = raw
        let isUTF8 = isUTF8
        Self.lifecycle.withLock { _ in
            if !isUTF8 { Self.takeUnicodeTableReference?() }
            Hunspell_destroy(raw)
        }
    }

    /// Which libhunspell build this process runs (its file, size and time), so compiled verdicts follow upgrades.
    static let libraryIdentity: String = {
        let function: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Int32 = Hunspell_spell
        return SystemFacts.libraryIdentity(containing: unsafeBitCast(function, to: UnsafeRawPointer.self))
    }()

    /// The charset named by the .aff file's `SET` line (ISO8859-1 when absent).
    var encoding: String { String(cString: Hunspell_get_dic_encoding(raw)) }

    func spell(_ word: [UInt8]) -> Bool {
        withCString(word) { Hunspell_spell(raw, $0) != 0 }
    }

    func suggest(_ word: [UInt8]) -> [[UInt8]] {
        withCString(word) { pointer in
            var list: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
            let count = Hunspell_suggest(raw, &list, pointer)
            return takeList(list, count: count)
        }
    }

    func stem(_ word: [UInt8]) -> [[UInt8]] {
        withCString(word) { pointer in
            var list: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
            let count = Hunspell_stem(raw, &list, pointer)
            return takeList(list, count: count)
        }
    }

    /// Adds a word for the life of the handle (not saved by Hunspell).
    func add(_ word: [UInt8]) {
        _ = withCString(word) { Hunspell_add(raw, $0) }
    }

    func remove(_ word: [UInt8]) {
        _ = withCString(word) { Hunspell_remove(raw, $0) }
    }

    private func withCString<T>(_ word: [UInt8], _ body: (UnsafePointer<CChar>) -> T) -> T {
        var terminated = word
        terminated.append(0)
        return terminated.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { body($0) }
        }
    }

    private func takeList(_ list: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, count: Int32) -> [[UInt8]] {
        guard let list, count > 0 else { return [] }
        var words: [[UInt8]] = []
        words.reserveCapacity(Int(count))
        for index in 0..<Int(count) {
            if let item = list[index] {
                let length = strlen(item)
                words.append(item.withMemoryRebound(to: UInt8.self, capacity: length) {
                    Array(UnsafeBufferPointer(start: $0, count: length))
                })
            }
        }
        var mutable: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = list
        Hunspell_free_list(raw, &mutable, count)
        return words
    }
}
