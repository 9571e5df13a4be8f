import Foundation

/// Where a dictionary was found.
public enum DictionarySource: String, Sendable {
    /// `--dictionary-path`, `DICPATH` or `$XDG_DATA_HOME/textsvcd/dictionaries`.
    case user
    /// The `dictionaries/` folder that ships with textsvcd.
    case bundled
    /// `/usr/share/hunspell` and `/usr/share/myspell`.
    case system
}

/// A Hunspell dictionary on disk: a `.aff` and a `.dic` file with the same base name.
public struct DictionaryInfo: Hashable, Sendable {
    public var tag: LanguageTag
    public var source: DictionarySource
    /// The path without extension; `path + ".aff"` and `path + ".dic"` are the files.
    public var path: String
    public var affixPath: String { path + ".aff" }
    public var wordsPath: String { path + ".dic" }
}

/// Why a language could not be loaded.
public struct DictionaryError: Error, CustomStringConvertible, Sendable {
    public var language: String
    public var message: String
    public var available: [String]
    public var description: String { message }
}

/// Finds Hunspell dictionaries in the configured search path.
///
/// The order is `--dictionary-path` and `DICPATH`, then
/// `$XDG_DATA_HOME/textsvcd/dictionaries`, the bundled folder, then the
/// system's hunspell and myspell folders; the first folder holding a tag wins.
public struct DictionaryLocator: Sendable {
    public let searchPath: [(folder: String, source: DictionarySource)]

    public init(configuration: Configuration) {
        var path: [(String, DictionarySource)] = configuration.dictionaryPaths.map { ($0, .user) }
        path.append((configuration.dataHome + "/dictionaries", .user))
        if let bundled = configuration.bundledDictionaries { path.append((bundled, .bundled)) }
        path += configuration.systemDictionaryPaths.map { ($0, .system) }
        self.searchPath = path
    }

    /// Every dictionary found, one per tag (the first in search order), sorted by tag.
    public func available() -> [DictionaryInfo] {
        var found: [LanguageTag: DictionaryInfo] = [:]
        let manager = FileManager.default
        for (folder, source) in searchPath {
            guard let names = try? manager.contentsOfDirectory(atPath: folder) else { continue }
            for name in names.sorted() where name.hasSuffix(".dic") {
                let base = String(name.dropLast(4))
                guard let tag = LanguageTag(dictionaryName: base), found[tag] == nil else { continue }
                let path = folder + "/" + base
                guard manager.isReadableFile(atPath: path + ".aff") else { continue }
                found[tag] = DictionaryInfo(tag: tag, source: source, path: path)
            }
        }
        return found.values.sorted { $0.tag < $1.tag }
    }

    /// The dictionary for a tag or a dictionary's file name, falling back from a bare language (`en`) to a regional one.
    ///
    /// Tags are normalised (`en-us` finds `en_US`); any other name is a
    /// dictionary's file name without extension (`medical` finds
    /// `medical.aff` and `medical.dic`). A bare language prefers the region
    /// named like the language (`de_DE`), then `en_US` for English, then the
    /// first in order. Throws `DictionaryError` naming the files looked for
    /// and the search path.
    public func locate(_ raw: String) throws(DictionaryError) -> DictionaryInfo {
        try locate(raw, among: available())
    }

    /// The dictionary for a tag or a file name among dictionaries already listed (`available()`), as `locate(_:)` chooses.
    ///
    /// For a caller resolving many names at once: the search path is listed
    /// once, not once a name (with a hundred dictionaries installed, a listing
    /// costs about a millisecond). Throws as `locate(_:)`.
    public func locate(_ raw: String, among all: [DictionaryInfo]) throws(DictionaryError) -> DictionaryInfo {
        guard let tag = LanguageTag(dictionaryName: raw) else {
            throw DictionaryError(language: raw, message: "'\(raw)' is neither a language tag nor a dictionary's file name",
                                  available: all.map(\.tag.tag))
        }
        if let chosen = Self.preferred(tag, among: all) {
            try Self.checkReadable(chosen, available: all)
            return chosen
        }
        let folders = searchPath.map(\.folder).joined(separator: ", ")
        throw DictionaryError(
            language: tag.tag,
            message: "no dictionary for '\(raw)': looked for \(tag.tag).aff and \(tag.tag).dic in \(folders)",
            available: all.map(\.tag.tag))
    }

    /// The dictionary `locate(_:among:)` chooses for a name, without checking that its files can be read; nil when none fits.
    public func preferred(_ raw: String, among all: [DictionaryInfo]) -> DictionaryInfo? {
        LanguageTag(dictionaryName: raw).flatMap { Self.preferred($0, among: all) }
    }

    private static func preferred(_ tag: LanguageTag, among all: [DictionaryInfo]) -> DictionaryInfo? {
        if let exact = all.first(where: { $0.tag == tag }) { return exact }
        let sameLanguage = all.filter { $0.tag.language == tag.language }
        guard tag.isLanguageOnly, !sameLanguage.isEmpty else { return nil }
        return sameLanguage.first { $0.tag.tag == "\(tag.language)_\(tag.language.uppercased())" }
            ?? sameLanguage.first { tag.language == "en" && $0.tag.tag == "en_US" }
            ?? sameLanguage[0]
    }

    /// Whether both of a dictionary's files can be read (as `locate` checks before returning it).
    public static func isReadable(_ info: DictionaryInfo) -> Bool {
        let manager = FileManager.default
        return manager.isReadableFile(atPath: info.affixPath) && manager.isReadableFile(atPath: info.wordsPath)
    }

    private static func checkReadable(_ info: DictionaryInfo, available: [DictionaryInfo]) throws(DictionaryError) {
        let manager = FileManager.default
        for file in [info.affixPath, info.wordsPath] where !manager.isReadableFile(atPath: file) {
            throw DictionaryError(language: info.tag.tag, message: "dictionary file \(file) is not readable",
                                  available: available.map(\.tag.tag))
        }
    }
}
