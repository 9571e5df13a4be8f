import Foundation

/// What a client's environment decides about spelling: where its dictionaries are, and its default language.
///
/// A door or command that talks to the shared daemon sends it in its
/// handshake, and the daemon answers that client from it
/// (`SpellingService.scoped(to:)`), never from its own environment.
public struct SpellingContext: Hashable, Sendable {
    /// Absolute dictionary folders searched before the bundled and system ones (`--dictionary-path`, then `DICPATH`).
    public var dictionaryPaths: [String]
    /// The language of requests that name none; nil for the service's own.
    public var defaultLanguage: String?

    public init(dictionaryPaths: [String], defaultLanguage: String?) {
        self.dictionaryPaths = dictionaryPaths
        self.defaultLanguage = defaultLanguage
    }

    /// The context this process's environment and options give, with relative folders made absolute.
    public init(_ configuration: Configuration,
                currentDirectory: String = FileManager.default.currentDirectoryPath) {
        dictionaryPaths = configuration.dictionaryPaths.map { path in
            path.hasPrefix("/") ? path : (currentDirectory as NSString).appendingPathComponent(path)
        }
        defaultLanguage = configuration.defaultLanguage
    }
}

extension Configuration {
    /// The language the locale names (`LC_ALL`, else `LC_MESSAGES`, else `LANG`), as a tag: `de_DE` for `de_DE.UTF-8@euro`.
    ///
    /// Nil for `C`, `POSIX` or no locale.
    static func localeLanguage(environment: [String: String]) -> String? {
        for key in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = environment[key], !value.isEmpty else { continue }
            let name = value.prefix { $0 != "." && $0 != "@" }
            guard name != "C", name != "POSIX", !name.isEmpty else { return nil }
            return String(name)
        }
        return nil
    }
}
