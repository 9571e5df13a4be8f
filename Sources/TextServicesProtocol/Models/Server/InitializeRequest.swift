import TextServices

/// `initialize`: the client says who it is and how it counts positions; the server says what it offers.
///
/// `positionEncoding` (read by the server for every method) becomes the
/// connection's unit. `client` may be any JSON; it is kept for the logs.
/// The answer's `capabilities` lists the features added to the protocol
/// since its first round (`Capabilities`). `context` (capability
/// `session.context`) carries what the client's environment decides about
/// spelling: the daemon answers the rest of the connection from it.
public struct InitializeRequest: TextServicesRequest {
    public static let method = "initialize"

    public var client: JSONValue?
    public var context: SessionContext?

    public init(client: JSONValue? = nil, context: SessionContext? = nil) {
        self.client = client
        self.context = context
    }

    /// The client's dictionary search path (absolute folders, searched first) and default language.
    public struct SessionContext: Codable, Sendable, Equatable {
        public var dictionaryPath: [String]?
        public var defaultLanguage: String?

        public init(dictionaryPath: [String]? = nil, defaultLanguage: String? = nil) {
            self.dictionaryPath = dictionaryPath
            self.defaultLanguage = defaultLanguage
        }

        /// What a client's configuration (its environment and options) decides.
        public init(_ context: SpellingContext) {
            self.init(dictionaryPath: context.dictionaryPaths, defaultLanguage: context.defaultLanguage)
        }

        /// The most folders a client may name.
        static let maximumFolders = 64

        /// The domain's context; -32602 for a folder that is not absolute, or too many folders.
        func validated() throws(ServiceError) -> SpellingContext {
            let folders = dictionaryPath ?? []
            guard folders.count <= Self.maximumFolders else {
                throw .invalidParams(field: "context.dictionaryPath", "names more than \(Self.maximumFolders) folders")
            }
            for (index, folder) in folders.enumerated() {
                guard folder.hasPrefix("/"), folder.utf8.count <= 4096, !folder.utf8.contains(0) else {
                    throw .invalidParams(field: "context.dictionaryPath[\(index)]", "must be an absolute folder path")
                }
            }
            if let language = defaultLanguage, language.isEmpty || language.utf8.count > 256 {
                throw .invalidParams(field: "context.defaultLanguage", "must be a language tag such as en_US")
            }
            return SpellingContext(dictionaryPaths: folders, defaultLanguage: defaultLanguage)
        }
    }

    public struct Response: Codable, Sendable, Equatable {
        public var server: String
        public var version: String
        public var protocolVersion: Int
        public var positionEncoding: String
        public var defaultLanguage: String
        public var languages: [String]
        public var methods: [String]
        /// Each feature the server has, mapped to true (absent from servers older than the features).
        public var capabilities: [String: Bool]?
    }

    public func handle(_ context: RequestContext) throws(ServiceError) -> Response {
        if let encoding = context.requestedEncoding { context.session.positionEncoding = encoding }
        if let client, client != .null { context.session.client = client.stringValue ?? client.serialized }
        if let scope = try self.context?.validated() { context.session.spellingContext = scope }
        let spelling = context.spelling
        return Response(server: TextServicesVersion.server, version: TextServicesVersion.version,
                        protocolVersion: ProtocolVersion.current, positionEncoding: context.session.positionEncoding.rawValue,
                        defaultLanguage: spelling.defaultLanguage,
                        languages: spelling.availableLanguages().map(\.tag.tag), methods: MethodTable.names,
                        capabilities: Capabilities.object)
    }
}

/// The version of the wire protocol this server speaks (`initialize`'s `protocolVersion`).
public enum ProtocolVersion {
    public static let current = 1
}
