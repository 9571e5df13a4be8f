#if canImport(Glibc)
import Glibc
#endif

// The C library's allocator: the one raw call TextServices makes to it.

/// glibc's `malloc_trim` (declared in <malloc.h>, which the Glibc module does not expose).
@_silgen_name("malloc_trim")
private func glibcMallocTrim(_ pad: Int) -> Int32

/// Hands memory freed after a large build back to the operating system.
enum AllocatorTrim {
    /// Returns free heap pages to the system (glibc `malloc_trim`); a no-op elsewhere.
    ///
    /// Call after building a large structure from many temporary allocations.
    static func releaseFreeMemory() {
        #if os(Linux)
        _ = glibcMallocTrim(0)
        #endif
    }
}
