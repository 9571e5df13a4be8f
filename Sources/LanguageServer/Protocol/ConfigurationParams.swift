/// `workspace/configuration`'s params: the sections the server asks for (only `textsvcd`).
struct ConfigurationParams: Codable, Sendable {
    var items: [ConfigurationItem]
}
