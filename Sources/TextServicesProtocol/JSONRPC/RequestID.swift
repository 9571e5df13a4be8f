/// The `id` that pairs a JSON-RPC request with its response: a number or a string.
///
/// A request may carry `"id": null` (JSON-RPC allows it, though it advises
/// against it); it is answered with a null id. Fractional numbers are kept
/// as they came, so the answer echoes exactly what was sent.
public enum RequestID: Hashable, Sendable, CustomStringConvertible {
    case int(Int)
    case double(Double)
    case string(String)
    case null

    /// The id a message carries, or nil when the value cannot be an id (an object, an array, a boolean, bad Unicode).
    public init?(_ value: JSONValue) {
        switch value {
        case .int(let int): self = .int(int)
        case .double(let double): self = .double(double)
        case .string(let string): self = .string(string)
        case .null: self = .null
        default: return nil
        }
    }

    public var json: JSONValue {
        switch self {
        case .int(let int): return .int(int)
        case .double(let double): return .double(double)
        case .string(let string): return .string(string)
        case .null: return .null
        }
    }

    public var description: String { json.serialized }
}
