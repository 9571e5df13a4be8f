import Dispatch
import Foundation
import Synchronization

/// Catches SIGTERM and SIGINT from the first moment of `serve`, before the server can stop gracefully.
///
/// A signal that arrives while the daemon is still starting (after its
/// socket exists but before the service group runs) is remembered and acted
/// on as soon as `onSignal` is set, instead of killing the process. Thread-safe.
final class ShutdownSignals: @unchecked Sendable {
    private let state = Mutex<State>(State())
    private let sources: [any DispatchSourceSignal]

    private struct State {
        var received: Int32?
        var action: (@Sendable (Int32) -> Void)?
    }

    init(_ signals: [Int32] = [SIGTERM, SIGINT]) {
        var sources: [any DispatchSourceSignal] = []
        for number in signals {
            signal(number, SIG_IGN)
            sources.append(DispatchSource.makeSignalSource(signal: number, queue: .global()))
        }
        self.sources = sources
        for (source, number) in zip(sources, signals) {
            source.setEventHandler { [weak self] in self?.receive(number) }
            source.resume()
        }
    }

    private func receive(_ number: Int32) {
        let action = state.withLock { state -> (@Sendable (Int32) -> Void)? in
            if state.received == nil { state.received = number }
            return state.action
        }
        action?(number)
    }

    /// Sets what a signal does; runs it at once if one already arrived.
    func onSignal(_ action: @escaping @Sendable (Int32) -> Void) {
        let pending = state.withLock { state -> Int32? in
            state.action = action
            return state.received
        }
        if let pending { action(pending) }
    }
}
