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

    public init() {}

    /// What applies to a file or folder, as `Project.nearest(to:)` found it for the first file of its folder.
    public func nearest(to path: String) -> Project {
        let absolute = Project.standardizedPath(path)
        let folder = ProjectWords.startFolder(forStandardized: absolute)
        if let known = folders.withLock({ $0[folder] }) { return Project(words: known.words, configs: known.configs, path: absolute) }
        let words = ProjectWordsCache.shared.words(startingAt: folder)
        let configs = ProjectConfigCache.shared.configs(startingAt: folder)
        folders.withLock { $0[folder] = (words, configs) }
        return Project(words: words, configs: configs, path: absolute)
    }
}
