import Foundation
import SystemPackage

/// How common the words of a language are, from a `<language>.freq` file.
///
/// The file is UTF-8 text, `word<TAB>zipf` a line (`#` lines are comments),
/// where zipf is log10 of occurrences per billion words; words are folded to
/// lower case. To save space, a line `<TAB>zipf` gives every following line
/// that holds only a word that zipf, up to the next such line.
/// `scripts/make-frequencies.py` makes the files. One file serves every
/// region of a language (`en.freq` for en_US and en_GB); a file named for the
/// full tag (`en_GB.freq`) wins. Immutable and thread-safe.
public struct WordFrequencies: Sendable {
    /// Zipf values times ten, by folded word.
    private let table: [String: UInt8]
    /// Where the data came from.
    public let path: String

    public var count: Int { table.count }

    /// Every folded word of the list.
    var words: Dictionary<String, UInt8>.Keys { table.keys }

    /// Calls `body` with each folded word and its zipf value times ten, in no particular order.
    func forEachEntry(_ body: (String, UInt8) -> Void) {
        for (word, value) in table { body(word, value) }
    }

    /// The zipf value (log10 per billion words) of a word, or nil when the list lacks it.
    public func zipf(_ word: String) -> Double? {
        table[WordList.fold(word)].map { Double($0) / 10 }
    }

    /// The zipf value times ten of an already folded word; 0 when unknown.
    func scaledZipf(folded word: String) -> UInt8 {
        table[word] ?? 0
    }

    /// The frequency file for a language: `<tag>.freq`, then `<language>.freq`, in each folder in order.
    public static func locate(_ tag: LanguageTag, folders: [String]) -> String? {
        let manager = FileManager.default
        for name in [tag.tag, tag.language] {
            for folder in folders {
                let path = folder + "/" + name + ".freq"
                if manager.isReadableFile(atPath: path) { return path }
            }
        }
        return nil
    }

    /// `locate(_:folders:)` for many tags in turn: `listings` keeps each folder's file names once listed.
    ///
    /// A folder that does not exist holds no file; one that cannot be listed
    /// for another reason is kept as nil, and its paths are then tried one by
    /// one; in a listed folder, a file that is not there costs no system call.
    /// The same path as `locate(_:folders:)`.
    public static func locate(_ tag: LanguageTag, folders: [String], listings: inout [String: Set<String>?]) -> String? {
        for name in [tag.tag, tag.language] {
            for folder in folders {
                if listings[folder] == nil { listings[folder] = .some(listing(folder)) }
                if case .some(.some(let names)) = listings[folder], !names.contains(name + ".freq") { continue }
                let path = folder + "/" + name + ".freq"
                if FileSystem.isReadable(path) { return path }
            }
        }
        return nil
    }

    /// The names in `folder`: empty when it does not exist (or is not a folder), nil when it cannot be listed otherwise.
    private static func listing(_ folder: String) -> Set<String>? {
        do {
            return Set(try FileSystem.names(inFolder: folder))
        } catch {
            return error.errno == .noSuchFileOrDirectory || error.errno == .notDirectory ? [] : nil
        }
    }

    /// Reads a frequency file; nil when it cannot be read or holds no entries.
    ///
    /// Malformed lines, and lines holding only a word before any `<TAB>zipf` line, are skipped.
    public static func load(path: String) -> WordFrequencies? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        var table: [String: UInt8] = [:]
        table.reserveCapacity(data.count / 14)
        data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            var lineStart = 0
            var groupValue: UInt8?
            while lineStart < bytes.count {
                var end = lineStart
                var tab = -1
                while end < bytes.count, bytes[end] != 0x0A {
                    if bytes[end] == 0x09, tab < 0 { tab = end }
                    end += 1
                }
                defer { lineStart = end + 1 }
                guard end > lineStart, bytes[lineStart] != UInt8(ascii: "#") else { continue }
                if tab == lineStart {
                    groupValue = parseScaled(bytes, from: tab + 1, to: end)
                    continue
                }
                var wordEnd = tab
                let value: UInt8
                if tab < 0 {
                    guard let groupValue else { continue }
                    value = groupValue
                    wordEnd = bytes[end - 1] == 0x0D ? end - 1 : end
                    guard wordEnd > lineStart else { continue }
                } else {
                    guard let parsed = parseScaled(bytes, from: tab + 1, to: end) else { continue }
                    value = parsed
                }
                let wordBytes = UnsafeBufferPointer(rebasing: bytes[lineStart..<wordEnd])
                guard UTF8Validation.firstInvalidOffset(in: Array(wordBytes)) == nil else { continue }
                let word = String(decoding: wordBytes, as: UTF8.self)
                let key = wordBytes.allSatisfy({ $0 < 0x80 }) && !wordBytes.contains(where: { $0 >= 0x41 && $0 <= 0x5A })
                    ? word : WordList.fold(word)
                if table[key].map({ $0 < value }) ?? true { table[key] = value }
            }
        }
        guard !table.isEmpty else { return nil }
        return WordFrequencies(table: table, path: path)
    }

    /// A decimal like `5.37` as a rounded value times ten, clamped to 1...255.
    private static func parseScaled(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> UInt8? {
        var whole = 0
        var tenths = -1
        var hundredths = 0
        var seenDigit = false
        var afterPoint = 0
        for index in start..<end {
            let byte = bytes[index]
            if byte == 0x0D || byte == 0x20 { break }
            if byte == UInt8(ascii: ".") {
                guard afterPoint == 0 else { return nil }
                afterPoint = 1
                continue
            }
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            seenDigit = true
            let digit = Int(byte - 0x30)
            switch afterPoint {
            case 0: whole = min(whole * 10 + digit, 100)
            case 1: tenths = digit; afterPoint = 2
            case 2: hundredths = digit; afterPoint = 3
            default: break
            }
        }
        guard seenDigit else { return nil }
        var scaled = whole * 10 + max(tenths, 0)
        if hundredths >= 5 { scaled += 1 }
        return UInt8(clamping: max(1, scaled))
    }

    init(table: [String: UInt8], path: String) {
        self.table = table
        self.path = path
    }
}
