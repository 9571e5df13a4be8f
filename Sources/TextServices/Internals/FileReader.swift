import SystemPackage
#if canImport(Glibc)
import Glibc
#endif

/// Reads whole files with `open(2)`, `fstat(2)` and `read(2)`, into one buffer it keeps from file to file.
///
/// A run over thousands of files (`find`, `check` over a tree) reads each
/// without Foundation's `Data` and the copy out of it, and, reusing the
/// buffer, without touching fresh pages for every file. The array `read`
/// returns shares the buffer: a caller that keeps it past the next `read`
/// keeps its own copy (the reader then starts a new buffer). Not thread-safe:
/// one reader a thread.
public struct FileReader {
    /// Why a path could not be read.
    public enum Failure: Error, Equatable, Sendable {
        case missing
        case folder
        case unreadable(Errno)
    }

    private var buffer: [UInt8] = []

    public init() {}

    /// The bytes of the file at `path`, following symbolic links.
    ///
    /// Throws `.missing` when nothing is there, `.folder` for a folder and
    /// `.unreadable` for any other failure (permission, a read error). A
    /// file that grows while it is read is read to its end.
    public mutating func read(_ path: String) throws(Failure) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Self.failure(errno) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .unreadable(Errno(rawValue: errno)) }
        if status.st_mode & S_IFMT == S_IFDIR { throw .folder }
        buffer.removeAll(keepingCapacity: true)
        // One more byte than the size, so that reaching the end takes one read (and a growing file is noticed).
        var room = max(Int(status.st_size) + 1, 4096)
        while true {
            let start = buffer.count
            buffer.append(contentsOf: repeatElement(0, count: room))
            let got = buffer.withUnsafeMutableBufferPointer { all -> Int in
                let tail = UnsafeMutableRawBufferPointer(rebasing: UnsafeMutableRawBufferPointer(all)[start...])
                var filled = 0
                while filled < tail.count {
                    let count = Glibc.read(descriptor, tail.baseAddress! + filled, tail.count - filled)
                    if count < 0, errno == EINTR { continue }
                    guard count > 0 else { return count < 0 ? -1 : filled }
                    filled += count
                }
                return filled
            }
            guard got >= 0 else {
                let code = errno
                buffer.removeAll(keepingCapacity: true)
                throw .unreadable(Errno(rawValue: code))
            }
            buffer.removeLast(room - got)
            if got < room { return buffer }
            room = max(buffer.count, 4096)
        }
    }

    private static func failure(_ code: Int32) -> Failure {
        code == ENOENT || code == ENOTDIR ? .missing : .unreadable(Errno(rawValue: code))
    }
}
