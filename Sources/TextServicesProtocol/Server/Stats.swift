import OrderedCollections
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Counters and per-method latency percentiles for `stats`.
///
/// Latencies go into log-scale buckets (about 4% apart), so memory stays
/// fixed however many requests are served. Thread-safe.
public final class Stats: Sendable {
    private let started = ContinuousClock.now
    private let state = Mutex(State())

    private struct State {
        var connections = 0
        var totalConnections = 0
        var requests = 0
        var errors = 0
        var methods: [String: Histogram] = [:]
    }

    struct Histogram {
        static let growth = 1.04
        static let bucketCount = 600
        var count = 0
        var failures = 0
        var buckets = [UInt32](repeating: 0, count: bucketCount)

        static func bucket(forMicros micros: Double) -> Int {
            guard micros > 1 else { return 0 }
            return min(bucketCount - 1, Int((log(micros) / log(growth)).rounded(.up)))
        }

        static func upperBound(ofBucket bucket: Int) -> Double { pow(growth, Double(bucket)) }

        mutating func add(micros: Double) {
            count += 1
            buckets[Self.bucket(forMicros: micros)] &+= 1
        }

        func percentile(_ fraction: Double) -> Int {
            guard count > 0 else { return 0 }
            let rank = max(1, Int((Double(count) * fraction).rounded(.up)))
            var seen = 0
            for (index, value) in buckets.enumerated() {
                seen += Int(value)
                if seen >= rank { return Int(Self.upperBound(ofBucket: index).rounded()) }
            }
            return Int(Self.upperBound(ofBucket: Self.bucketCount - 1))
        }
    }

    public init() {}

    public func connectionOpened() {
        state.withLock {
            $0.connections += 1
            $0.totalConnections += 1
        }
    }

    public func connectionClosed() { state.withLock { $0.connections -= 1 } }

    /// Counts an error that happened before a method ran (parse errors and the like).
    public func recordError() {
        state.withLock {
            $0.requests += 1
            $0.errors += 1
        }
    }

    public func record(method: String, elapsed: Duration, failed: Bool) {
        let micros = Double(elapsed.components.seconds) * 1e6 + Double(elapsed.components.attoseconds) / 1e12
        state.withLock {
            $0.requests += 1
            if failed { $0.errors += 1 }
            $0.methods[method, default: Histogram()].add(micros: micros)
            if failed { $0.methods[method]!.failures += 1 }
        }
    }

    /// The counters and percentiles now.
    public func snapshot() -> StatsResponse {
        let uptime = ContinuousClock.now - started
        return state.withLock { state in
            var methods = OrderedDictionary<String, StatsResponse.Method>()
            for name in state.methods.keys.sorted() {
                let histogram = state.methods[name]!
                methods[name] = StatsResponse.Method(count: histogram.count, errors: histogram.failures,
                                                     p50Micros: histogram.percentile(0.5), p90Micros: histogram.percentile(0.9),
                                                     p99Micros: histogram.percentile(0.99))
            }
            return StatsResponse(
                uptimeSeconds: Double(uptime.components.seconds) + Double(uptime.components.attoseconds) / 1e18,
                connections: state.connections, totalConnections: state.totalConnections, requests: state.requests,
                errors: state.errors, methods: methods, processId: Int(getpid()))
        }
    }
}
