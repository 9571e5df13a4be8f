import Synchronization

/// What applies to each file of one run over a tree, each folder's words files and configs looked up once.
///
/// `Project.nearest(to:)` checks every words file and config from a file's
/// folder up to the root against their stamps on every call, so that an
/// editor or a daemon sees an edit at once. A run over a tree sees the tree
/// as it was when the run started: it asks once a folder, and the files of
/// that folder share the answer. Thread-safe.
public final class ProjectLookup: Sendable {
    private let folders = Mutex<[String: (words: ProjectWords, configs: [ProjectConfig])]>([:])

    /// The standardized form of each folder as the run's paths name it (`t/t3434/`), with what applies in it.
    private let given = Mutex<[Substring: (standardized: String, words: ProjectWords, configs: [ProjectConfig])]>([:])

    public init() {}

    /// What applies to a file or folder, as `Project.nearest(to:)` found it for the first file of its folder.
    ///
    /// A plain file (no link, no folder) in a folder the run has named before costs one `lstat`: its
    /// standardized path is the folder's with its name appended, as `PathStandardizer` would make it.
    public func nearest(to path: String) -> Project {
        let slash = path.utf8.lastIndex(of: UInt8(ascii: "/"))
        // The folder as named, with its slash (`t/`, `/`; `` for the current folder).
        let folderName = slash.map { path[...$0] } ?? ""
        let name = slash.map { path[path.index(after: $0)...] } ?? path[...]
        let plain = !name.isEmpty && name != "." && name != ".."
        if plain, let known = given.withLock({ $0[folderName] }), case .file = FileEntry.at(path) {
            let absolute = known.standardized == "/" ? "/" + name : known.standardized + "/" + name
            return Project(words: known.words, configs: known.configs, path: absolute)
        }
        let absolute = Project.standardizedPath(path)
        let folder = ProjectWords.startFolder(forStandardized: absolute)
        let found: (words: ProjectWords, configs: [ProjectConfig])
        if let known = folders.withLock({ $0[folder] }) {
            found = known
        } else {
            found = (ProjectWordsCache.shared.words(startingAt: folder), ProjectConfigCache.shared.configs(startingAt: folder))
            folders.withLock { $0[folder] = found }
        }
        if plain, case .file = FileEntry.at(path), absolute == (folder == "/" ? "/" + name : folder + "/" + name) {
            given.withLock { $0[folderName] = (folder, found.words, found.configs) }
        }
        return Project(words: found.words, configs: found.configs, path: absolute)
    }
}
