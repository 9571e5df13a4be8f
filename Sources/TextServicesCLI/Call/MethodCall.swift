import TextServices
import TextServicesProtocol

/// `textsvcd call METHOD PARAMS`: one method by name with JSON params, answered as JSON.
///
/// The params are a JSON object; `positionEncoding` is added from
/// `--position-encoding` unless they name one. The result is printed as one
/// JSON line; a service error as its `code`, `message` and `data` object.
public struct MethodCall: Sendable {
    public var method: String
    public var params: JSONObject

    /// What went wrong before the call: the params are not a JSON object.
    public struct ParamsError: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    /// Reads `text` as the params; `encoding` joins them as `positionEncoding` unless they name one.
    public init(method: String, paramsText text: String, encoding: PositionEncoding?) throws(ParamsError) {
        let value: JSONValue
        do {
            value = try JSONParser.parse(Array(text.utf8))
        } catch {
            throw ParamsError(description: "the params are not valid JSON: \(error)")
        }
        guard case .object(var object) = value else {
            throw ParamsError(description: "the params must be a JSON object, not \(value.typeName)")
        }
        if object["positionEncoding"] == nil, let encoding {
            object["positionEncoding"] = .string(encoding.rawValue)
        }
        self.method = method
        self.params = object
    }

    /// How the call ended: the line to print on standard output or standard error, and the exit status.
    public struct Answer: Equatable, Sendable {
        public var standardOutput: String?
        public var standardError: String?
        public var status: Int32
    }

    /// Sends the call through `client`: status 0 with the result, 1 with a service error, 2 when the daemon is gone.
    public func send(through client: any TextServicesClient) -> Answer {
        switch Result(catching: { () throws(ServiceError) in try client.call(method: method, params: params) }) {
        case .success(let result):
            return Answer(standardOutput: result.serialized, standardError: nil, status: 0)
        case .failure(let error) where error.isDaemonUnavailable:
            return Answer(standardOutput: nil, standardError: "textsvcd: \(error.message)", status: 2)
        case .failure(let error):
            var body: JSONObject = ["code": .int(error.code), "message": .string(error.message)]
            if let data = error.data { body["data"] = data }
            return Answer(standardOutput: nil, standardError: JSONValue.object(body).serialized, status: 1)
        }
    }
}
