import CPlatform

// The program's own code pages: the one raw call (`madvise` through CPlatform) that trims them.

/// Gives back the pages of the program's code that start-up touched and a long-lived process no longer uses.
public enum CodePages {
    /// Unmaps this process's pages of its code mapping (they stay in the page cache) and advises it against
    /// large folios; returns the mapping's size in bytes, or nil when it could not be found.
    ///
    /// A static build's code is one 30 MB file mapping. The kernel maps it
    /// in large folios, so start-up alone leaves about 14 MB of it resident,
    /// and a daemon's PSS counts all of it while it is the file's only user.
    /// Afterwards only the code still run is faulted back in. Call once, when
    /// start-up is over; thread-safe (the code is never written).
    @discardableResult
    public static func releaseStartupPages() -> Int? {
        let size = tsv_release_code_pages()
        return size < 0 ? nil : Int(size)
    }
}
