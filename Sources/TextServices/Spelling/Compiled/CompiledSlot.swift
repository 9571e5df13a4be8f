import Synchronization

/// The compiled form a dictionary uses, readable without a lock.
///
/// A newer form replaces the current one atomically; replaced forms stay
/// mapped until the slot goes (readers may still hold them, and a process
/// attaches few). Thread-safe.
final class CompiledSlot: Sendable {
    private let current = Atomic<UInt>(0)
    private let kept = Mutex<[CompiledDictionary]>([])

    /// The form in use, if any.
    @inline(__always)
    func load() -> CompiledDictionary? {
        let bits = current.load(ordering: .acquiring)
        guard bits != 0, let pointer = UnsafeRawPointer(bitPattern: bits) else { return nil }
        return Unmanaged<CompiledDictionary>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// Makes `compiled` the form in use.
    func store(_ compiled: CompiledDictionary) {
        kept.withLock { $0.append(compiled) }
        current.store(UInt(bitPattern: Unmanaged.passUnretained(compiled).toOpaque()), ordering: .releasing)
    }
}
