import TextServices

/// A method of the protocol: its name, its typed params (the request) and its typed result (the response).
///
/// Each method is one type, written once: the socket server decodes it from
/// the wire and runs `handle`, the in-process client runs `handle` directly,
/// the remote client encodes it and decodes the `Response`. Positions in a
/// request and its response count the units of the request's position
/// encoding (`RequestContext.encoding`).
public protocol TextServicesRequest: Codable, Sendable {
    associatedtype Response: Codable, Sendable

    /// The method's name on the wire (`spell.check`).
    static var method: String { get }

    /// Whether the method changes state every process of the user shares (learned words, pasteboards).
    ///
    /// A client working in its own process sends such a request to the
    /// daemon when one runs, so that the daemon stays the one owner of that
    /// state (`SharedStateClient`).
    static var changesSharedState: Bool { get }

    /// Carries the request out in this process.
    ///
    /// Throws a `ServiceError`, or a `TextServicesError` that the caller maps
    /// to one; never anything fatal.
    func handle(_ context: RequestContext) throws -> Response
}

extension TextServicesRequest {
    public static var changesSharedState: Bool { false }
}

/// A notification the server pushes to clients: its name and typed params.
public protocol TextServicesNotification: Codable, Sendable {
    static var method: String { get }
}

/// The result `{}` of methods that answer nothing but success.
public struct EmptyResponse: Codable, Sendable, Equatable {
    public init() {}

    public init(from decoder: any Decoder) throws {
        _ = try decoder.container(keyedBy: JSONKey.self)
    }

    public func encode(to encoder: any Encoder) throws {
        _ = encoder.container(keyedBy: JSONKey.self)
    }
}

/// A request without params: `{}` (or no `params`) on the wire.
public protocol ParameterlessRequest: TextServicesRequest {
    init()
}

extension ParameterlessRequest {
    public init(from decoder: any Decoder) throws {
        self.init()
        _ = try decoder.container(keyedBy: JSONKey.self)
    }

    public func encode(to encoder: any Encoder) throws {
        _ = encoder.container(keyedBy: JSONKey.self)
    }
}
