import TextServices

/// An error as the wire carries it: a JSON-RPC code from the contract, a message, and optional data.
///
/// Every door shows it to its user: the socket as an error response, the
/// language server as one too, the command line as a message and exit
/// status 2. Nothing here is fatal to the process or the connection.
public struct ServiceError: Error, Equatable, Sendable, CustomStringConvertible {
    public var code: Int
    public var message: String
    public var data: JSONValue?

    public init(code: Int, message: String, data: JSONValue? = nil) {
        self.code = code
        self.message = message
        self.data = data
    }

    public var description: String { message }

    // MARK: JSON-RPC's own codes

    public static func parseError(_ reason: String) -> ServiceError {
        ServiceError(code: -32700, message: "Parse error: \(reason)")
    }

    public static func invalidRequest(_ reason: String) -> ServiceError {
        ServiceError(code: -32600, message: "Invalid request: \(reason)")
    }

    public static func methodNotFound(_ method: String) -> ServiceError {
        ServiceError(code: -32601, message: "Method not found: \(method)", data: ["method": .string(method)])
    }

    public static func invalidParams(field: String, _ reason: String) -> ServiceError {
        ServiceError(code: -32602, message: "Invalid params: '\(field)' \(reason)", data: ["field": .string(field)])
    }

    public static func internalError(_ reason: String) -> ServiceError {
        ServiceError(code: -32603, message: "Internal error: \(reason)")
    }

    // MARK: The contract's service codes

    public static func tooLarge(_ what: String, limit: Int) -> ServiceError {
        ServiceError(code: -32004, message: "\(what) is too large (limit \(limit) bytes)", data: ["limit": .int(limit)])
    }

    public static func invalidPosition(field: String, _ reason: String) -> ServiceError {
        ServiceError(code: -32005, message: "Invalid position or range in '\(field)': \(reason)",
                     data: ["field": .string(field)])
    }

    /// The wire form of a domain error.
    ///
    /// A pattern's fault offset is reported in bytes; `RegexRequests` maps
    /// `.invalidPattern` itself, to count it in the request's unit.
    public init(_ error: TextServicesError) {
        switch error {
        case .invalidArgument(let argument, let reason):
            self = .invalidParams(field: argument, reason)
        case .invalidPosition(let argument, let reason):
            self = .invalidPosition(field: argument, reason)
        case .unknownLanguage(let language, let reason, let available):
            self.init(code: -32001, message: reason, data: ["language": .string(language), "available": .strings(available)])
        case .invalidPattern(let offset, let line, let reason):
            self = .invalidPattern(offset: offset?.rawValue ?? -1, line: line ?? -1, reason: reason)
        case .patternLimit(.time(let milliseconds)):
            self.init(code: -32003, message: "Regular expression exceeded its time limit of \(milliseconds) ms",
                      data: ["limit": "time", "milliseconds": .int(milliseconds)])
        case .patternLimit(.memory):
            self.init(code: -32003, message: "Regular expression exceeded its backtracking memory limit",
                      data: ["limit": "memory"])
        case .tooLarge(let message, let limit):
            self.init(code: -32004, message: message, data: ["limit": .int(limit)])
        case .noSuchPasteboard(let name, let item?, let count?):
            self.init(code: -32006, message: "No such item: pasteboard '\(name)' holds \(count) item(s), not item \(item)",
                      data: ["name": .string(name), "item": .int(item)])
        case .noSuchPasteboard(let name, _, _):
            self.init(code: -32006, message: "No such pasteboard or item: \(name)", data: ["name": .string(name)])
        case .internalFailure(let reason):
            self = .internalError(reason)
        }
    }

    /// -32002 for a pattern ICU refused, the offset counted in the request's unit (-1 when unknown).
    public static func invalidPattern(offset: Int, line: Int, reason: String) -> ServiceError {
        ServiceError(code: -32002, message: "Invalid regular expression at line \(line), offset \(offset): \(reason)",
                     data: ["offset": .int(offset), "line": .int(line), "reason": .string(reason)])
    }

    /// The daemon could not be reached or stopped answering; made by clients, never sent on the wire.
    public static func daemonUnavailable(_ reason: String) -> ServiceError {
        ServiceError(code: daemonUnavailableCode, message: "The daemon is unavailable: \(reason)")
    }

    static let daemonUnavailableCode = -32099

    /// Whether the request failed because the daemon could not be reached, not because of the request.
    public var isDaemonUnavailable: Bool { code == Self.daemonUnavailableCode }

    /// The wire form of any error a request met: service errors as they are, domain errors mapped, others internal.
    public init(wrapping error: any Error) {
        switch error {
        case let error as ServiceError: self = error
        case let error as TextServicesError: self.init(error)
        case let error as JSONDecodingFailure: self = .invalidParams(field: error.field, error.reason)
        default: self = .internalError(String(describing: error))
        }
    }
}
