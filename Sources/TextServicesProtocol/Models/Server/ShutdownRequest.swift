/// `shutdown`: the daemon finishes the requests in flight, removes its socket and exits 0.
public struct ShutdownRequest: ParameterlessRequest {
    public static let method = "shutdown"

    public init() {}

    public func handle(_ context: RequestContext) -> EmptyResponse {
        context.server.requestShutdown()
        return EmptyResponse()
    }
}
