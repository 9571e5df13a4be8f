/// An error a request answers with, carrying a JSON-RPC code from the contract.
///
/// Transports turn it into an error response; nothing here is fatal to the
/// process or the connection.
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

    public static func unknownLanguage(_ language: String, available: [String]) -> ServiceError {
        ServiceError(code: -32001, message: "Unknown or unavailable language: \(language)",
                     data: ["language": .string(language), "available": .strings(available)])
    }

    public static func invalidRegex(offset: Int, line: Int, reason: String) -> ServiceError {
        ServiceError(code: -32002, message: "Invalid regular expression at line \(line), offset \(offset): \(reason)",
                     data: ["offset": .int(offset), "line": .int(line), "reason": .string(reason)])
    }

    public static func regexLimit(_ limit: String) -> ServiceError {
        ServiceError(code: -32003, message: "Regular expression exceeded its \(limit) limit",
                     data: ["limit": .string(limit)])
    }

    public static func tooLarge(_ what: String, limit: Int) -> ServiceError {
        ServiceError(code: -32004, message: "\(what) is too large (limit \(limit) bytes)", data: ["limit": .int(limit)])
    }

    public static func invalidPosition(field: String, _ reason: String) -> ServiceError {
        ServiceError(code: -32005, message: "Invalid position or range in '\(field)': \(reason)",
                     data: ["field": .string(field)])
    }

    public static func noSuchPasteboard(_ name: String) -> ServiceError {
        ServiceError(code: -32006, message: "No such pasteboard or item: \(name)", data: ["name": .string(name)])
    }
}
