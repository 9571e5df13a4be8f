import Foundation

/// What hunspell's `-d` names: the languages to check with, and the folders a dictionary given by path adds to the search path.
///
/// Entries are comma-separated language tags, dictionary file names, or
/// paths without extension. A path's folder joins the search path unless
/// it is on it already (a daemon searches those itself).
public struct IspellDictionarySelection: Equatable, Sendable {
    /// The dictionaries by name, in the order given.
    public var languages: [String]
    /// The folders of dictionaries given by path that `searched` did not hold, each once, standardized.
    public var extraPaths: [String]

    /// Reads `option` (the `-d` value) against the folders already `searched`.
    public init(option: String, searched: [String]) {
        let known = Set(searched.map { URL(fileURLWithPath: $0).standardizedFileURL.path })
        var extraPaths: [String] = []
        languages = option.split(separator: ",").map { entry in
            let value = String(entry)
            guard value.contains("/") else { return value }
            let url = URL(fileURLWithPath: value)
            let folder = url.deletingLastPathComponent().standardizedFileURL.path
            if !known.contains(folder), !extraPaths.contains(folder) { extraPaths.append(folder) }
            return url.lastPathComponent
        }
        self.extraPaths = extraPaths
    }
}
