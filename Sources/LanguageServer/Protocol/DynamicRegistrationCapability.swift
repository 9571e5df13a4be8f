/// Whether the client lets the server register a capability after `initialize` (`client/registerCapability`).
struct DynamicRegistrationCapability: Codable, Sendable {
    var dynamicRegistration: Bool?
}
