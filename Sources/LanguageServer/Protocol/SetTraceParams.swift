/// `$/setTrace`'s params: how much the server should trace (it sends no trace, so the value is only checked).
struct SetTraceParams: Codable, Sendable {
    var value: TraceValue
}
