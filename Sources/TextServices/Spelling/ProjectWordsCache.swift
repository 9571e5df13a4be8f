import Foundation
import Synchronization

/// Project words files as last read, keyed by path and checked against the file's stamp on every lookup.
///
/// `words(for:)` walks from a path's folder up to the filesystem root with
/// one `stat` per folder (of `FOLDER/.textsvcd/words.txt`); a file whose
/// stamp (inode, size, modification time) matches what was read is not read
/// again. So a change made by any tool, an atomic rename included, is seen by
/// the next lookup, and a lookup with nothing changed costs only the stats.
/// Files that vanished are forgotten. `shared` serves the whole process;
/// tests may make their own. Thread-safe.
public final class ProjectWordsCache: Sendable {
    /// The cache `ProjectWords.nearest(to:)` uses.
    public static let shared = ProjectWordsCache()

    private let files = Mutex<[String: ProjectWordsFile]>([:])

    public init() {}

    /// The project words that apply to a file or folder (see `ProjectWords.startFolder(for:)`).
    public func words(for path: String) -> ProjectWords {
        words(startingAt: ProjectWords.startFolder(for: path))
    }

    /// The project words that apply in a folder (absolute, standardized) and the folders above it.
    func words(startingAt origin: String) -> ProjectWords {
        var found: [ProjectWordsFile] = []
        var folder = origin
        while true {
            let candidate = ProjectWordsFile.path(inProject: folder)
            let stamp = FileStamp.of(candidate)
            if let stamp {
                found.append(file(at: candidate, stamp: stamp))
            } else {
                files.withLock { _ = $0.removeValue(forKey: candidate) }
            }
            guard folder != "/" else { break }
            let parent = (folder as NSString).deletingLastPathComponent
            folder = parent.isEmpty ? "/" : parent
        }
        return ProjectWords(origin: origin, files: found)
    }

    /// The file at `path` as it is now (`stamp` was just taken): from the cache when unchanged, else read again.
    private func file(at path: String, stamp: FileStamp) -> ProjectWordsFile {
        if let cached = files.withLock({ $0[path] }), cached.stamp == stamp { return cached }
        let file = ProjectWordsFile.read(path, stamp: stamp)
        files.withLock { $0[path] = file }
        return file
    }

    /// Adds words to the file at `path` (see `ProjectWordsFile.add(_:to:keepingSorted:)`) and forgets what was read of it.
    @discardableResult
    public func add(_ words: [String], to path: String, keepingSorted: Bool = false) throws(TextServicesError) -> ProjectWordsFile.Addition {
        let addition = try ProjectWordsFile.add(words, to: path, keepingSorted: keepingSorted)
        files.withLock {
            _ = $0.removeValue(forKey: path)
            _ = $0.removeValue(forKey: addition.path)
        }
        return addition
    }
}
