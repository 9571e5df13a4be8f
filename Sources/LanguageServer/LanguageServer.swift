import Dispatch
import Foundation
import TextServices
import TextServicesProtocol

/// A Language Server Protocol server for spelling, independent of its transport.
///
/// A transport decodes each JSON-RPC message and passes it to `receive(_:)`;
/// every response and notification (diagnostics, messages, the server's
/// own requests) goes out through `send`, one whole message per call.
/// `receive` handles a message before it returns, except diagnostics after
/// a change, which wait for the debounce delay (opening and saving check at
/// once). Thread-safe: all work runs on one private serial queue, so
/// `send` is called from that queue, never concurrently. After `exit`,
/// `exitCode` is 0 if `shutdown` came first and 1 otherwise.
///
/// The server keeps documents, masks and positions itself and asks `client`
/// for everything spelling: the services in this process, or the daemon.
/// Project words (`.textsvcd/words.txt` above a document, see `ProjectWords`)
/// are applied here, since the daemon knows nothing of files; a change to a
/// words file is noticed through `workspace/didChangeWatchedFiles` when the
/// client can watch files for the server, and by a stamp poll every
/// `projectPollInterval` seconds while documents are open.
public final class LanguageServer: @unchecked Sendable {
    let client: any TextServicesClient
    let queue = DispatchQueue(label: "textsvcd.lsp")
    private let sink: @Sendable (JSONValue) -> Void
    private let defaults: LSPSettings
    private let preferredEncoding: PositionEncoding?
    /// Seconds between checks of the open documents' words files (0: no poll).
    let projectPollInterval: Double

    // Everything below is touched only on `queue`.
    enum Phase: Equatable { case starting, running, shuttingDown, exited(Int32) }
    var phase = Phase.starting
    var encoding = PositionEncoding.utf16
    var documents: [String: DocumentState] = [:]
    var settings = LSPSettings()
    var patterns: [IgnorePattern] = []
    /// The dictionaries the settings' languages resolved to (the default's when none are set), first one first.
    var resolvedLanguages: [String] = []
    var clientPullsConfiguration = false
    var outgoingCounter = 0
    var pendingResponses: [String: (JSONValue?) -> Void] = [:]
    /// The workspace folders (paths) from `initialize` and `workspace/didChangeWorkspaceFolders`.
    var workspaceRoots: [String] = []
    /// Whether the client accepts `client/registerCapability` for `workspace/didChangeWatchedFiles`.
    var clientRegistersWatchers = false
    var projectPoll: DispatchSourceTimer?
    var shownProjectProblems = Set<String>()
    /// Whether a check of every document, after learned words changed, is already queued.
    var recheckQueued = false

    /// What the server knows about one open document.
    struct DocumentState {
        var document: LSPDocument
        /// The last check's results, for the version in `checkedVersion`.
        var misspellings: [Misspelling] = []
        var mask: TextMask?
        var checked = false
        var pending: DispatchWorkItem?
        /// The project words files the last check used (`ProjectWords.signature`).
        var projectSignature: [String]?
    }

    public static let commandAddToDictionary = "textsvcd.addToDictionary"
    public static let commandIgnoreInDocument = "textsvcd.ignoreInDocument"
    public static let commandAddToProjectDictionary = "textsvcd.addToProjectDictionary"

    /// Creates a server asking `client` for spelling; `send` receives every outgoing message.
    ///
    /// The client must count positions in UTF-8 (the server's documents are
    /// bytes). `defaults` are the settings before the client's
    /// `initializationOptions` (from the command line). `preferredEncoding`
    /// (`--position-encoding`) is used when the client offers it or offers
    /// nothing, for clients configured to use it without negotiating.
    /// `projectPollInterval` is how often open documents' words files are
    /// looked at for changes (0 turns the poll off).
    public init(client: any TextServicesClient, defaults: LSPSettings = LSPSettings(), preferredEncoding: PositionEncoding? = nil,
                projectPollInterval: Double = 2, send: @escaping @Sendable (JSONValue) -> Void) {
        precondition(client.positionEncoding == .utf8, "the language server works in UTF-8 offsets")
        self.client = client
        self.defaults = defaults
        self.preferredEncoding = preferredEncoding
        self.projectPollInterval = projectPollInterval
        self.sink = send
    }

    /// Handles one incoming message (request, notification or response to the server's own request).
    ///
    /// Never throws and never crashes on bad input: a malformed request gets
    /// an error response (-32602 naming the field), a malformed notification
    /// a `window/logMessage` with the reason.
    public func receive(_ message: JSONValue) {
        queue.sync { handle(message) }
    }

    /// The process exit status once `exit` has arrived: 0 after `shutdown`, 1 without; nil before.
    public var exitCode: Int32? {
        queue.sync {
            if case .exited(let code) = phase { return code }
            return nil
        }
    }

