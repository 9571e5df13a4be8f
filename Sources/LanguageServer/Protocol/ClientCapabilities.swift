/// What the client can do, as far as this server asks: position encodings, configuration pulls, file watchers.
struct ClientCapabilities: Codable, Sendable {
    var general: GeneralClientCapabilities?
    /// clangd's older name for `general.positionEncodings`.
    var offsetEncoding: [String]?
    var workspace: WorkspaceClientCapabilities?
}
