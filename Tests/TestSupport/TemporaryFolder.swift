import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A new folder under `/tmp` for one test, removed with everything in it when the value is released.
///
/// Keep it for as long as the test uses the folder: as a stored property of a
/// suite (Swift Testing makes a suite instance for each test and releases it
/// when the test ends, passed or failed), or as a local followed by
/// `defer { scratch.remove() }` (a local may be released at its last use, not
/// at the end of its scope). `folder(_:)` makes fresh folders inside it, so
/// one value serves every folder a test needs. A folder a test leaves (a
/// leaked value, a fatal error) is removed when the test process exits.
final class TemporaryFolder: @unchecked Sendable {
    /// The folder's path (`/tmp/textsvcd-LABEL-PID-XXXXXXXX`).
    let path: String
    private let lock = NSLock()
    private var made = 0

    init(_ label: String = "test") {
        path = TemporaryFolders.make(label, forTheRun: false)
    }

    deinit { remove() }

    /// A new empty folder inside this one, unique to the call.
    func folder(_ label: String = "test") -> String {
        let number = lock.withLock {
            made += 1
            return made
        }
        let folder = "\(path)/\(label)-\(number)"
        try! FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Removes the folder and everything in it now (again is harmless).
    func remove() {
        TemporaryFolders.remove(path)
    }
}

/// Runs `body` with a new temporary folder, and removes the folder when `body` returns or throws.
func withTemporaryFolder<Result>(_ label: String = "test", _ body: (String) throws -> Result) rethrows -> Result {
    let scratch = TemporaryFolder(label)
    defer { scratch.remove() }
    return try body(scratch.path)
}

/// Runs `body` with a new temporary folder, and removes the folder when `body` returns or throws.
func withTemporaryFolder<Result>(_ label: String = "test",
                                 _ body: (String) async throws -> Result) async rethrows -> Result {
    let scratch = TemporaryFolder(label)
    defer { scratch.remove() }
    return try await body(scratch.path)
}

/// The test process's temporary folders: made under `/tmp`, removed on request, and whatever is left at exit.
enum TemporaryFolders {
    private static let lock = NSLock()
    /// The folders not removed yet, and whether each is meant to last for the run.
    nonisolated(unsafe) private static var live: [String: Bool] = [:]
    nonisolated(unsafe) private static var exitHandlerInstalled = false

    /// Makes `/tmp/textsvcd-LABEL-PID-XXXXXXXX` and records it for removal at exit.
    static func make(_ label: String, forTheRun: Bool) -> String {
        let path = "/tmp/textsvcd-\(label)-\(getpid())-\(UUID().uuidString.prefix(8))"
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        lock.withLock {
            live[path] = forTheRun
            if !exitHandlerInstalled {
                exitHandlerInstalled = true
                atexit { TemporaryFolders.removeAll() }
            }
        }
        return path
    }

    /// Removes a folder and everything in it, including folders a test made unreadable.
    static func remove(_ path: String) {
        lock.withLock { _ = live.removeValue(forKey: path) }
        if (try? FileManager.default.removeItem(atPath: path)) != nil { return }
        makeRemovable(path)
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Removes every folder still recorded (at exit: folders of the whole run, and any a test left), naming the latter.
    static func removeAll() {
        let left = lock.withLock { live }
        let outlived = left.filter { !$0.value && FileManager.default.fileExists(atPath: $0.key) }.keys.sorted()
        if !outlived.isEmpty {
            FileHandle.standardError.write(Data("textsvcd tests: \(outlived.count) temporary folders outlived their tests, removed at exit: \(outlived.joined(separator: " "))\n".utf8))
        }
        for path in left.keys { remove(path) }
    }

    /// Gives the owner full access to a folder tree, so that it can be removed.
    private static func makeRemovable(_ path: String) {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { return }
        chmod(path, 0o700)
        for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] {
            makeRemovable(path + "/" + name)
        }
    }
}
