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

    /// `transform` applied to indices `0..<count` on every core, each result handed to `consume` in index order.
    ///
    /// As `map`, but without waiting for the last index: a result is
    /// consumed as soon as it and every result before it are there, by
    /// whichever worker finds them so (one at a time, never two at once),
    /// and each result is dropped once consumed. When `consume` returns
    /// false, nothing more is consumed and the workers take no new index.
    public static func forEach<State, Result: Sendable>(_ count: Int, state: () -> State,
                                                        _ transform: (inout State, Int) -> Result,
                                                        consume: (Int, Result) -> Bool) {
        guard count > 0 else { return }
        let workers = min(count, processors)
        let shared = Mutex(Progress<Result>(results: Array(repeating: nil, count: count)))
        withoutActuallyEscaping(state) { state in
            withoutActuallyEscaping(transform) { transform in
                withoutActuallyEscaping(consume) { consume in
                    let work = Unchecked(state: state, transform: transform)
                    let consumer = UncheckedConsumer(consume: consume)
                    DispatchQueue.concurrentPerform(iterations: workers) { _ in
                        var own = work.state()
                        while let index = shared.withLock({ $0.take(count) }) {
                            let result = work.transform(&own, index)
                            var ready = shared.withLock { $0.handIn(result, at: index) }
                            // This worker consumes what is ready in order until nothing more is, then lets another do it.
                            while !ready.isEmpty {
                                var going = true
                                for item in ready where going { going = consumer.consume(item.index, item.result) }
                                ready = shared.withLock { progress in
                                    if !going { progress.stopped = true }
                                    return progress.nextReady()
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// What `forEach`'s workers share: the next index, the results not yet consumed, and who consumes.
    private struct Progress<Result> {
        var results: [Result?]
        var next = 0
        var consumed = 0
        var consuming = false
        var stopped = false

        /// The next index to work on, or nil when all are taken or the consumer stopped.
        mutating func take(_ count: Int) -> Int? {
            guard !stopped, next < count else { return nil }
            defer { next += 1 }
            return next
        }

        /// Keeps a result; returns what the caller is now to consume (empty when another worker consumes, or nothing is ready).
        mutating func handIn(_ result: Result, at index: Int) -> [(index: Int, result: Result)] {
            results[index] = result
            guard !consuming, !stopped else { return [] }
            let ready = collect()
            consuming = !ready.isEmpty
            return ready
        }

        /// For the consuming worker: the results that became ready meanwhile; when none, it stops consuming.
        mutating func nextReady() -> [(index: Int, result: Result)] {
            let ready = stopped ? [] : collect()
            if ready.isEmpty { consuming = false }
            return ready
        }

        private mutating func collect() -> [(index: Int, result: Result)] {
            var ready: [(index: Int, result: Result)] = []
            while consumed < results.count, let result = results[consumed] {
                ready.append((consumed, result))
                results[consumed] = nil
                consumed += 1
            }
            return ready
        }
    }

    /// The consumer, handed to the workers; only one calls it at a time.
    private struct UncheckedConsumer<Result>: @unchecked Sendable {
        let consume: (Int, Result) -> Bool
    }

    /// The closures, handed to the workers; the caller's closures are called from them concurrently by design.
    private struct Unchecked<State, Result>: @unchecked Sendable {
        let state: () -> State
        let transform: (inout State, Int) -> Result
    }
}
