import TextServices

/// The one interface every door uses to reach the services: in this process, or through the daemon.
///
/// The language server, the ispell pipe and every command talk only to a
/// client; which one is decided once, at start-up. Positions in requests
/// and responses count the client's `positionEncoding`. Thread-safe: any
/// thread may send, and several requests may be in flight at once.
public protocol TextServicesClient: AnyObject, Sendable {
    /// The unit every request's positions count.
    var positionEncoding: PositionEncoding { get }

    /// Whether requests that read text (`spell.check`) run in this process, so that they can carry the
    /// caller's `TextBuffer` itself instead of a copy of its text (see `SpellCheckRequest.buffer`).
    var handlesTextInProcess: Bool { get }

    /// Runs one request and returns its response, or the error it met.
    func send<Request: TextServicesRequest>(_ request: Request) throws(ServiceError) -> Request.Response

    /// Runs several requests at once (in parallel where the implementation can); outcomes in the order given.
    func sendAll<Request: TextServicesRequest>(_ requests: [Request]) -> [Result<Request.Response, ServiceError>]

    /// Runs a method by name with untyped params, for tools that pass JSON through (`textsvcd call`).
    func call(method: String, params: JSONObject) throws(ServiceError) -> JSONValue

    /// Sets where the server's notifications to this client go (`pasteboard.changed`, `spell.changed`).
    ///
    /// The handler runs on a thread of the client's; it must not block.
    func onNotification(_ handler: @escaping @Sendable (ServerNotification) -> Void)
}

extension TextServicesClient {
    public var handlesTextInProcess: Bool { false }
}

/// A notification the server pushed to a client.
public enum ServerNotification: Sendable, Equatable {
    case pasteboardChanged(PasteboardChangedNotification)
    case spellChanged(SpellChangedNotification)
    /// A notification this client does not know, as it came.
    case other(method: String, params: JSONValue)

    /// Reads a notification message's method and params.
    public init(method: String, params: JSONValue) {
        switch method {
        case PasteboardChangedNotification.method:
            if let value = try? JSONValueDecoder().decode(PasteboardChangedNotification.self, from: params) {
                self = .pasteboardChanged(value)
                return
            }
        case SpellChangedNotification.method:
            if let value = try? JSONValueDecoder().decode(SpellChangedNotification.self, from: params) {
                self = .spellChanged(value)
                return
            }
        default:
            break
        }
        self = .other(method: method, params: params)
    }
}
