import Foundation

/// Where textsvcd finds and keeps its files, and the limits it enforces.
///
/// Built once at start-up from the environment and command-line options;
/// immutable afterwards.
public struct Configuration: Sendable {
    /// Extra dictionary folders from `--dictionary-path` and `DICPATH`, searched first.
    public var dictionaryPaths: [String]
    /// `$XDG_DATA_HOME/textsvcd` (default `~/.local/share/textsvcd`).
    public var dataHome: String
    /// The folder of bundled dictionaries, if one was found.
    public var bundledDictionaries: String?
    /// System dictionary folders, searched last.
    public var systemDictionaryPaths: [String]
    /// The language used when a request names none.
    public var defaultLanguage: String
    public var limits: Limits
    /// The folder of compiled dictionaries (`$XDG_CACHE_HOME/textsvcd`); nil to use none
    /// (`TEXTSVCD_NO_COMPILED=1`).
    public var compiledDictionaries: String?
    /// Read-only folders of compiled forms made at install time, searched before `compiledDictionaries`
    /// (`TEXTSVCD_SYSTEM_COMPILED`, colon-separated; else `share/textsvcd/compiled` beside installed bundled dictionaries).
    public var systemCompiledDictionaries: [String] = []
    /// How long a guess waits for Hunspell's own suggestions before answering without them, in a language
    /// without word frequencies, where they come first (`TEXTSVCD_SUGGEST_BUDGET_MS`, default 20 ms).
    public var hunspellSuggestBudget: Duration = .milliseconds(20)
    /// The same wait in a language with word frequencies, where Hunspell is asked only when the ranker has no
    /// candidate at all (`TEXTSVCD_FALLBACK_BUDGET_MS`, default 5 ms; docs/spelling.md).
    public var hunspellFallbackBudget: Duration = .milliseconds(5)

    public init(dictionaryPaths: [String] = [], dataHome: String, bundledDictionaries: String?,
                systemDictionaryPaths: [String] = ["/usr/share/hunspell", "/usr/share/myspell", "/usr/share/myspell/dicts"],
                defaultLanguage: String = "en_US", limits: Limits = Limits()) {
        self.dictionaryPaths = dictionaryPaths
        self.dataHome = dataHome
        self.bundledDictionaries = bundledDictionaries
        self.systemDictionaryPaths = systemDictionaryPaths
        self.defaultLanguage = defaultLanguage
        self.limits = limits
    }

    /// The configuration the environment describes, with extra dictionary folders in front.
    ///
    /// The default language is `TEXTSVCD_LANG`, else the locale's
    /// (`LC_ALL`, `LC_MESSAGES`, `LANG`) when a dictionary has it, else `en_US`.
    public static func fromEnvironment(dictionaryPaths extra: [String] = [],
                                       environment: [String: String] = ProcessInfo.processInfo.environment) -> Configuration {
        var paths = extra
        if let dicpath = environment["DICPATH"], !dicpath.isEmpty {
            paths += dicpath.split(separator: ":").map(String.init)
        }
        let dataRoot: String
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            dataRoot = xdg
        } else {
            dataRoot = (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share"
        }
        var language = "en_US"
        if let value = environment["TEXTSVCD_LANG"], !value.isEmpty { language = value }
        var configuration = Configuration(dictionaryPaths: paths, dataHome: dataRoot + "/textsvcd",
                                          bundledDictionaries: locateBundledDictionaries(environment: environment),
                                          defaultLanguage: language)
        if environment["TEXTSVCD_NO_COMPILED"] != "1" {
            configuration.compiledDictionaries = DictionaryCompiler.defaultFolder(environment: environment)
            configuration.systemCompiledDictionaries = locateSystemCompiled(bundled: configuration.bundledDictionaries,
                                                                            environment: environment)
        }
        if let budget = environment["TEXTSVCD_SUGGEST_BUDGET_MS"].flatMap(Int.init), budget >= 0 {
            configuration.hunspellSuggestBudget = .milliseconds(budget)
        }
        if let budget = environment["TEXTSVCD_FALLBACK_BUDGET_MS"].flatMap(Int.init), budget >= 0 {
            configuration.hunspellFallbackBudget = .milliseconds(budget)
        }
        // Without TEXTSVCD_LANG, the locale's language when a dictionary in the search path has it.
        if (environment["TEXTSVCD_LANG"] ?? "").isEmpty, let locale = localeLanguage(environment: environment),
           let info = try? DictionaryLocator(configuration: configuration).locate(locale) {
            configuration.defaultLanguage = info.tag.tag
        }
        return configuration
    }

    /// The folders of compiled forms an install made: `TEXTSVCD_SYSTEM_COMPILED`, else the installed bundle's sibling.
    ///
    /// `scripts/install` compiles the bundled dictionary into
    /// `PREFIX/share/textsvcd/compiled`, beside `PREFIX/share/textsvcd/dictionaries`.
    /// A checkout's `dictionaries/` folder has none.
    public static func locateSystemCompiled(bundled: String?, environment: [String: String]) -> [String] {
        if let explicit = environment["TEXTSVCD_SYSTEM_COMPILED"] {
            return explicit.split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
        }
        let suffix = "/share/textsvcd/dictionaries"
        guard let bundled, bundled.hasSuffix(suffix) else { return [] }
        return [String(bundled.dropLast(suffix.count)) + "/share/textsvcd/compiled"]
    }

    /// Finds the bundled `dictionaries/` folder.
    ///
    /// Looks at `TEXTSVCD_BUNDLED_DICTIONARIES`, then `share/textsvcd/dictionaries`
    /// beside an installed binary, then the ancestors of the executable (a
    /// checkout running from `.build/`).
    public static func locateBundledDictionaries(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let manager = FileManager.default
        if let explicit = environment["TEXTSVCD_BUNDLED_DICTIONARIES"], manager.fileExists(atPath: explicit) {
            return explicit
        }
        let executable = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
        var candidates: [URL] = []
        if let path = try? manager.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            candidates.append(URL(fileURLWithPath: path).deletingLastPathComponent())
        }
        candidates.append(executable.deletingLastPathComponent())
        for start in candidates {
            let installed = start.deletingLastPathComponent().appendingPathComponent("share/textsvcd/dictionaries")
            if manager.fileExists(atPath: installed.appendingPathComponent("README.md").path) { return installed.path }
            var folder = start
            for _ in 0..<6 {
                let candidate = folder.appendingPathComponent("dictionaries")
                if manager.fileExists(atPath: candidate.appendingPathComponent("README.md").path) { return candidate.path }
                folder = folder.deletingLastPathComponent()
            }
        }
        return nil
    }
}
