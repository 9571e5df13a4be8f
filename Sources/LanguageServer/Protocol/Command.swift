/// A command the client runs through `workspace/executeCommand`, with its title and arguments.
struct Command: Codable, Sendable {
    var title: String
    var command: String
    var arguments: [String]
}
