import TextServicesProtocol

/// `workspace/executeCommand`'s params: one of the server's commands and its arguments, as its code actions gave them.
struct ExecuteCommandParams: Codable, Sendable {
    var command: String
    var arguments: [JSONValue]?
}
