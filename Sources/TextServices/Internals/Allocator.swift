import CPlatform

// The C library's allocator: the raw calls TextServices makes to it.

/// Hands memory freed after a large build back to the operating system.
public enum AllocatorTrim {
    /// Returns free heap pages to the system (glibc `malloc_trim`); a no-op elsewhere.
    ///
    /// Call after building a large structure from many temporary allocations.
    public static func releaseFreeMemory() {
        _ = tsv_release_free_memory()
    }

    /// Makes every later allocation of at least `bytes` a mapping of its own, which goes back to the system when freed
    /// (glibc `mallopt(M_MMAP_THRESHOLD)`); a no-op elsewhere. Process-wide and kept until the process ends.
    ///
    /// glibc raises the threshold to the size of each mapped block freed (up
    /// to 32 MiB), after which such blocks come from the heap and their pages
    /// stay in the process when freed, until a trim: a compile's arrays and
    /// texts of megabytes, freed and made again through its phases, were tens
    /// of MB of its peak that no live structure held.
    public static func mapAllocations(from bytes: Int) {
        _ = tsv_map_allocations_from(Int64(bytes))
    }
}
