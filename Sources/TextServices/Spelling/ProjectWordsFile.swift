import Foundation
import SystemPackage

/// One project words file, `.textsvcd/words.txt`, as it was read at one moment.
///
/// The format is `WordListFormat.plain`: UTF-8 (a byte-order mark is
/// allowed), one word a line, surrounding spaces trimmed, empty lines and
/// lines starting with `#` skipped, `\n` or `\r\n` line ends. A line that is
/// not UTF-8, a line that is not a single word, and a file that cannot be
/// read are not errors: they are left out and described in `problems`
/// (`PATH:LINE: why`), for the door to show. `add(_:to:)` is the one way
/// textsvcd writes the file; it is safe beside other processes doing the
/// same. A value; thread-safe.
public struct ProjectWordsFile: Sendable, Equatable {
    /// The folder that holds a project's words file.
    public static let folderName = ".textsvcd"
    /// The words file's name inside that folder.
    public static let fileName = "words.txt"

    /// The file's path.
    public let path: String
    /// The words, in file order, each once.
    public let words: [String]
    /// What was left out or could not be read, one line each (`PATH:LINE: why`).
    public let problems: [String]
    /// The spellings the words are accepted in.
    public let spellings: AcceptedSpellings
    /// The words folded to lower case as Unicode scalars, in `words` order, for guessing.
    let folded: [[UInt32]]
    /// What the file was when it was read (nil when it was missing).
    let stamp: FileStamp?

    /// The words file of a project folder (`FOLDER/.textsvcd/words.txt`).
    public static func path(inProject folder: String) -> String {
        (folder == "/" ? "" : folder) + "/\(folderName)/\(fileName)"
    }

    init(path: String, words: [String], problems: [String], stamp: FileStamp?) {
        self.path = path
        self.words = words
        self.problems = problems
        self.spellings = AcceptedSpellings(words)
        self.folded = words.map { $0.lowercased().unicodeScalars.map(\.value) }
        self.stamp = stamp
    }

    /// Reads the file at `path`, which had `stamp` just before (so that a later change is noticed even if it races this read).
    static func read(_ path: String, stamp: FileStamp?) -> ProjectWordsFile {
        if FileSystem.isFolder(path) {
            return ProjectWordsFile(path: path, words: [], problems: ["\(path): is a folder, not a word list; ignored"], stamp: stamp)
        }
        guard let bytes = FileSystem.read(path) else {
            let problems = stamp == nil ? [] : ["\(path): cannot be read (permission denied?); ignored"]
            return ProjectWordsFile(path: path, words: [], problems: problems, stamp: stamp)
        }
        let contents = WordListFormat.readPlain(WordListLines(bytes))
        return ProjectWordsFile(path: path, words: contents.words,
                                problems: contents.notes.map { "\(path):\($0.line.map(String.init) ?? "1"): \($0.message)" },
                                stamp: stamp)
    }

    /// What adding words did: which were added to the file and which it held already.
    public struct Addition: Sendable, Equatable {
        /// The file written (its real path, after following a symbolic link).
        public var path: String
        /// The words appended, in the order given.
        public var added: [String]
        /// The words the file held already (exactly as given).
        public var present: [String]
    }

    /// Appends words the file does not hold yet, safely beside other processes adding to it.
    ///
    /// Creates the `.textsvcd` folder (0755) and the file (0644, less the
    /// umask) when missing. The change is a read-merge-write under an
    /// exclusive lock on the `.textsvcd` folder (so no lock file appears in
    /// the repository), written atomically and durably before this returns:
    /// another process's words are never lost, comments, order, a
    /// byte-order mark, `\r\n` line ends and the file's permissions are kept,
    /// and a word is never written twice. A symbolic link is followed and
    /// the file it points to is replaced. Words must be single words (as
    /// `spell.learn` takes them); a file with a line that is not UTF-8 is
    /// not rewritten (fixing it is for a person), and nothing is changed.
    /// With `keepingSorted`, a file whose words are in byte order gets each
    /// new word on a line of its own at its place in that order (a file in
    /// another order still gets them at the end).
    @discardableResult
    public static func add(_ words: [String], to path: String, keepingSorted: Bool = false) throws(TextServicesError) -> Addition {
        for word in words { try SpellingService.validateWord(word) }
        let target = FileSystem.exists(path) ? (path as NSString).resolvingSymlinksInPath : path
        guard !words.isEmpty else { return Addition(path: target, added: [], present: []) }
        let folder = (target as NSString).deletingLastPathComponent
        do {
            if !FileSystem.isFolder(folder) { try FileSystem.makeDirectory(folder, mode: 0o755) }
            return try FileLock.withLock(folder: folder) {
                try appendUnderLock(words, to: target, keepingSorted: keepingSorted)
            }
        } catch let error as TextServicesError {
            throw error
        } catch {
            throw .internalFailure("could not add to \(target): \(error)")
        }
    }

