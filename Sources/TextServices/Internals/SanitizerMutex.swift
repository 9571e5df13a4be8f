#if TEXTSVCD_TSAN
#if canImport(Glibc)
import Glibc
#endif

/// Under ThreadSanitizer only: a pthread mutex standing in for `Synchronization.Mutex`.
///
/// On Linux the standard `Mutex` waits on raw futexes, which ThreadSanitizer
/// cannot see, so it reports every access the mutex protects as a race.
/// `scripts/sanitizers thread` builds with `-DTEXTSVCD_TSAN`, and this type,
/// declared in the module, takes the standard one's place in every file, so
/// the races TSan reports are real ones. Same interface as far as this
/// package uses it; never compiled into a normal build.
final class Mutex<Value>: @unchecked Sendable {
    private let lock: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    init(_ initialValue: sending Value) {
        lock = .allocate(capacity: 1)
        pthread_mutex_init(lock, nil)
        value = initialValue
    }

    deinit {
        pthread_mutex_destroy(lock)
        lock.deallocate()
    }

    func withLock<Result, E: Error>(_ body: (inout Value) throws(E) -> Result) throws(E) -> Result {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return try body(&value)
    }

    func withLockIfAvailable<Result, E: Error>(_ body: (inout Value) throws(E) -> Result) throws(E) -> Result? {
        guard pthread_mutex_trylock(lock) == 0 else { return nil }
        defer { pthread_mutex_unlock(lock) }
        return try body(&value)
    }
}
#endif
