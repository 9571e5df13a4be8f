import TextServicesProtocol

/// `$/cancelRequest`'s params: the id of the request to cancel (a number or a string).
///
/// The server answers each request before it reads the next message, so
/// by the time a cancel arrives its request is answered; it is read only to
/// report a malformed one.
struct CancelParams: Codable, Sendable {
    var id: RequestID

    private enum CodingKeys: String, CodingKey { case id }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(JSONValue.self, forKey: .id) {
        case .int(let number): id = .int(number)
        case .string(let string): id = .string(string)
        default:
            throw ServiceError.invalidParams(field: JSONValueDecoder.fieldName(container.codingPath + [CodingKeys.id]),
                                             "must be a number or a string")
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id.json, forKey: .id)
    }
}
