import Foundation
import SystemPackage
#if canImport(Glibc)
import Glibc
#endif

// Every raw POSIX file call of the domain lives in this file: swift-system's
// descriptors and errno where it has them, the C library for the rest (fsync,
// rename, unlink, flock), with the guarantees durability needs.

/// A failed system call: what it was doing, on which path, and the system's reason.
///
/// The one error type for system calls across textsvcd (files, sockets, locks).
public struct SystemFailure: Error, Equatable, Sendable, CustomStringConvertible {
    public var operation: String
    public var path: String
    public var errno: Errno
    /// Why, in words, when the system's reason for `errno` would not say it.
    public var reason: String?

    public init(_ operation: String, _ path: String, errno: Errno, reason: String? = nil) {
        self.operation = operation
        self.path = path
        self.errno = errno
        self.reason = reason
    }

    /// A failure from an error swift-system threw (an `Errno`), or from the thread's `errno` for any other error.
    public init(_ operation: String, _ path: String, _ error: any Error) {
        self.init(operation, path, errno: (error as? Errno) ?? Errno(rawValue: Glibc.errno))
    }

    /// The failure of the call just made, from the thread's `errno`.
    public static func last(_ operation: String, _ path: String) -> SystemFailure {
        SystemFailure(operation, path, errno: Errno(rawValue: Glibc.errno))
    }

    public var description: String { "\(operation) \(path): \(reason ?? errno.description)" }
}

/// Durable file writes, removals and advisory locks.
public enum FileSystem {
    /// Creates a folder and its parents with a mode (0700 for private data).
    static func makeDirectory(_ path: String, mode: Int = 0o700) throws {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: mode])
    }

    /// Replaces a file's contents atomically and durably.
    ///
    /// Writes a temporary file in the same folder, fsyncs it, renames it over
    /// the target and fsyncs the folder, so that after a crash at any moment
    /// the file holds either the old or the new contents, and once this
    /// returns the new contents survive a crash.
    public static func writeAtomically(_ bytes: [UInt8], to path: String, mode: FilePermissions = [.ownerReadWrite]) throws {
        try writeAtomically(to: path, mode: mode) { sink in try bytes.withUnsafeBytes { try sink($0) } }
    }

    /// Replaces a file's contents atomically and durably with the bytes `produce` hands to its sink, in order.
    ///
    /// As `writeAtomically(_:to:mode:)`, for contents too large to gather in
    /// memory first. When `produce` throws, the temporary file is removed, the
    /// target is left as it was, and the error is thrown again.
    static func writeAtomically(to path: String, mode: FilePermissions = [.ownerReadWrite],
                                _ produce: (_ sink: (UnsafeRawBufferPointer) throws -> Void) throws -> Void) throws {
        let file = try AtomicFile(path: path, mode: mode)
        var offset = 0
        try produce { bytes in
            try file.write(bytes, at: offset)
            offset += bytes.count
        }
        try file.commit()
    }

    /// A file's new contents, written at any offsets into a temporary file in its folder, then put in place atomically.
    ///
    /// For contents whose head is known last: a compiler writes each part as
    /// soon as it is built, frees it, and writes the header that locates the
    /// parts at the end. Bytes never written read as zeros. `commit` fsyncs the
    /// temporary file, renames it over the target and fsyncs the folder (as
    /// `writeAtomically(_:to:mode:)`); a file released without `commit` is
    /// removed and the target left as it was. Used by one thread at a time.
    final class AtomicFile {
        let path: String
        private let temporary: String
        private var descriptor: FileDescriptor?

        /// Creates the temporary file (and the folder); throws `SystemFailure` when it cannot.
        init(path: String, mode: FilePermissions) throws {
            self.path = path
            let folder = (path as NSString).deletingLastPathComponent
            try makeDirectory(folder)
            temporary = "\(path).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
            do {
                descriptor = try FileDescriptor.open(FilePath(temporary), .writeOnly,
                                                     options: [.create, .exclusiveCreate, .closeOnExec], permissions: mode)
            } catch {
                throw SystemFailure("open", temporary, error)
            }
        }

        /// Writes `bytes` at byte `offset` of the new contents.
        func write(_ bytes: UnsafeRawBufferPointer, at offset: Int) throws {
            guard let descriptor else { throw SystemFailure("write", temporary, errno: .badFileDescriptor) }
            do {
                _ = try descriptor.writeAll(toAbsoluteOffset: Int64(offset), bytes)
            } catch {
                throw SystemFailure("write", temporary, error)
            }
        }

        /// Makes the new contents durable and puts them at `path`; the file takes no more writes.
        func commit() throws {
            guard let descriptor else { throw SystemFailure("fsync", temporary, errno: .badFileDescriptor) }
            self.descriptor = nil
            do {
                try descriptor.closeAfter {
                    guard fsync(descriptor.rawValue) == 0 else { throw SystemFailure.last("fsync", temporary) }
                }
            } catch {
                unlink(temporary)
                throw error
            }
            guard rename(temporary, path) == 0 else {
                let failure = SystemFailure.last("rename", path)
                unlink(temporary)
                throw failure
            }
            syncFolder((path as NSString).deletingLastPathComponent)
        }

        deinit {
            guard let descriptor else { return }
            try? descriptor.close()
            unlink(temporary)
        }
    }

    /// A file's bytes, or nil when it does not exist or cannot be read.
    public static func read(_ path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map { [UInt8]($0) }
    }

    /// Whether something is at `path` (a file, a folder, anything), following symbolic links.
    public static func exists(_ path: String) -> Bool {
        (try? Stat(FilePath(path))) != nil
    }

    /// Whether this process may read the file at `path` (`access(2)` with `R_OK`, following symbolic links).
    public static func isReadable(_ path: String) -> Bool {
        access(path, R_OK) == 0
    }

    /// Whether `path` is a folder (following symbolic links).
    public static func isFolder(_ path: String) -> Bool {
        (try? Stat(FilePath(path)))?.type == .directory
    }

    /// A file's permission bits, or nil when it does not exist.
    public static func permissions(of path: String) -> FilePermissions? {
        (try? Stat(FilePath(path)))?.permissions
    }

    /// Removes a file durably: once this returns, the removal survives a crash.
    ///
    /// A file that does not exist is not an error.
    public static func removeDurably(_ path: String) throws {
        if unlink(path) != 0 {
            let failure = SystemFailure.last("unlink", path)
            if failure.errno == .noSuchFileOrDirectory { return }
            throw failure
        }
        syncFolder((path as NSString).deletingLastPathComponent)
    }

    /// Makes a folder's entries (a rename, a removal) durable.
    private static func syncFolder(_ folder: String) {
        guard let descriptor = try? FileDescriptor.open(FilePath(folder), .readOnly, options: [.directory, .closeOnExec])
        else { return }
        _ = fsync(descriptor.rawValue)
        try? descriptor.close()
    }
}

