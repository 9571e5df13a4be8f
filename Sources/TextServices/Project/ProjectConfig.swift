import Foundation
import TOMLReader

/// One `.textsvcd/config.toml`, as it was read: the settings it gives, or why it could not be used.
///
/// The format (docs/config.md):
///
/// ```toml
/// language = "en_GB"                  # a tag, a list of tags, "auto" or "auto:en_US,de_DE"
/// exclude = ["vendor/**", "*.lock"]   # globs, from the project folder
/// ignore-patterns = ['[A-Z]+-[0-9]+'] # ICU regular expressions whose matches are not checked
/// words = ["textsvcd"]                # accepted as project words are
/// check-strings = true                # check string literals in code
/// check-identifiers = true            # check camelCase and snake_case identifiers part by part
/// minimum-word-length = 4             # shorter identifier parts (and words in code) pass
/// other-scripts = "skip"              # words in a script the languages are not written in: skip or check
///
/// [[override]]                        # for the files its globs match
/// files = ["docs/de/**"]
/// language = "de_DE"
/// mode = "prose"                      # auto, prose, markdown, tex, markup, commit or code
/// ```
///
/// Read with TOMLKit. A file that is not valid TOML, a key that is not
/// known, a value of the wrong type and a pattern that does not compile are
/// errors (`error`, `PATH:LINE: why`), never ignored: the door shows them and
/// the file's settings are not used. A value; thread-safe.
public struct ProjectConfig: Sendable {
    /// The file's name inside a project's `.textsvcd` folder.
    public static let fileName = "config.toml"
    /// The top-level keys.
    public static let keys = ["language", "exclude", "ignore-patterns", "words", "check-strings", "check-identifiers",
                              "minimum-word-length", "other-scripts", "override"]
    /// The values `minimum-word-length` may take.
    public static let wordLengths = 1...64
    /// The modes an override may set.
    public static let modes = ["auto", "prose", "markdown", "tex", "markup", "commit", "code"]

    /// Settings for the files an override's globs match.
    public struct Override: Sendable, Equatable {
        public var files: [PathGlob]
        public var languages: [String]?
        public var mode: String?
        /// The line of the override's `[[override]]` header.
        public var line: Int
    }

    /// The file's path.
    public let path: String
    /// The folder that holds `.textsvcd` (globs are taken from there).
    public let projectFolder: String
    /// Why the file cannot be used (`PATH:LINE: why`); nil when it was read.
    public private(set) var error: String?
    public private(set) var languages: [String]?
    public private(set) var exclude: [PathGlob] = []
    public private(set) var ignorePatterns: [String] = []
    /// `ignorePatterns` compiled.
    public private(set) var compiledPatterns: [IgnorePattern] = []
    public private(set) var words: [String] = []
    public private(set) var checkStrings: Bool?
    public private(set) var checkIdentifiers: Bool?
    public private(set) var otherScripts: OtherScripts?
    public private(set) var minimumWordLength: Int?
    public private(set) var overrides: [Override] = []
    /// The line each top-level key is set on, for `textsvcd config`.
    public private(set) var lines: [String: Int] = [:]
    let stamp: FileStamp?

    /// The config file of a project folder (`FOLDER/.textsvcd/config.toml`).
    public static func path(inProject folder: String) -> String {
        (folder == "/" ? "" : folder) + "/\(ProjectWordsFile.folderName)/\(fileName)"
    }

    /// Reads the file at `path` (which had `stamp` just before).
    static func read(_ path: String, stamp: FileStamp?) -> ProjectConfig {
        guard let bytes = FileSystem.read(path) else {
            return ProjectConfig(path: path, failure: "\(path): cannot be read (permission denied?)", stamp: stamp)
        }
        return ProjectConfig(path: path, bytes: bytes, stamp: stamp)
    }

    private init(path: String, failure: String, stamp: FileStamp?) {
        self.path = path
        self.projectFolder = Self.projectFolder(of: path)
        self.error = failure
        self.stamp = stamp
    }

    /// Parses a config file's bytes; a fault is kept in `error`.
    public init(path: String, bytes: [UInt8], stamp: FileStamp? = nil) {
        self.path = path
        self.projectFolder = Self.projectFolder(of: path)
        self.stamp = stamp
        do {
            try parse(bytes)
        } catch {
            self.error = "\(path):\(error.line): \(error.reason)"
            languages = nil; exclude = []; ignorePatterns = []; compiledPatterns = []; words = []; checkStrings = nil
            checkIdentifiers = nil; minimumWordLength = nil; overrides = []
        }
    }

