import CPlatform

/// Cache-line prefetch hints for tables probed at random (the word memo), so several misses overlap.
enum Prefetch {
    /// Hints that the memory at `address` is read soon; never faults, costs one instruction.
    @inline(__always)
    static func read(_ address: UnsafeRawPointer) {
        tsv_prefetch(address)
    }
}