/// What an entry of a folder is, as `lstat` (and `stat` for a link's target) says.
public enum FileEntry: Equatable, Sendable {
    case file(size: Int)
    case folder
    /// A symbolic link, and what its target is (nil when it points nowhere).
    indirect case link(target: FileEntry?)
    /// A symbolic link whose chain loops (`ELOOP`).
    case linkLoop
    /// A device, socket or pipe.
    case other

    /// What is at `path`, not following a final symbolic link (but telling its target); nil when nothing is there.
    public static func at(_ path: String) -> FileEntry? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        if info.st_mode & S_IFMT == S_IFLNK {
            var target = stat()
            if fstatat(AT_FDCWD, path, &target, 0) == 0 { return .link(target: kind(of: target)) }
            return errno == ELOOP ? .linkLoop : .link(target: nil)
        }
        return kind(of: info)
    }

    private static func kind(of info: stat) -> FileEntry {
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file(size: Int(info.st_size))
        case S_IFDIR: return .folder
        default: return .other
        }
    }
}

extension FileSystem {
    /// Whether standard input is a file or a pipe (data to read), not a terminal, `/dev/null` or closed.
    public static var standardInputIsData: Bool {
        var info = stat()
        guard fstat(STDIN_FILENO, &info) == 0 else { return false }
        let type = info.st_mode & S_IFMT
        return type == S_IFREG || type == S_IFIFO || type == S_IFSOCK
    }

    /// The names in a folder (without `.` and `..`), unsorted; throws when it cannot be read.
    ///
    /// With `suffix`, only the names that end with it: the others are passed over as bytes, no string made of them.
    public static func names(inFolder path: String, endingWith suffix: String? = nil) throws(SystemFailure) -> [String] {
        guard let folder = opendir(path) else { throw SystemFailure.last("opendir", path) }
        defer { closedir(folder) }
        let ending = Array((suffix ?? "").utf8)
        var names: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafePointer(to: entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { cName -> String? in
                    if !ending.isEmpty {
                        let length = strlen(cName)
                        guard length >= ending.count, memcmp(cName + (length - ending.count), ending, ending.count) == 0 else { return nil }
                    }
                    return String(cString: cName)
                }
            }
            if let name, name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}

/// What a file is on disk right now: its inode, size and modification time.
///
/// Two stamps differ when the file was replaced (an atomic rename gives a
/// new inode), written, or removed; comparing one costs a `stat`.
public struct FileStamp: Equatable, Sendable {
    var inode: UInt64
    var size: Int64
    var modifiedSeconds: Int
    var modifiedNanoseconds: Int

