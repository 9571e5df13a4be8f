/// `client/registerCapability`'s params: the capabilities the server registers after `initialize`.
struct RegistrationParams: Codable, Sendable {
    var registrations: [Registration]
}
