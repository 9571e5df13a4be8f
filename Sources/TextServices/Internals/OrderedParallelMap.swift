import Dispatch
import Foundation
import Synchronization

/// Work on every core whose results come back in the order of the inputs.
public enum OrderedParallelMap {
    /// The processors this process may use, read once (`ProcessInfo` reads the control group's quota files at every call).
    public static let processors = max(1, ProcessInfo.processInfo.activeProcessorCount)

    /// `transform` applied to indices `0..<count` on every core; the results in index order.
    ///
    /// Each worker makes its own `state` once (a reusable buffer, say) and
    /// takes the next index until none is left, so a slow item holds up
    /// only its own worker. `transform` runs on several threads at once.
    public static func map<State, Result: Sendable>(_ count: Int, state: () -> State,
                                                    _ transform: (inout State, Int) -> Result) -> [Result] {
        guard count > 0 else { return [] }
        let workers = min(count, processors)
        let results = Mutex<[Result?]>(Array(repeating: nil, count: count))
        let next = Mutex(0)
        withoutActuallyEscaping(state) { state in
            withoutActuallyEscaping(transform) { transform in
                let work = Unchecked(state: state, transform: transform)
                DispatchQueue.concurrentPerform(iterations: workers) { _ in
                    var own = work.state()
                    while true {
                        let index = next.withLock { next in
                            defer { next += 1 }
                            return next
                        }
                        guard index < count else { break }
                        let result = work.transform(&own, index)
                        results.withLock { $0[index] = result }
                    }
                }
            }
        }
        return results.withLock { $0.map { $0! } }
    }

    /// The closures, handed to the workers; the caller's closures are called from them concurrently by design.
    private struct Unchecked<State, Result>: @unchecked Sendable {
        let state: () -> State
        let transform: (inout State, Int) -> Result
    }
}