    /// The stamp of the file at `path`, or nil when there is none.
    public static func of(_ path: String) -> FileStamp? {
        guard let info = try? Stat(FilePath(path)) else { return nil }
        let modified = info.st_mtim
        return FileStamp(inode: UInt64(info.inode.rawValue), size: info.size,
                         modifiedSeconds: Int(modified.tv_sec), modifiedNanoseconds: Int(modified.tv_nsec))
    }
}

/// An exclusive advisory lock (`flock`) on a lock file, shared by every process that writes what it guards.
///
/// Locks are held per open file description and vanish when the holder dies,
/// so a killed process never leaves a stale lock. Not thread-safe; hold one
/// for a short critical section and `release` it (or let it go).
public final class FileLock {
    public let path: String
    private var descriptor: FileDescriptor?

    private init(path: String, descriptor: FileDescriptor) {
        self.path = path
        self.descriptor = descriptor
    }

    /// Takes the lock on `path` (creating the file, 0600); waits for another holder unless `wait` is false.
    ///
    /// Returns nil when `wait` is false and another process holds it.
    public static func acquire(_ path: String, wait: Bool = true) throws(SystemFailure) -> FileLock? {
        let descriptor: FileDescriptor
        do {
            try? FileSystem.makeDirectory((path as NSString).deletingLastPathComponent)
            descriptor = try FileDescriptor.open(FilePath(path), .readWrite, options: [.create, .closeOnExec],
                                                 permissions: [.ownerReadWrite])
        } catch {
            throw SystemFailure("open lock file", path, error)
        }
        while flock(descriptor.rawValue, LOCK_EX | (wait ? 0 : LOCK_NB)) != 0 {
            let failure = SystemFailure.last("lock", path)
            if failure.errno == .interrupted { continue }
            try? descriptor.close()
            if failure.errno == .wouldBlock { return nil }
            throw failure
        }
        return FileLock(path: path, descriptor: descriptor)
    }

    /// Runs `body` holding the lock on `path`, waiting for it first.
    public static func withLock<T>(_ path: String, _ body: () throws -> T) throws -> T {
        let lock = try acquire(path)
        defer { lock?.release() }
        return try body()
    }

    /// Takes the lock on a folder itself, waiting for another holder; no lock file is created.
    ///
    /// For files that live among a user's own files (a repository's
    /// `.textsvcd/words.txt`), where a lock file would be clutter. The folder
    /// must exist.
    public static func acquire(folder: String) throws(SystemFailure) -> FileLock {
        let descriptor: FileDescriptor
        do {
            descriptor = try FileDescriptor.open(FilePath(folder), .readOnly, options: [.directory, .closeOnExec])
        } catch {
            throw SystemFailure("open folder to lock", folder, error)
        }
        while flock(descriptor.rawValue, LOCK_EX) != 0 {
            let failure = SystemFailure.last("lock", folder)
            if failure.errno == .interrupted { continue }
            try? descriptor.close()
            throw failure
        }
        return FileLock(path: folder, descriptor: descriptor)
    }

    /// Runs `body` holding the lock on `folder` (see `acquire(folder:)`), waiting for it first.
    public static func withLock<T>(folder: String, _ body: () throws -> T) throws -> T {
        let lock = try acquire(folder: folder)
        defer { lock.release() }
        return try body()
    }

    /// The process id a holder recorded in a lock file, if any.
    public static func holder(of path: String) -> Int32? {
        guard let bytes = FileSystem.read(path) else { return nil }
        return Int32(String(decoding: bytes.filter { (0x30...0x39).contains($0) }, as: UTF8.self))
    }

    /// Replaces the lock file's contents (the holder's process id, for people).
    public func record(_ text: String) {
        guard let descriptor else { return }
        _ = ftruncate(descriptor.rawValue, 0)
        _ = try? descriptor.writeAll(toAbsoluteOffset: 0, Array(text.utf8))
    }

    public func release() {
        try? descriptor?.close()
        descriptor = nil
    }

