/// The settings in force for one file: its project's config files merged, each setting with the file it came from.
///
/// Config files apply from the file's folder up to the root, nearest first:
/// a setting (`language`, `check-strings`, `check-identifiers`,
/// `minimum-word-length`, `other-scripts`, an override's `language` or
/// `mode`) comes from the nearest file that sets it; lists (`exclude`,
/// `ignore-patterns`, `words`) join. A broken file's settings are not used,
/// and its fault is in `errors`. A value; thread-safe.
public struct ProjectSettings: Sendable {
    /// A value and where it was set (`PATH:LINE`).
    public struct Sourced<Value: Sendable>: Sendable {
        public var value: Value
        public var origin: String
    }

    /// The languages to check in, or nil for the door's own default.
    public var languages: Sourced<[String]>?
    /// The mode to read the file in (`ProjectConfig.modes`), or nil for the door's choice.
    public var mode: Sourced<String>?
    /// Whether string literals in code are checked, or nil for the door's default.
    public var checkStrings: Sourced<Bool>?
    /// Whether identifiers in code are checked part by part (false: not checked), or nil for the default (true).
    public var checkIdentifiers: Sourced<Bool>?
    /// The length under which identifier parts and words in code pass, or nil for the checker's defaults.
    public var minimumWordLength: Sourced<Int>?
    /// What is done with words in a script the languages are not written in, or nil for the default (skip).
    public var otherScripts: Sourced<OtherScripts>?
    /// Whether an `exclude` glob matches the file, and which.
    public var excludedBy: Sourced<String>?
    /// Patterns whose matches are not checked.
    public var ignorePatterns: [Sourced<String>] = []
    /// `ignorePatterns` compiled.
    public var patterns: [IgnorePattern] = []
    /// Words accepted as project words.
    public var words: [Sourced<String>] = []
    /// The faults of broken config files (`PATH:LINE: why`).
    public var errors: [String] = []

    /// The settings of `configs` (nearest first) for the file at absolute `path`.
    public init(configs: [ProjectConfig], for path: String) {
        for config in configs {
            if let error = config.error {
                errors.append(error)
                continue
            }
            func origin(_ key: String) -> String { "\(config.path):\(config.lines[key] ?? 1)" }
            let relative = config.relativePath(of: path)
            if let relative {
                for override in config.overrides where override.files.contains(where: { $0.matches(relative) }) {
                    let at = "\(config.path):\(override.line)"
                    if languages == nil, let value = override.languages { languages = Sourced(value: value, origin: at) }
                    if mode == nil, let value = override.mode { mode = Sourced(value: value, origin: at) }
                }
                if excludedBy == nil, let glob = config.exclude.first(where: { $0.matches(relative) }) {
                    excludedBy = Sourced(value: glob.pattern, origin: origin("exclude"))
                }
            }
            if languages == nil, let value = config.languages { languages = Sourced(value: value, origin: origin("language")) }
            if checkStrings == nil, let value = config.checkStrings { checkStrings = Sourced(value: value, origin: origin("check-strings")) }
            if checkIdentifiers == nil, let value = config.checkIdentifiers {
                checkIdentifiers = Sourced(value: value, origin: origin("check-identifiers"))
            }
            if minimumWordLength == nil, let value = config.minimumWordLength {
                minimumWordLength = Sourced(value: value, origin: origin("minimum-word-length"))
            }
            if otherScripts == nil, let value = config.otherScripts {
                otherScripts = Sourced(value: value, origin: origin("other-scripts"))
            }
            ignorePatterns += config.ignorePatterns.map { Sourced(value: $0, origin: origin("ignore-patterns")) }
            patterns += config.compiledPatterns
            words += config.words.map { Sourced(value: $0, origin: origin("words")) }
        }
    }
}
