/// `workspace/didChangeConfiguration`'s params: the new settings, or nothing when the client wants them pulled.
///
/// An absent, null or empty `settings` object makes a client that answers
/// `workspace/configuration` ask for the `textsvcd` section instead.
struct DidChangeConfigurationParams: Codable, Sendable {
    var settings: SettingsObject?
}
