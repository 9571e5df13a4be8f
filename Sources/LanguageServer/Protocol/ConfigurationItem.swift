/// One configuration section the server asks the client for.
struct ConfigurationItem: Codable, Sendable {
    var section: String
}
