import CPlatform

// The C library's allocator: the one raw call TextServices makes to it.

/// Hands memory freed after a large build back to the operating system.
public enum AllocatorTrim {
    /// Returns free heap pages to the system (glibc `malloc_trim`); a no-op elsewhere.
    ///
    /// Call after building a large structure from many temporary allocations.
    public static func releaseFreeMemory() {
        _ = tsv_release_free_memory()
    }
}
