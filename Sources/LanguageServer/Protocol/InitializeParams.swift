import TextServicesProtocol

/// `initialize`'s params, as far as this server reads them.
///
/// The workspace folders (`workspaceFolders`, `rootUri`, `rootPath`) are
/// read by `workspaceRoots(fromInitialize:)`; `initializationOptions` are
/// the settings (`LSPSettings.apply`).
struct InitializeParams: Codable, Sendable {
    var capabilities: ClientCapabilities?
    var initializationOptions: JSONValue?
}
