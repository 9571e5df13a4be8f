import TextServices

/// What a request runs with: the services, the client's session, the unit positions count in, and the server.
///
/// Built by the socket server for each request it reads, and by the
/// in-process client for each call.
public struct RequestContext: Sendable {
    public let services: Services
    public let session: ConnectionState
    /// The unit this request's positions count: its own `positionEncoding`, else the session's.
    public let encoding: PositionEncoding
    /// The `positionEncoding` the request itself gave, if any.
    public let requestedEncoding: PositionEncoding?
    public let server: ServerState

    public init(services: Services, session: ConnectionState, requestedEncoding: PositionEncoding?, server: ServerState) {
        self.services = services
        self.session = session
        self.requestedEncoding = requestedEncoding
        self.encoding = requestedEncoding ?? session.positionEncoding
        self.server = server
    }

    public var limits: Limits { services.limits }

    /// Spelling as this session's client sees it: its dictionary search path and default language, when it sent them.
    public var spelling: SpellingService {
        guard let scope = session.spellingContext else { return services.spelling }
        return services.spelling.scoped(to: scope)
    }

    /// Language identification as this session's client sees it: candidates from its spelling scope.
    public var languages: LanguageIdentification { services.languages.scoped(to: spelling) }

    /// A request's text, refused with -32004 past `Limits.maximumTextBytes`.
    public func text(_ string: String, field: String = "text") throws(ServiceError) -> TextBuffer {
        guard string.utf8.count <= limits.maximumTextBytes else {
            throw .tooLarge("'\(field)'", limit: limits.maximumTextBytes)
        }
        return TextBuffer(string)
    }

    /// Converts positions in `text` between this request's unit and byte offsets.
    public func positions(in text: TextBuffer) -> TextPositions {
        TextPositions(text: text, encoding: encoding)
    }

    /// A result count a request asked for, capped at the server's `maximumResults`.
    public func resultLimit(_ requested: Int?) -> Int {
        min(requested ?? limits.maximumResults, limits.maximumResults)
    }
}
