import Foundation
import Synchronization

/// `NSString.standardizingPath` for many files of few folders: each folder resolved once a second, not once a file.
///
/// On Linux, standardizing a path resolves its symbolic links with a
/// `readlink` a component (a tenth of a whole-tree `check`'s work went
/// there). A path's folder is standardized once and remembered for
/// `freshness`; its last component is appended as it is unless it is `.`,
/// `..` or a symbolic link (then the whole path is standardized). A folder
/// whose link changes is seen within `freshness`. Thread-safe.
enum PathStandardizer {
    /// How long a folder's standardized form is reused.
    static let freshness: Duration = .seconds(1)
    /// Folders remembered at most; past it, all are forgotten.
    static let capacity = 4096

    private static let folders = Mutex<[String: (standardized: String, at: ContinuousClock.Instant)]>([:])

    /// The standardized form of an absolute path (as `NSString.standardizingPath` gives it).
    static func standardized(_ absolute: String) -> String {
        guard let slash = absolute.utf8.lastIndex(of: UInt8(ascii: "/")), slash != absolute.utf8.startIndex else {
            return (absolute as NSString).standardizingPath
        }
        let folder = String(absolute[..<slash])
        let name = String(absolute[absolute.index(after: slash)...])
        guard !name.isEmpty, name != ".", name != ".." else { return (absolute as NSString).standardizingPath }
        let now = ContinuousClock.now
        let known = folders.withLock { folders -> String? in
            guard let entry = folders[folder], now - entry.at < freshness else { return nil }
            return entry.standardized
        }
        let standardizedFolder: String
        if let known {
            standardizedFolder = known
        } else {
            standardizedFolder = (folder as NSString).standardizingPath
            folders.withLock { folders in
                if folders.count >= capacity { folders.removeAll(keepingCapacity: true) }
                folders[folder] = (standardizedFolder, now)
            }
        }
        let joined = standardizedFolder == "/" ? "/" + name : standardizedFolder + "/" + name
        if case .link = FileEntry.at(joined) { return (absolute as NSString).standardizingPath }
        return joined
    }
}
