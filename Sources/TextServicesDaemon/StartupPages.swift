import Logging
import Synchronization
import TextServices

/// Gives back the code pages start-up mapped: once the daemon listens, and again once it has answered its first request.
///
/// A first connection and a first request do work once (the event loops'
/// and the worker pool's first tasks, a connection's pipeline, the request
/// and response types' metadata, the runtime's lookups) that maps code from
/// all over the binary, as start-up does, and the kernel maps 64 KB around
/// each fault. Given back after the first answer, those pages come back
/// only where serving runs code. Thread-safe.
final class StartupPages: Sendable {
    private let logger: Logger
    private let firstAnswerGiven = Atomic<Bool>(false)

    init(logger: Logger) {
        self.logger = logger
    }

    /// Gives back the pages start-up mapped; call once the daemon listens.
    func listening() {
        release(after: "listening")
    }

    /// Gives back the pages the first request's one-time work mapped; returns whether this call did (only the first does).
    @discardableResult
    func answered() -> Bool {
        guard !firstAnswerGiven.exchange(true, ordering: .relaxed) else { return false }
        release(after: "the first answer")
        return true
    }

    private func release(after moment: String) {
        if let size = CodePages.releaseStartupPages() {
            logger.debug("released the start-up pages of the code mapping", metadata: ["bytes": "\(size)", "after": "\(moment)"])
        }
    }
}
