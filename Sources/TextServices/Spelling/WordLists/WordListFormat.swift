import Foundation

/// The formats of word lists other spell checkers keep, read into the words to import.
///
/// `detect(path:bytes:)` picks a format from a file's name, then its first
/// lines; `read(_:path:)` gives the words in file order without duplicates,
/// the language the file names (if any), and a note for each entry that was
/// left out and why. A word is one token as `spell.learn` takes it: no
/// spaces, at most 256 bytes. Every format must be well-formed UTF-8 (aspell's
/// lists may declare ISO-8859-1); a file that is not, or that is malformed,
/// is refused whole with a `ReadError` naming the file and the line, so a
/// caller never imports half a file. Pure functions; thread-safe.
public enum WordListFormat: String, CaseIterable, Sendable {
    /// One word a line; lines starting with `#` are comments. The format of `.textsvcd/words.txt`.
    case plain
    /// Hunspell's personal dictionary (`~/.hunspell_<lang>`): one word a line; `word/MODEL` keeps the word, `*word` is forbidden (left out).
    case hunspell
    /// Aspell's personal word list (`.pws`): a `personal_ws-1.1 LANG COUNT [ENCODING]` line, then one word a line.
    case aspell
    /// cspell's configuration (`cspell.json`, `.cspell.json`, `cspell.jsonc`): the `words` and `ignoreWords` arrays.
    case cspell
    /// codebook's configuration (`codebook.toml`, `.codebook.toml`): the top-level `words` array.
    case codebook

    /// What a word list holds to import.
    public struct Contents: Sendable, Equatable {
        /// The words, in file order, each once.
        public var words: [String] = []
        /// The language the file is for, as it names it (`en_US` from `.hunspell_en_US`, `en` from an aspell header); nil when it does not say.
        public var language: String?
        /// What was left out, and other things a person should know.
        public var notes: [Note] = []

        public init(words: [String] = [], language: String? = nil, notes: [Note] = []) {
            self.words = words
            self.language = language
            self.notes = notes
        }

        /// Adds a word unless it is already there or is not a single word (then with a note).
        mutating func append(_ word: String, line: Int?, seen: inout Set<String>) {
            do {
                try SpellingService.validateWord(word)
            } catch {
                let reason: String
                if case .invalidArgument(_, let why) = error { reason = why } else { reason = error.description }
                notes.append(Note(line: line, message: "\u{201C}\(word.prefix(80))\u{201D} left out: \(reason)"))
                return
            }
            if seen.insert(word).inserted { words.append(word) }
        }
    }

    /// Something a reader noticed, at a line of the file when it has one.
    public struct Note: Sendable, Equatable, CustomStringConvertible {
        public var line: Int?
        public var message: String

        public init(line: Int?, message: String) {
            self.line = line
            self.message = message
        }

        public var description: String { line.map { "line \($0): \(message)" } ?? message }
    }

    /// Why a word list cannot be read: the file, the line (when one is to blame) and the reason.
    public struct ReadError: Error, Sendable, Equatable, CustomStringConvertible {
        public var path: String
        public var line: Int?
        public var reason: String

        public init(path: String, line: Int?, reason: String) {
            self.path = path
            self.line = line
            self.reason = reason
        }

        public var description: String { "\(path)\(line.map { ":\($0)" } ?? ""): \(reason)" }
    }

