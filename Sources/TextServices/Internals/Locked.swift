import Synchronization

/// A value behind a mutex, in a class so that it can live in arrays and be shared.
///
/// Thread-safe: every access goes through `withLock`.
final class Locked<Value>: @unchecked Sendable {
    private let mutex: Mutex<Value>

    init(_ value: sending Value) {
        mutex = Mutex(value)
    }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        try mutex.withLock { value in
            try body(&value)
        }
    }

    /// Runs `body` only if the lock is free right now; nil otherwise.
    func withLockIfAvailable<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result? {
        try mutex.withLockIfAvailable { value in
            try body(&value)
        }
    }
}
