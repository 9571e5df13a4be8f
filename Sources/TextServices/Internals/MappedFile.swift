import CPlatform
import Foundation
#if canImport(Glibc)
import Glibc
#endif

// The raw C calls behind compiled dictionaries (mmap, mprotect, madvise, pread, posix_fadvise, fstat,
// rename, setpriority, /proc/self/maps), kept in one place.

/// A whole file mapped read-only into memory, unmapped when the last reference goes.
///
/// The mapping is shared with every other process that maps the same file:
/// its pages live once in the page cache. Thread-safe (read-only).
final class MappedFile: @unchecked Sendable {
    let path: String
    /// The first byte of the mapping; nil for an empty file.
    let base: UnsafeRawPointer?
    let count: Int
    /// The file's identity when it was mapped.
    let identity: FileIdentity
    /// The open file, for reading it without the mapping; -1 for an anonymous copy.
    private let descriptor: Int32

    /// Maps the file at `path` read-only; nil when it is missing, not a regular file, or cannot be mapped.
    ///
    /// The mapping is advised random (no read-ahead) and not to be mapped
    /// with huge pages: ext4 keeps files in large page-cache folios, and
    /// without the advice the first touch of a folio maps all of it (up to
    /// 2 MB), which counts in this process's PSS.
    init?(path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            return nil
        }
        self.path = path
        self.count = Int(status.st_size)
        self.identity = FileIdentity(status)
        self.descriptor = descriptor
        _ = posix_fadvise(descriptor, 0, 0, POSIX_FADV_RANDOM)
        if count == 0 {
            base = nil
            return
        }
        let address = mmap(nil, count, PROT_READ, MAP_SHARED, descriptor, 0)
        guard let address, address != MAP_FAILED else {
            close(descriptor)
            return nil
        }
        _ = madvise(address, count, MADV_RANDOM)
        _ = madvise(address, count, MADV_NOHUGEPAGE)
        base = UnsafeRawPointer(address)
    }

    /// A private anonymous mapping holding a copy of `bytes` (for checking a file's contents without a file).
    init?(copying bytes: [UInt8], path: String) {
        self.path = path
        self.count = bytes.count
        self.identity = FileIdentity(device: 0, inode: 0, size: Int64(bytes.count), modified: 0)
        self.descriptor = -1
        guard !bytes.isEmpty else {
            base = nil
            return
        }
        let address = mmap(nil, bytes.count, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0)
        guard let address, address != MAP_FAILED else { return nil }
        bytes.withUnsafeBytes { address.copyMemory(from: $0.baseAddress!, byteCount: bytes.count) }
        _ = mprotect(address, bytes.count, PROT_READ)
        base = UnsafeRawPointer(address)
    }

    deinit {
        if let base { munmap(UnsafeMutableRawPointer(mutating: base), count) }
        if descriptor >= 0 { close(descriptor) }
    }

    /// The `ContentHash` of the bytes in `range`, read with `pread` rather than through the mapping; nil on a read error.
    ///
    /// Reading does not map pages into this process, so checking a whole
    /// file costs no resident memory; with random-access advice the page
    /// cache keeps it in small folios, which later lookups map one by one.
    func hash(_ range: Range<Int>) -> ContentHash? {
        guard range.lowerBound >= 0, range.upperBound <= count else { return nil }
        guard descriptor >= 0 else {
            return base.map { ContentHash(UnsafeRawBufferPointer(start: $0 + range.lowerBound, count: range.count)) }
                ?? ContentHash(UnsafeRawBufferPointer(start: nil, count: 0))
        }
        var hasher = ContentHasher()
        let chunk = 1 << 20
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunk, alignment: 16)
        defer { buffer.deallocate() }
        var position = range.lowerBound
        while position < range.upperBound {
            let wanted = min(chunk, range.upperBound - position)
            let read = pread(descriptor, buffer.baseAddress, wanted, off_t(position))
            if read < 0, errno == EINTR { continue }
            guard read > 0 else { return nil }
            hasher.update(UnsafeRawBufferPointer(rebasing: buffer[0..<read]))
            position += read
        }
        return hasher.finish()
    }

    /// Copies `count` bytes at `offset` of the file into `destination` with `pread`; false when they are not all read.
    ///
    /// Maps nothing into this process: a one-off look-up reads its few bytes
    /// through the page cache, where a read through the mapping would map
    /// the 64 KB around them (the kernel's fault-around, which no access
    /// advice turns off) into this process's PSS. An anonymous copy is read
    /// from memory.
    func read(_ destination: UnsafeMutableRawPointer, count wanted: Int, at offset: Int) -> Bool {
        guard offset >= 0, wanted >= 0, offset <= count - wanted else { return false }
        guard descriptor >= 0 else {
            if wanted > 0, let base { destination.copyMemory(from: base + offset, byteCount: wanted) }
            return true
        }
        var done = 0
        while done < wanted {
            let read = pread(descriptor, destination + done, wanted - done, off_t(offset + done))
            if read < 0, errno == EINTR { continue }
            guard read > 0 else { return false }
            done += read
        }
        return true
    }

    /// Unmaps this process's pages of the file, which stay in the page cache; the next read through the mapping maps its page again.
    ///
    /// For a file a long-lived process reads in bursts: each burst maps the
    /// 64 KB around every page it reads (the kernel's fault-around), and the
    /// process's PSS counts them until it ends. Nothing is done for an
    /// anonymous copy, whose pages are the only copy. Thread-safe: a reader
    /// on another thread maps its page again on its next access (a minor fault).
    func releaseResidentPages() {
        guard descriptor >= 0, let base else { return }
        _ = madvise(UnsafeMutableRawPointer(mutating: base), count, MADV_DONTNEED)
    }

    /// Asks the kernel to drop a file's pages from the page cache (they must be written back already).
    ///
    /// The next reader then loads them in small folios under its own access advice.
    static func dropCachedPages(path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = posix_fadvise(descriptor, 0, 0, POSIX_FADV_DONTNEED)
        close(descriptor)
    }

    var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }
}

