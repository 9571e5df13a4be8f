/// The commands `workspace/executeCommand` accepts.
struct ExecuteCommandOptions: Codable, Sendable {
    var commands: [String]
}
