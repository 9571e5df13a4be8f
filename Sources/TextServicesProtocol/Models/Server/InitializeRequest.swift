import TextServices

/// `initialize`: the client says who it is and how it counts positions; the server says what it offers.
///
/// `positionEncoding` (read by the server for every method) becomes the
/// connection's unit. `client` may be any JSON; it is kept for the logs.
public struct InitializeRequest: TextServicesRequest {
    public static let method = "initialize"

    public var client: JSONValue?

    public init(client: JSONValue? = nil) {
        self.client = client
    }

    public struct Response: Codable, Sendable, Equatable {
        public var server: String
        public var version: String
        public var protocolVersion: Int
        public var positionEncoding: String
        public var defaultLanguage: String
        public var languages: [String]
        public var methods: [String]
    }

    public func handle(_ context: RequestContext) -> Response {
        if let encoding = context.requestedEncoding { context.session.positionEncoding = encoding }
        if let client, client != .null { context.session.client = client.stringValue ?? client.serialized }
        let spelling = context.services.spelling
        return Response(server: TextServicesVersion.server, version: TextServicesVersion.version,
                        protocolVersion: ProtocolVersion.current, positionEncoding: context.session.positionEncoding.rawValue,
                        defaultLanguage: spelling.defaultLanguage,
                        languages: spelling.availableLanguages().map(\.tag.tag), methods: MethodTable.names)
    }
}

/// The version of the wire protocol this server speaks (`initialize`'s `protocolVersion`).
public enum ProtocolVersion {
    public static let current = 1
}