/// What identifies a file's version cheaply: device, inode, size, modification and status-change times.
///
/// The status-change time (ctime) cannot be set back by a program: any
/// write or `touch` moves it, so an unchanged identity means unchanged bytes
/// short of a fault in the storage itself.
struct FileIdentity: Hashable, Sendable, CustomStringConvertible {
    var device: UInt64
    var inode: UInt64
    var size: Int64
    var modified: Int64
    var changed: Int64 = 0

    init(_ status: stat) {
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
        size = Int64(status.st_size)
        modified = Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
        changed = Int64(status.st_ctim.tv_sec) * 1_000_000_000 + Int64(status.st_ctim.tv_nsec)
    }

    init(device: UInt64, inode: UInt64, size: Int64, modified: Int64) {
        self.device = device
        self.inode = inode
        self.size = size
        self.modified = modified
    }

    var description: String { "\(device):\(inode):\(size):\(modified):\(changed)" }

    /// The identity of the file at `path`; nil when it does not exist.
    static func of(_ path: String) -> FileIdentity? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return FileIdentity(status)
    }
}

/// Low-level process and library facts compiled dictionaries depend on.
enum SystemFacts {
    /// Lowers this process's (or thread's) scheduling priority by `niceness` (1-19).
    static func lowerPriority(_ niceness: Int32) {
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, niceness)
    }

    /// The path, size and modification time of the shared library that holds `symbol`, as text.
    ///
    /// A compiled dictionary's verdicts are Hunspell's, so an upgraded
    /// libhunspell must invalidate it; this names the library's version cheaply.
    static func libraryIdentity(containing symbol: UnsafeRawPointer) -> String {
        // `dladdr` (through CPlatform) names the object in microseconds; reading and splitting /proc/self/maps, the
        // fallback, took about a tenth of a fresh `check`'s start.
        var buffer = [CChar](repeating: 0, count: 4096)
        if tsv_object_path_of(symbol, &buffer, Int32(buffer.count)) == 0 {
            let path = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if let identity = FileIdentity.of(path) { return "\(path):\(identity.size):\(identity.modified)" }
        }
        return libraryIdentityFromMaps(containing: symbol)
    }

    /// `libraryIdentity(containing:)` as /proc/self/maps gives it: the file mapped at the symbol's address.
    static func libraryIdentityFromMaps(containing symbol: UnsafeRawPointer) -> String {
        let address = UInt(bitPattern: symbol)
        // Read to the end: Foundation's String(contentsOfFile:) stops after one page of a /proc file, which
        // reports its size as 0, and a Swift process's map is longer than a page.
        guard let handle = FileHandle(forReadingAtPath: "/proc/self/maps") else { return "unknown" }
        defer { try? handle.close() }
        guard let data = try? handle.readToEnd(), let maps = String(data: data, encoding: .utf8) else { return "unknown" }
        var found: String?
        for line in maps.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count >= 6, let dash = fields[0].firstIndex(of: "-"),
                  let low = UInt(fields[0][..<dash], radix: 16),
                  let high = UInt(fields[0][fields[0].index(after: dash)...], radix: 16) else { continue }
            if address >= low, address < high {
                found = fields[5...].joined(separator: " ")
                break
            }
        }
        guard let path = found else { return "unknown" }
        let resolved = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? path
        guard let identity = FileIdentity.of(path) else { return resolved }
        return "\(resolved):\(identity.size):\(identity.modified)"
    }

    /// The process's page size in bytes.
    static var pageSize: Int { Int(sysconf(Int32(_SC_PAGESIZE))) }
}