    /// The read-merge-write itself; the caller holds the folder's lock.
    private static func appendUnderLock(_ words: [String], to path: String, keepingSorted: Bool) throws -> Addition {
        let existing: [UInt8]
        if FileSystem.exists(path) {
            guard let bytes = FileSystem.read(path) else {
                throw TextServicesError.internalFailure("\(path) cannot be read (permission denied?); nothing was added")
            }
            existing = bytes
        } else {
            existing = []
        }
        let lines = WordListLines(existing)
        if let bad = lines.firstInvalid {
            throw TextServicesError.internalFailure("\(path):\(bad.number): not UTF-8; fix that line first (nothing was added)")
        }
        var known = Set(WordListFormat.readPlain(lines).words)
        var addition = Addition(path: path, added: [], present: [])
        for word in words {
            if known.insert(word).inserted { addition.added.append(word) } else { addition.present.append(word) }
        }
        guard !addition.added.isEmpty else { return addition }
        let lineEnd: [UInt8] = Self.usesCRLF(existing) ? [0x0D, 0x0A] : [0x0A]
        var bytes = existing
        if let last = bytes.last, last != 0x0A, last != 0x0D { bytes += lineEnd }
        if keepingSorted, let sorted = Self.insertingSorted(addition.added, into: bytes, lineEnd: lineEnd) {
            bytes = sorted
        } else {
            for word in addition.added { bytes += Array(word.utf8) + lineEnd }
        }
        let mode = FileSystem.permissions(of: path) ?? [.ownerReadWrite, .groupRead, .otherRead]
        try FileSystem.writeAtomically(bytes, to: path, mode: mode)
        return addition
    }

    /// The file's bytes with each word inserted at its place among the words, or nil when the words are not in byte order.
    ///
    /// `bytes` ends with a line end (or is empty); comments and blank lines stay where they are.
    private static func insertingSorted(_ words: [String], into bytes: [UInt8], lineEnd: [UInt8]) -> [UInt8]? {
        func before(_ left: String, _ right: String) -> Bool { left.utf8.lexicographicallyPrecedes(right.utf8) }
        var wordLines: [(word: String, offset: Int)] = []
        for line in WordListLines(bytes).lines {
            guard let word = line.text?.trimmingCharacters(in: .whitespaces), !word.isEmpty, !word.hasPrefix("#") else { continue }
            wordLines.append((word, line.offset))
        }
        guard zip(wordLines, wordLines.dropFirst()).allSatisfy({ !before($1.word, $0.word) }) else { return nil }
        var insertions: [Int: [UInt8]] = [:]
        for word in words.sorted(by: before) {
            let offset = wordLines.first { before(word, $0.word) }?.offset ?? bytes.count
            insertions[offset, default: []] += Array(word.utf8) + lineEnd
        }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + insertions.values.reduce(0) { $0 + $1.count })
        var position = 0
        for offset in insertions.keys.sorted() {
            result += bytes[position..<offset]
            result += insertions[offset]!
            position = offset
        }
        result += bytes[position...]
        return result
    }

    /// Whether the file's first line ends with `\r\n`.
    private static func usesCRLF(_ bytes: [UInt8]) -> Bool {
        guard let newline = bytes.firstIndex(of: 0x0A) else { return false }
        return newline > 0 && bytes[newline - 1] == 0x0D
    }
}