    /// The exit status for a transport whose input ended: as if `exit` had arrived.
    public func inputEnded() -> Int32 {
        queue.sync {
            if case .exited(let code) = phase { return code }
            let code: Int32 = phase == .shuttingDown ? 0 : 1
            phase = .exited(code)
            cancelAllPending()
            return code
        }
    }

    /// Follows a notification from the services: learned words changed somewhere, so every open document is checked again.
    ///
    /// A burst of notifications (a word list imported word by word) gives
    /// one check of each document, not one per word.
    public func servicesNotified(_ notification: ServerNotification) {
        guard case .spellChanged = notification else { return }
        queue.async { [weak self] in
            guard let self, self.phase == .running, !self.recheckQueued else { return }
            self.recheckQueued = true
            self.queue.async { [weak self] in
                guard let self else { return }
                self.recheckQueued = false
                if self.phase == .running { self.recheckAll() }
            }
        }
    }

    /// Follows the services' connection: after a restarted daemon, documents are checked again; a fallback is shown.
    public func servicesChanged(_ event: DaemonClient.Event) {
        queue.async { [weak self] in
            guard let self, self.phase == .running else { return }
            switch event {
            case .reconnected: self.recheckAll()
            case .fellBack(let reason): self.showMessage(reason, type: .warning)
            }
        }
    }

    /// Waits until work queued so far (including debounced checks that are already due) has run.
    public func drain() {
        queue.sync {}
    }

    // MARK: Dispatch

    func handle(_ message: JSONValue) {
        if case .exited = phase { return }
        switch JSONRPCMessage(message) {
        case .request(let id, let method, let params):
            do {
                send(JSONRPCMessage.response(id: id, result: try request(method, .object(params))))
            } catch {
                send(JSONRPCMessage.errorResponse(id: id, error: ServiceError(wrapping: error)))
            }
        case .notification(let method, let params):
            notification(method, .object(params))
        case .response(let id, let result):
            handleResponse(id: id, result: try? result.get())
        case .invalid(let answerID, let error):
            if let answerID { send(JSONRPCMessage.errorResponse(id: answerID, error: error)) }
        }
    }

    private func request(_ method: String, _ params: JSONValue) throws -> JSONValue {
        let encoder = JSONValueEncoder()
        switch phase {
        case .starting where method != "initialize":
            throw ServiceError(code: LSPErrorCode.serverNotInitialized.rawValue, message: "Server not initialized: send 'initialize' first")
        case .shuttingDown:
            throw ServiceError.invalidRequest("the server is shutting down; only 'exit' is accepted")
        default: break
        }
        switch method {
        case "initialize": return encoder.encode(try initialize(params))
        case "shutdown":
            phase = .shuttingDown
            cancelAllPending()
            return .null
        case "textDocument/codeAction": return encoder.encode(try codeActions(try Self.decode(CodeActionParams.self, params)))
        case "textDocument/completion": return encoder.encode(try completion(try Self.decode(CompletionParams.self, params)))
        // Nothing to add: every item is complete when offered.
        case "completionItem/resolve": return encoder.encode(try Self.decode(CompletionItem.self, params))
        case "textDocument/diagnostic": return encoder.encode(pullDiagnostics(try Self.decode(DocumentDiagnosticParams.self, params)))
        case "workspace/executeCommand":
            try executeCommand(try Self.decode(ExecuteCommandParams.self, params))
            return .null
        default: throw ServiceError.methodNotFound(method)
        }
    }

    private func notification(_ method: String, _ params: JSONValue) {
        if method == "exit" {
            phase = .exited(phase == .shuttingDown ? 0 : 1)
            cancelAllPending()
            return
        }
        guard phase == .running else { return }
        do {
            switch method {
            case "initialized":
                pullConfiguration()
                registerWordsFileWatcher()
            case "textDocument/didOpen": didOpen(try Self.decode(DidOpenTextDocumentParams.self, params))
            case "textDocument/didChange": didChange(try Self.decode(DidChangeTextDocumentParams.self, params))
            case "textDocument/didSave": didSave(try Self.decode(DidSaveTextDocumentParams.self, params))
            case "textDocument/didClose": didClose(try Self.decode(DidCloseTextDocumentParams.self, params))
            case "workspace/didChangeConfiguration":
                didChangeConfiguration(try Self.decode(DidChangeConfigurationParams.self, params))
            case "workspace/didChangeWatchedFiles":
                _ = try Self.decode(DidChangeWatchedFilesParams.self, params)
                // Any change to a words or config file: each document's project signature decides what to check again.
                refreshProjects()
            case "workspace/didChangeWorkspaceFolders":
                didChangeWorkspaceFolders(try Self.decode(DidChangeWorkspaceFoldersParams.self, params))
            // Each request is answered before the next message is read, so there is nothing left to cancel.
            case "$/cancelRequest": _ = try Self.decode(CancelParams.self, params)
            // The server writes no trace.
            case "$/setTrace": _ = try Self.decode(SetTraceParams.self, params)
            default: break  // willSave, $/progress...: nothing to do
            }
        } catch {
            // A notification has no answer: the reason goes to the client's log, never nowhere.
            logMessage("ignored a malformed '\(method)' notification: \(error.message)", type: .warning)
        }
    }

