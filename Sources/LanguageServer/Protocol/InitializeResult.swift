/// `initialize`'s result: what the server can do, and who it is.
///
/// `offsetEncoding` repeats the chosen encoding for clients that offered
/// only clangd's older `offsetEncoding` capability.
struct InitializeResult: Codable, Sendable {
    var capabilities: ServerCapabilities
    var serverInfo: ServerInfo
    var offsetEncoding: String?
}
