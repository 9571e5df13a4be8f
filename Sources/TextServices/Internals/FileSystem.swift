import Foundation
#if canImport(Glibc)
import Glibc
#endif

// The few POSIX file calls that Foundation does not offer with the
// guarantees we need (fsync before rename), kept in one place.

/// Durable file writes.
enum FileSystem {
    struct Failure: Error, CustomStringConvertible {
        var path: String
        var operation: String
        var code: Int32
        var description: String { "\(operation) \(path): \(String(cString: strerror(code)))" }
    }

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
    static func writeAtomically(_ bytes: [UInt8], to path: String, mode: mode_t = 0o600) throws {
        let folder = (path as NSString).deletingLastPathComponent
        try makeDirectory(folder)
        let temporary = "\(path).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw Failure(path: temporary, operation: "open", code: errno) }
        var failure: Failure?
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = Failure(path: temporary, operation: "write", code: errno)
                    return
                }
                offset += written
            }
        }
        if failure == nil, fsync(descriptor) != 0 { failure = Failure(path: temporary, operation: "fsync", code: errno) }
        close(descriptor)
        if let failure {
            unlink(temporary)
            throw failure
        }
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw Failure(path: path, operation: "rename", code: code)
        }
        let folderDescriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderDescriptor >= 0 {
            fsync(folderDescriptor)
            close(folderDescriptor)
        }
    }

    /// A file's bytes, or nil when it does not exist or cannot be read.
    static func read(_ path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map { [UInt8]($0) }
    }
}

extension FileSystem {
    /// Removes a file durably: once this returns, the removal survives a crash.
    ///
    /// A file that does not exist is not an error.
    static func removeDurably(_ path: String) throws {
        if unlink(path) != 0 {
            let code = errno
            if code == ENOENT { return }
            throw Failure(path: path, operation: "unlink", code: code)
        }
        let folder = (path as NSString).deletingLastPathComponent
        let folderDescriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderDescriptor >= 0 {
            fsync(folderDescriptor)
            close(folderDescriptor)
        }
    }
}