    private static func projectFolder(of path: String) -> String {
        let dotFolder = (path as NSString).deletingLastPathComponent
        let folder = (dotFolder as NSString).deletingLastPathComponent
        return folder.isEmpty ? "/" : folder
    }

    /// A fault at a line of the file.
    struct Fault: Error {
        var line: Int
        var reason: String
    }

    private mutating func parse(_ bytes: [UInt8]) throws(Fault) {
        var body = bytes[...]
        if body.starts(with: WordListLines.byteOrderMark) { body = body.dropFirst(3) }
        if let bad = UTF8Validation.firstInvalidOffset(in: Array(body)) {
            throw Fault(line: body.prefix(bad).filter { $0 == 0x0A }.count + 1, reason: "not UTF-8 (byte offset \(bad))")
        }
        if body.contains(0) { throw Fault(line: 1, reason: "holds a NUL byte") }
        let text = String(decoding: body, as: UTF8.self)
        let table: [TOMLEntry]
        do {
            table = try TOMLReader.parse(text)
        } catch {
            throw Fault(line: error.line, reason: "not valid TOML: \(error.reason)")
        }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for (key, value) in table.map({ ($0.key, $0.value) }) {
            let line = Self.line(ofKey: key, in: lines, from: 0)
            self.lines[key] = line
            switch key {
            case "language":
                languages = try Self.languages(value, key: key, line: line)
            case "exclude":
                exclude = try Self.globs(value, key: key, line: line, lines: lines)
            case "ignore-patterns":
                ignorePatterns = try Self.strings(value, key: key, line: line)
                for pattern in ignorePatterns {
                    do {
                        compiledPatterns.append(try IgnorePattern(pattern))
                    } catch {
                        let at = Self.line(holding: pattern, in: lines, from: line - 1) ?? line
                        throw Fault(line: at, reason: "ignore-patterns: the pattern \u{201C}\(pattern)\u{201D} does not compile: \(error.description)")
                    }
                }
            case "words":
                words = try Self.strings(value, key: key, line: line).map { $0.trimmingCharacters(in: .whitespaces) }
                    .filter { !$0.isEmpty }
            case "check-strings":
                guard let flag = value.bool else { throw Fault(line: line, reason: "check-strings must be true or false") }
                checkStrings = flag
            case "check-identifiers":
                guard let flag = value.bool else { throw Fault(line: line, reason: "check-identifiers must be true or false") }
                checkIdentifiers = flag
            case "minimum-word-length":
                guard let length = value.integer, Self.wordLengths.contains(length) else {
                    throw Fault(line: line, reason: "minimum-word-length must be an integer from \(Self.wordLengths.lowerBound) to \(Self.wordLengths.upperBound)")
                }
                minimumWordLength = length
            case "other-scripts":
                guard let choice = value.string.flatMap(OtherScripts.init(rawValue:)) else {
                    throw Fault(line: line, reason: "other-scripts must be \"skip\" or \"check\"")
                }
                otherScripts = choice
            case "override":
                overrides = try Self.overrides(value, lines: lines)
            default:
                throw Fault(line: line, reason: "unknown key \u{201C}\(key)\u{201D} (known: \(Self.keys.joined(separator: ", ")))")
            }
        }
    }

    private static func overrides(_ value: TOMLItem, lines: [String]) throws(Fault) -> [Override] {
        let headerLines = lines.indices.filter { lines[$0].trimmingCharacters(in: .whitespaces).hasPrefix("[[override]]") }
        guard let array = value.array else {
            throw Fault(line: line(ofKey: "override", in: lines, from: 0), reason: "override must be an array of tables ([[override]])")
        }
        var result: [Override] = []
        for (index, element) in array.enumerated() {
            let header = index < headerLines.count ? headerLines[index] + 1 : line(ofKey: "override", in: lines, from: 0)
            guard let table = element.table else { throw Fault(line: header, reason: "override[\(index)] must be a table") }
            var override = Override(files: [], languages: nil, mode: nil, line: header)
            for (key, value) in table.map({ ($0.key, $0.value) }) {
                let line = Self.line(ofKey: key, in: lines, from: header)
                switch key {
                case "files": override.files = try globs(value, key: "override.files", line: line, lines: lines)
                case "language": override.languages = try languages(value, key: "override.language", line: line)
                case "mode":
                    guard let mode = value.string, modes.contains(mode) else {
                        throw Fault(line: line, reason: "override.mode must be one of \(modes.joined(separator: ", "))")
                    }
                    override.mode = mode
                default:
                    throw Fault(line: line, reason: "unknown key \u{201C}override.\(key)\u{201D} (known: files, language, mode)")
                }
            }
            if override.files.isEmpty { throw Fault(line: header, reason: "override needs files = [\"GLOB\", ...]") }
            result.append(override)
        }
        return result
    }