    deinit { release() }
}

extension FileSystem {
    /// A path with its symbolic links, `.` and `..` resolved (`realpath(3)`), or the path as given when it does not exist.
    public static func resolved(_ path: String) -> String {
        guard let pointer = realpath(path, nil) else { return path }
        defer { free(pointer) }
        return String(cString: pointer)
    }
}

extension FileSystem {
    /// Why `replace` left a file as it was.
    public enum ReplaceRefusal: Error, Equatable, Sendable, CustomStringConvertible {
        /// The file is no longer there.
        case vanished
        /// The file's bytes are not the ones the caller read.
        case changed
        /// The file may not be written by this user.
        case readOnly
        /// A system call failed (the file is left as it was).
        case failed(SystemFailure)

        public var description: String {
            switch self {
            case .vanished: return "vanished during the run, not changed"
            case .changed: return "changed since it was read, not changed"
            case .readOnly: return "is read-only, not changed"
            case .failed(let failure): return "not changed: \(failure)"
            }
        }
    }

    /// Replaces a file's contents with `bytes` atomically, only if it still holds `expected`.
    ///
    /// The new contents go to a temporary file in the same folder, which
    /// takes the file's mode and owner and is fsynced before it is renamed
    /// over the file (a symbolic link's target is replaced, the link kept);
    /// the folder is fsynced after. The file is compared with `expected`
    /// just before the rename. Throws a `ReplaceRefusal` and leaves the file
    /// untouched when it vanished, changed, is read-only, or a call failed.
    public static func replace(_ path: String, expecting expected: [UInt8], with bytes: [UInt8]) throws(ReplaceRefusal) {
        let target = resolved(path)
        var info = stat()
        guard stat(target, &info) == 0 else { throw Glibc.errno == ENOENT ? .vanished : .failed(.last("stat", path)) }
        guard access(target, W_OK) == 0 else { throw Glibc.errno == ENOENT ? .vanished : .readOnly }
        guard read(target) == expected else { throw FileSystem.exists(target) ? .changed : .vanished }
        let folder = (target as NSString).deletingLastPathComponent
        let temporary = "\(folder)/.\((target as NSString).lastPathComponent).textsvcd-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .failed(.last("open", temporary)) }
        func fail(_ operation: String) -> ReplaceRefusal {
            let failure = SystemFailure.last(operation, temporary)
            close(descriptor)
            unlink(temporary)
            return .failed(failure)
        }
        if info.st_uid != geteuid() || info.st_gid != getegid() {
            guard fchown(descriptor, info.st_uid, info.st_gid) == 0 else { throw fail("fchown") }
        }
        guard fchmod(descriptor, info.st_mode & 0o7777) == 0 else { throw fail("fchmod") }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, bytes.count - written) }
            if count < 0, Glibc.errno == EINTR { continue }
            guard count > 0 else { throw fail("write") }
            written += count
        }
        guard fsync(descriptor) == 0 else { throw fail("fsync") }
        guard close(descriptor) == 0 else {
            let failure = SystemFailure.last("close", temporary)
            unlink(temporary)
            throw .failed(failure)
        }
        var now = stat()
        guard stat(target, &now) == 0, read(target) == expected,
              now.st_ino == info.st_ino, now.st_mtim.tv_sec == info.st_mtim.tv_sec, now.st_mtim.tv_nsec == info.st_mtim.tv_nsec else {
            let vanished = !FileSystem.exists(target)
            unlink(temporary)
            throw vanished ? .vanished : .changed
        }
        guard rename(temporary, target) == 0 else {
            let failure = SystemFailure.last("rename", target)
            unlink(temporary)
            throw .failed(failure)
        }
        syncFolder(folder)
    }
}

extension FileSystem {
    /// Writes all of `bytes` to an open descriptor (standard output, a pipe), going on after interruptions and short writes.
    ///
    /// Throws the failure; with SIGPIPE ignored (`ignoreBrokenPipeSignal()`),
    /// a pipe whose reader went away is `EPIPE` instead of the end of the process.
    public static func writeAll(_ bytes: [UInt8], toDescriptor descriptor: Int32) throws(SystemFailure) {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, $0.count - written) }
            if count < 0, Glibc.errno == EINTR { continue }
            guard count > 0 else { throw .last("write", "descriptor \(descriptor)") }
            written += count
        }
    }

    /// Makes a write to a pipe whose reader went away fail with `EPIPE` instead of ending the process (SIGPIPE ignored).
    ///
    /// For a command that must finish what it started (an atomic file
    /// replace on another thread) when its output is closed. A program
    /// started afterwards inherits the ignored signal unless its start
    /// resets it (`ExternalProgram` does).
    public static func ignoreBrokenPipeSignal() {
        signal(SIGPIPE, SIG_IGN)
    }
}
