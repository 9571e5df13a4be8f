/// A trace level (LSP `TraceValue`).
enum TraceValue: String, Codable, Sendable {
    case off
    case messages
    case verbose
}
