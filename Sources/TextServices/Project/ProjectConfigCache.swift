import Foundation
import Synchronization

/// Config files as last read, keyed by path and checked against the file's stamp on every lookup.
///
/// As `ProjectWordsCache` does for words files: `configs(for:)` costs one
/// `stat` per folder up to the root, and a file is parsed again only when it
/// changed, so every door sees edits without a restart. Thread-safe.
public final class ProjectConfigCache: Sendable {
    /// The cache `Project.nearest(to:)` uses.
    public static let shared = ProjectConfigCache()

    private let files = Mutex<[String: ProjectConfig]>([:])

    public init() {}

    /// The config files that apply to a file or folder, nearest first.
    public func configs(for path: String) -> [ProjectConfig] {
        configs(startingAt: ProjectWords.startFolder(for: path))
    }

    /// The config files that apply in a folder (absolute, standardized) and the folders above it, nearest first.
    func configs(startingAt origin: String) -> [ProjectConfig] {
        var found: [ProjectConfig] = []
        var folder = origin
        while true {
            let candidate = ProjectConfig.path(inProject: folder)
            if let stamp = FileStamp.of(candidate) {
                if let cached = files.withLock({ $0[candidate] }), cached.stamp == stamp {
                    found.append(cached)
                } else {
                    let config = ProjectConfig.read(candidate, stamp: stamp)
                    files.withLock { $0[candidate] = config }
                    found.append(config)
                }
            } else {
                files.withLock { _ = $0.removeValue(forKey: candidate) }
            }
            guard folder != "/" else { break }
            let parent = (folder as NSString).deletingLastPathComponent
            folder = parent.isEmpty ? "/" : parent
        }
        return found
    }
}
