import TextServicesProtocol

/// `workspace/executeCommand`'s params: one of the server's commands and its arguments, as its code actions gave them.
struct ExecuteCommandParams: Codable, Sendable {
    var command: String
    var arguments: [JSONValue]?

    /// The arguments as a command's typed form; -32602 on `arguments` with `reason` when they do not fit.
    func decodeArguments<Arguments: Decodable>(_ type: Arguments.Type, _ reason: String) throws(ServiceError) -> Arguments {
        do {
            return try JSONValueDecoder().decode(type, from: .array(arguments ?? []))
        } catch {
            throw .invalidParams(field: "arguments", reason)
        }
    }
}
