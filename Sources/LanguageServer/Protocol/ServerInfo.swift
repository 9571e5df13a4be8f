/// The server's name and version, as `initialize` reports them.
struct ServerInfo: Codable, Sendable {
    var name: String
    var version: String
}
