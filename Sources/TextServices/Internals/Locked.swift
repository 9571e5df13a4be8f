import Synchronization

/// A value behind a mutex, in a class so that it can live in arrays and be shared.
///
/// Thread-safe: every access goes through `withLock`.
final class Locked<Value>: @unchecked Sendable {
    private let mutex: Mutex<Value>

    init(_ value: sending Value) {
        mutex = Mutex(value)
    }

    func withLock<Result, E: Error>(_ body: (inout sending Value) throws(E) -> sending Result) throws(E) -> sending Result {
        try mutex.withLock(body)
    }

    /// Runs `body` only if the lock is free right now; nil otherwise.
    func withLockIfAvailable<Result, E: Error>(_ body: (inout sending Value) throws(E) -> sending Result) throws(E) -> sending Result? {
        try mutex.withLockIfAvailable(body)
    }
}
