import TextServicesProtocol

/// What `hunspell -D` prints: the search path, the dictionaries available, and the ones loaded.
///
/// Paths are absolute and without extension, as Hunspell prints them, so
/// tools that read the report (Emacs's `ispell-find-hunspell-dictionaries`)
/// find each dictionary's `.aff` file beside the path, and the loaded
/// dictionary's `.aff` and `.dic` files.
public enum IspellDictionaryReport {
    /// The report's lines with the dictionaries `client` can load; throws what the client threw.
    public static func lines(client: any TextServicesClient, searchPath: [String], loaded: [String]) throws(ServiceError) -> [String] {
        lines(searchPath: searchPath, available: try client.send(SpellLanguagesRequest()).languages, loaded: loaded)
    }

    /// The report's lines: `searchPath` as folders, `available` in order of preference, `loaded` first one first.
    public static func lines(searchPath: [String], available: [SpellLanguagesRequest.Language],
                             loaded: [String]) -> [String] {
        var lines = ["SEARCH PATH:", searchPath.joined(separator: ":"),
                     "AVAILABLE DICTIONARIES (path is not mandatory for -d option):"]
        var seen = Set<String>()
        for dictionary in available {
            let path = stem(of: dictionary.path)
            if seen.insert(path).inserted { lines.append(path) }
        }
        for tag in loaded {
            guard let dictionary = available.first(where: { $0.tag == tag }) else { continue }
            let path = stem(of: dictionary.path)
            lines += ["LOADED DICTIONARY:", path + ".aff", path + ".dic"]
        }
        return lines
    }

    private static func stem(of path: String) -> String {
        path.hasSuffix(".dic") ? String(path.dropLast(4)) : path
    }
}