    private static func strings(_ value: TOMLItem, key: String, line: Int) throws(Fault) -> [String] {
        if let string = value.string { return [string] }
        guard let array = value.array else { throw Fault(line: line, reason: "\(key) must be a string or an array of strings") }
        var result: [String] = []
        for (index, element) in array.enumerated() {
            guard let string = element.string else { throw Fault(line: line, reason: "\(key)[\(index)] must be a string") }
            result.append(string)
        }
        return result
    }

    /// The globs of `key`; one that does not compile is a fault on the line that holds it.
    private static func globs(_ value: TOMLItem, key: String, line: Int, lines: [String]) throws(Fault) -> [PathGlob] {
        var globs: [PathGlob] = []
        for pattern in try strings(value, key: key, line: line) {
            do {
                globs.append(try PathGlob(pattern))
            } catch {
                throw Fault(line: Self.line(holding: pattern, in: lines, from: line - 1) ?? line,
                            reason: "\(key): the glob \u{201C}\(pattern)\u{201D} does not compile: \(error.reason)")
            }
        }
        return globs
    }

    /// The line (from 1) at or after line index `start` that holds `text` quoted, or nil.
    private static func line(holding text: String, in lines: [String], from start: Int) -> Int? {
        let quoted = ["\"\(text)\"", "'\(text)'"]
        return lines.indices.first { $0 >= max(0, start) && quoted.contains(where: lines[$0].contains) }.map { $0 + 1 }
    }

    /// The languages of a `language` key: tags, or one `auto` entry (`"auto"`, `"auto:en_US,de_DE"`, `["auto", "en_US", "de_DE"]`).
    ///
    /// Automatic languages come back as one element, `auto` or
    /// `auto:TAG,...`, the form `--lang auto:...` and the requests take.
    private static func languages(_ value: TOMLItem, key: String, line: Int) throws(Fault) -> [String] {
        var tags = try strings(value, key: key, line: line)
        if tags.isEmpty { throw Fault(line: line, reason: "\(key) must name at least one language") }
        func isAuto(_ tag: String) -> Bool { tag == "auto" || tag.hasPrefix("auto:") }
        let automatic = isAuto(tags[0])
        if automatic {
            let named = tags[0].hasPrefix("auto:") ? tags[0].dropFirst(5).split(separator: ",", omittingEmptySubsequences: false).map(String.init) : []
            if tags[0].hasPrefix("auto:"), tags.count > 1 {
                throw Fault(line: line, reason: "\(key): name the candidates once, in \u{201C}auto:TAG,...\u{201D} or as the list after \u{201C}auto\u{201D}")
            }
            tags = named + tags.dropFirst()
        }
        for tag in tags where tag.isEmpty || tag.contains(where: { $0.isWhitespace || $0 == "," }) || isAuto(tag) {
            let why = isAuto(tag) ? "\u{201C}auto\u{201D} must come first" : "\u{201C}\(tag)\u{201D} is not a language tag"
            throw Fault(line: line, reason: "\(key): \(why)")
        }
        guard automatic else { return tags }
        return [tags.isEmpty ? "auto" : "auto:" + tags.joined(separator: ",")]
    }

    /// The line (from 1) where `key` is set, searching from line index `from`; the first line when not found.
    static func line(ofKey key: String, in lines: [String], from start: Int) -> Int {
        for index in lines.indices where index >= start {
            var line = Substring(lines[index]).drop { $0 == " " || $0 == "\t" }
            if line.hasPrefix("[[") {
                if line.dropFirst(2).hasPrefix(key) { return index + 1 }
                continue
            }
            for quote in ["\"", "'"] where line.hasPrefix(quote) { line = line.dropFirst() }
            guard line.hasPrefix(key) else { continue }
            let rest = line.dropFirst(key.count).drop { $0 == " " || $0 == "\t" || $0 == "\"" || $0 == "'" }
            if rest.hasPrefix("=") { return index + 1 }
        }
        return max(1, min(start, lines.count))
    }

    /// The path of `file` relative to the project folder, or nil when it is outside.
    public func relativePath(of file: String) -> String? {
        let prefix = projectFolder == "/" ? "/" : projectFolder + "/"
        guard file.hasPrefix(prefix) else { return nil }
        return String(file.dropFirst(prefix.count))
    }
}
