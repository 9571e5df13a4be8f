import TextServicesProtocol

/// `initialize`'s params, as far as this server reads them.
///
/// The workspace folders are `workspaceFolders`, else `rootUri`, else the
/// older `rootPath`; `initializationOptions` are the settings
/// (`LSPSettings.apply`), kept as sent so that a bad one is reported, not fatal.
struct InitializeParams: Codable, Sendable {
    var capabilities: ClientCapabilities?
    var initializationOptions: JSONValue?
    var workspaceFolders: [WorkspaceFolder]?
    var rootUri: String?
    var rootPath: String?

    /// The workspace roots (paths) these params name: `file:` workspace folders, else `rootUri`, else `rootPath`.
    var workspaceRoots: [String] {
        let folders = (workspaceFolders ?? []).compactMap(\.path)
        if !folders.isEmpty { return folders }
        if let uri = rootUri, uri.hasPrefix("file://") { return [LSPDocument.path(ofURI: uri)] }
        if let path = rootPath, path.hasPrefix("/") { return [path] }
        return []
    }
}
