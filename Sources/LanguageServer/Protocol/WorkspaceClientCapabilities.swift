/// Whether the client answers `workspace/configuration` and lets the server register file watchers.
struct WorkspaceClientCapabilities: Codable, Sendable {
    var configuration: Bool?
    var didChangeWatchedFiles: DynamicRegistrationCapability?
}
