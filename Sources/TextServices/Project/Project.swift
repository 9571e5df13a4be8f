import Foundation

/// What a project says about one file: the words files and settings found walking up from it.
///
/// The one place every door (check, the language server, the ispell pipe)
/// learns what applies to a file: `nearest(to:)` reads `.textsvcd/words.txt`
/// and `.textsvcd/config.toml` in the file's folder and the folders above
/// (see `ProjectWords`, `ProjectConfig`, `ProjectSettings`), through
/// process-wide caches checked against file stamps on every lookup, so edits
/// are seen without a restart. `checker(_:adding:)` composes a door's spell
/// checker with the project's words and the config's `words`. A broken
/// config is in `errors`, which a door must show as an error (it is never
/// ignored silently); a words file's problems are warnings (`problems`).
/// A value; thread-safe.
public struct Project: Sendable {
    /// The project words that apply.
    public let words: ProjectWords
    /// The config files that apply, nearest first.
    public let configs: [ProjectConfig]
    /// The settings in force for the file.
    public let settings: ProjectSettings
    /// The config's `words`, in the spellings they are accepted in.
    private let configSpellings: AcceptedSpellings

    public init(words: ProjectWords, configs: [ProjectConfig] = [], path: String = "/") {
        self.words = words
        self.configs = configs
        self.settings = ProjectSettings(configs: configs, for: path)
        self.configSpellings = AcceptedSpellings(settings.words.map(\.value))
    }

    /// What applies to a file or folder now (a relative path is taken from the current directory).
    public static func nearest(to path: String) -> Project {
        let absolute = standardizedPath(path)
        let folder = ProjectWords.startFolder(forStandardized: absolute)
        return Project(words: ProjectWordsCache.shared.words(startingAt: folder),
                       configs: ProjectConfigCache.shared.configs(startingAt: folder), path: absolute)
    }

    /// The absolute, standardized form of a path (relative paths from the current directory).
    ///
    /// Standardized once (it resolves symbolic links, a readlink a component, its folder remembered): both searches
    /// for words files and configs start from its folder.
    static func standardizedPath(_ path: String) -> String {
        PathStandardizer.standardized(path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path)
    }

    /// What could not be read in the project's words files, one line each (`PATH:LINE: why`), for the door to show once.
    public var problems: [String] { words.problems }

    /// The faults of broken config files (`PATH:LINE: why`): errors, which the door reports as such.
    public var errors: [String] { settings.errors }

    /// Which files were read, and in what state: equal signatures mean the same project.
    public var signature: [String] {
        words.signature + configs.map { config in
            guard let stamp = config.stamp else { return config.path }
            return "\(config.path)@\(stamp.inode):\(stamp.size):\(stamp.modifiedSeconds).\(stamp.modifiedNanoseconds)"
        }
    }

    /// The spellings a checker accepts beyond its dictionaries: the project's words, the config's and `extra` (a door's own list).
    public func spellings(adding extra: AcceptedSpellings = AcceptedSpellings()) -> AcceptedSpellings {
        var spellings = extra
        spellings.formUnion(words.spellings)
        spellings.formUnion(configSpellings)
        return spellings
    }

    /// Whether a project word or a config word accepts `word` (in the spellings learned words are accepted in).
    public func accepts(_ word: String) -> Bool {
        words.accepts(word) || configSpellings.contains(word)
    }

    /// A checker that also accepts the project's words and `extra`.
    public func checker<Base: WordChecking>(_ base: Base, adding extra: AcceptedSpellings = AcceptedSpellings()) -> AcceptingWords<Base> {
        AcceptingWords(base, spellings: spellings(adding: extra))
    }
}
