import Dispatch
import Synchronization

/// Runs Hunspell's suggest on a worker and waits for it only so long; late answers serve the next request.
///
/// `suggestions(for:asFallback:compute:)` starts the work (at most `maximumRunning`
/// words at once, one job per word however many callers ask) and waits up to
/// `budget`, or `fallbackBudget` when the caller asks only because it has no
/// candidate of its own (nil: runs it on the caller's thread, unbounded). A job that finishes later keeps its answer for the next caller
/// (up to `finishedCapacity` words). Thread-safe.
final class BudgetedSuggestions: Sendable {
    let budget: Duration?
    let fallbackBudget: Duration?
    /// One at a time: the dictionary's other Hunspell handle stays free for the spell checks a guess
    /// makes while a slow suggest runs (two jobs held both handles and stalled guesses for 100 ms and more).
    static let maximumRunning = 1
    static let finishedCapacity = 1024

    private final class Job: Sendable {
        let group = DispatchGroup()
        let result = Mutex<[String]?>(nil)
    }
    private struct State {
        var running: [String: Job] = [:]
        var finished: [String: [String]] = [:]
        /// Bumped by `clear`, so jobs started before it do not store their answers.
        var generation = 0
    }
    private let state = Mutex(State())

    /// `fallbackBudget` nil: the same as `budget`.
    init(budget: Duration?, fallbackBudget: Duration? = nil) {
        self.budget = budget
        self.fallbackBudget = budget == nil ? nil : fallbackBudget ?? budget
    }

    /// Hunspell's suggestions for `word` if they are ready within the budget; nil when they are not (yet).
    func suggestions(for word: String, asFallback: Bool = false, compute: @escaping @Sendable () -> [String]) -> [String]? {
        guard budget != nil else { return compute() }
        let budget = asFallback ? fallbackBudget : budget
        let job: Job? = state.withLock { state -> Job? in
            if state.finished[word] != nil { return nil }
            if let running = state.running[word] { return running }
            guard state.running.count < Self.maximumRunning else { return nil }
            let job = Job()
            job.group.enter()
            state.running[word] = job
            let generation = state.generation
            DispatchQueue.global(qos: .utility).async { [self] in
                let found = compute()
                job.result.withLock { $0 = found }
                self.state.withLock { state in
                    state.running[word] = nil
                    guard state.generation == generation else { return }
                    if state.finished.count >= Self.finishedCapacity { state.finished.removeAll(keepingCapacity: true) }
                    state.finished[word] = found
                }
                job.group.leave()
            }
            return job
        }
        if let done = state.withLock({ $0.finished[word] }) { return done }
        guard let job, let budget else { return nil }
        let components = budget.components
        let nanoseconds = Int(components.seconds) * 1_000_000_000 + Int(components.attoseconds / 1_000_000_000)
        guard nanoseconds > 0, job.group.wait(timeout: .now() + .nanoseconds(nanoseconds)) == .success else { return nil }
        return job.result.withLock { $0 }
    }

    /// Waits for every running job (for tests and orderly shutdown).
    func waitForRunning() {
        for job in state.withLock({ Array($0.running.values) }) { job.group.wait() }
    }

    /// Forgets finished answers (the dictionary's words changed).
    func clear() {
        state.withLock { state in
            state.finished.removeAll()
            state.generation += 1
        }
    }
}