    /// A message's params as their typed form; -32602 naming the field for anything else.
    static func decode<Params: Decodable>(_ type: Params.Type, _ params: JSONValue) throws(ServiceError) -> Params {
        try JSONValueDecoder().decodeParams(type, from: params)
    }

    // MARK: Lifecycle

    private func initialize(_ params: JSONValue) throws(ServiceError) -> InitializeResult {
        guard phase == .starting else { throw .invalidRequest("'initialize' was already received") }
        let typed = try Self.decode(InitializeParams.self, params)
        let offered = typed.capabilities?.general?.positionEncodings
        let offeredLegacy = typed.capabilities?.offsetEncoding
        let offers = offered ?? offeredLegacy ?? []
        if let preferredEncoding, offers.isEmpty || offers.compactMap({ PositionEncoding(name: $0) }).contains(preferredEncoding) {
            encoding = preferredEncoding
        } else {
            encoding = Self.chooseEncoding(offers)
        }
        clientPullsConfiguration = typed.capabilities?.workspace?.configuration ?? false
        clientRegistersWatchers = typed.capabilities?.workspace?.didChangeWatchedFiles?.dynamicRegistration ?? false
        workspaceRoots = typed.workspaceRoots
        var initial = defaults
        let problems = initial.apply(typed.initializationOptions)
        phase = .running
        applySettings(initial, problems: problems)
        let capabilities = ServerCapabilities(
            positionEncoding: encoding.rawValue,
            textDocumentSync: TextDocumentSyncOptions(openClose: true, change: .incremental, save: SaveOptions(includeText: false)),
            codeActionProvider: CodeActionOptions(codeActionKinds: [.quickFix], resolveProvider: false),
            diagnosticProvider: DiagnosticOptions(interFileDependencies: false, workspaceDiagnostics: false),
            completionProvider: CompletionOptions(resolveProvider: false, triggerCharacters: []),
            executeCommandProvider: ExecuteCommandOptions(commands: [Self.commandAddToDictionary, Self.commandIgnoreInDocument,
                                                                     Self.commandAddToProjectDictionary]),
            workspace: WorkspaceServerCapabilities(workspaceFolders: WorkspaceFoldersServerCapabilities(supported: true,
                                                                                                         changeNotifications: true)))
        return InitializeResult(capabilities: capabilities,
                                serverInfo: ServerInfo(name: "textsvcd", version: TextServicesVersion.version),
                                offsetEncoding: offered == nil && offeredLegacy != nil ? encoding.rawValue : nil)
    }

    /// The server's choice among the client's encodings: UTF-8 (its own unit), then UTF-32, else UTF-16.
    static func chooseEncoding(_ offered: [String]) -> PositionEncoding {
        let parsed = offered.compactMap { PositionEncoding(name: $0) }
        for preferred in [PositionEncoding.utf8, .utf32] where parsed.contains(preferred) { return preferred }
        return .utf16
    }

    func cancelAllPending() {
        stopProjectPoll()
        for key in documents.keys {
            documents[key]?.pending?.cancel()
            documents[key]?.pending = nil
        }
    }

    // MARK: Output

    func send(_ message: JSONValue) {
        sink(message)
    }

    func notify<Params: Encodable>(_ method: String, _ params: Params) {
        send(JSONRPCMessage.notification(method: method, params: JSONValueEncoder().encode(params)))
    }

    /// Shows a message in the editor (`window/showMessage`).
    func showMessage(_ text: String, type: MessageType = .warning) {
        notify("window/showMessage", ShowMessageParams(type: type, message: "textsvcd: " + text))
    }

    /// Writes a message to the client's log of this server (`window/logMessage`), not in the user's way.
    func logMessage(_ text: String, type: MessageType = .info) {
        notify("window/logMessage", ShowMessageParams(type: type, message: "textsvcd: " + text))
    }

    /// Sends a request to the client; `handler` gets the result (nil for an error).
    func sendRequest<Params: Encodable>(_ method: String, _ params: Params, handler: @escaping (JSONValue?) -> Void) {
        outgoingCounter += 1
        let id = "textsvcd-\(outgoingCounter)"
        pendingResponses[id] = handler
        send(JSONRPCMessage.request(id: .string(id), method: method, params: JSONValueEncoder().encode(params)))
    }

    private func handleResponse(id: RequestID, result: JSONValue?) {
        let key: String
        switch id {
        case .string(let string): key = string
        case .int(let number): key = String(number)
        default: return
        }
        guard let handler = pendingResponses.removeValue(forKey: key) else { return }
        handler(result)
    }
}
