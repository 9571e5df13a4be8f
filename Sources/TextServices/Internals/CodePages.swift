import CPlatform

// The program's own code pages: the one raw call (`madvise` through CPlatform) that trims them.

/// Gives back the pages of the program's code and read-only data that start-up touched and a long-lived process no longer uses.
public enum CodePages {
    /// Unmaps this process's pages of the program's never-written segments (they stay in the page cache) and
    /// advises them against large folios; returns the bytes released, or nil when the program could not be found.
    ///
    /// A static build's code is one 22 MB mapping, and the layout of lld keeps
    /// 10 MB of read-only data (relocations and symbols that only the loader
    /// reads, the runtime's metadata) in another. The kernel maps them in
    /// large folios, so start-up alone leaves about 14 MB of them resident,
    /// and a daemon's PSS counts all of it while it is the file's only user.
    /// Afterwards only the pages still used are faulted back in. Segments
    /// that hold relocated data are never touched. Call once, when start-up
    /// is over; thread-safe (the pages released are never written).
    @discardableResult
    public static func releaseStartupPages() -> Int? {
        let size = tsv_release_code_pages()
        return size < 0 ? nil : Int(size)
    }
}