    /// The format of a file: by its name (`.toml`, `.json`/`.jsonc`, `.pws`, `.hunspell_*`), else by its first lines, else `plain`.
    public static func detect(path: String, bytes: [UInt8]) -> WordListFormat {
        let name = (path as NSString).lastPathComponent.lowercased()
        if name.hasSuffix(".toml") { return .codebook }
        if name.hasSuffix(".json") || name.hasSuffix(".jsonc") { return .cspell }
        if name.hasSuffix(".pws") { return .aspell }
        if name.hasPrefix(".hunspell_") || name.hasPrefix("hunspell_") { return .hunspell }
        let head = WordListLines(Array(bytes.prefix(4096))).lines.compactMap(\.text)
        let meaningful = head.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        if let first = meaningful.first, first.hasPrefix("personal_ws-1.") || first.hasPrefix("personal_repl-1.") {
            return .aspell
        }
        let code = meaningful.filter { !$0.hasPrefix("#") && !$0.hasPrefix("//") }
        if let first = code.first, first.hasPrefix("{") { return .cspell }
        if code.contains(where: { $0.range(of: #"^words\s*=\s*\["#, options: .regularExpression) != nil }) {
            return .codebook
        }
        return .plain
    }

    /// Reads a file's words in this format; `path` names the file in errors and in what the notes say.
    ///
    /// Throws `ReadError` when the file is not UTF-8 (or the encoding it
    /// declares) or is malformed for the format.
    public func read(_ bytes: [UInt8], path: String) throws(ReadError) -> Contents {
        switch self {
        case .plain: return try Self.readPlain(Self.strictLines(bytes, path: path))
        case .hunspell: return try Self.readHunspell(Self.strictLines(bytes, path: path), path: path)
        case .aspell: return try Self.readAspell(bytes, path: path)
        case .cspell: return try CSpellConfiguration.read(bytes, path: path)
        case .codebook: return try CodebookConfiguration.read(bytes, path: path)
        }
    }

    /// The file's lines, refusing the file at its first line that is not UTF-8.
    static func strictLines(_ bytes: [UInt8], path: String) throws(ReadError) -> WordListLines {
        let lines = WordListLines(bytes)
        if let bad = lines.firstInvalid {
            throw ReadError(path: path, line: bad.number, reason: "not UTF-8 (bad byte at offset \(bad.badByte ?? bad.offset))")
        }
        return lines
    }

    // MARK: Plain lists

    /// One word a line; `#` lines are comments; surrounding spaces are trimmed; lines that are not UTF-8 are left out with a note.
    static func readPlain(_ lines: WordListLines) -> Contents {
        var contents = Contents()
        var seen = Set<String>()
        for line in lines.lines {
            guard let text = line.text else {
                contents.notes.append(Note(line: line.number, message: "not UTF-8 (bad byte at offset \(line.badByte ?? line.offset)); left out"))
                continue
            }
            let word = text.trimmingCharacters(in: .whitespaces)
            if word.isEmpty || word.hasPrefix("#") { continue }
            contents.append(word, line: line.number, seen: &seen)
        }
        return contents
    }

    // MARK: Hunspell

    /// `~/.hunspell_<lang>`: `word`, `word/MODEL` (the word is kept), `*word` (forbidden: left out).
    static func readHunspell(_ lines: WordListLines, path: String) throws(ReadError) -> Contents {
        var contents = Contents()
        var seen = Set<String>()
        let name = (path as NSString).lastPathComponent
        for prefix in [".hunspell_", "hunspell_"] where name.hasPrefix(prefix) && name.count > prefix.count {
            contents.language = String(name.dropFirst(prefix.count))
            break
        }
        for line in lines.lines {
            let text = (line.text ?? "").trimmingCharacters(in: .whitespaces)
            if text.isEmpty { continue }
            if line.number == 1, text.allSatisfy(\.isASCIIDigit) {
                contents.notes.append(Note(line: 1, message: "a word count, as a .dic file starts with; left out"))
                continue
            }
            if text.hasPrefix("*") {
                contents.notes.append(Note(line: line.number,
                                           message: "\u{201C}\(text.dropFirst())\u{201D} is forbidden in hunspell (a leading *); left out"))
                continue
            }
            // Morphological fields follow a tab; the flags (or model word) follow the first unescaped slash.
            let entry = text.split(separator: "\t", maxSplits: 1).first.map(String.init) ?? text
            contents.append(Self.hunspellWord(entry), line: line.number, seen: &seen)
        }
        return contents
    }

    /// The word of a hunspell entry: up to the first slash not escaped as `\/`, with `\/` unescaped.
    static func hunspellWord(_ entry: String) -> String {
        var word = ""
        var escaped = false
        for character in entry {
            if escaped {
                if character != "/" { word.append("\\") }
                word.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "/" {
                break
            } else {
                word.append(character)
            }
        }
        if escaped { word.append("\\") }
        return word
    }

    // MARK: Aspell

    /// A `.pws` file: `personal_ws-1.1 LANG COUNT [ENCODING]`, then one word a line (UTF-8, or ISO-8859-1 when declared).
    static func readAspell(_ bytes: [UInt8], path: String) throws(ReadError) -> Contents {
        let firstLine = WordListLines(Array(bytes.prefix(while: { $0 != 0x0A }))).lines.first?.text ?? ""
        let header = firstLine.split(whereSeparator: \.isWhitespace).map(String.init)
        guard let magic = header.first, magic.hasPrefix("personal_ws-1.") else {
            if firstLine.hasPrefix("personal_repl-1.") {
                throw ReadError(path: path, line: 1, reason: "an aspell replacement list (.prepl), not a word list")
            }
            throw ReadError(path: path, line: 1, reason: "not an aspell word list: it must start with \u{201C}personal_ws-1.1 LANG COUNT\u{201D}")
        }
        var text = bytes
        if header.count > 3 {
            switch header[3].lowercased() {
            case "utf-8", "utf8": break
            case "iso-8859-1", "iso8859-1", "latin1", "latin-1":
                text = Array(String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) })).utf8)
            default:
                throw ReadError(path: path, line: 1, reason: "encoding \u{201C}\(header[3])\u{201D} is not supported (utf-8 and iso-8859-1 are)")
            }
        }
        let lines = try strictLines(text, path: path)
        var contents = Contents(language: header.count > 1 ? header[1] : nil)
        var seen = Set<String>()
        for line in lines.lines.dropFirst() {
            let word = (line.text ?? "").trimmingCharacters(in: .whitespaces)
            if !word.isEmpty { contents.append(word, line: line.number, seen: &seen) }
        }
        return contents
    }
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
