import Foundation
import TextServices

/// A date on the wire: ISO 8601 text (`"2030-01-31T12:00:00Z"`) or a number of seconds since 1970.
///
/// Decoding refuses anything else with -32602 naming the field; encoding
/// writes ISO 8601 in UTC.
public struct WireDate: Codable, Sendable, Equatable {
    public var date: Date

    /// The latest date accepted: the end of year 9999.
    static let latest = Date(timeIntervalSince1970: 253_402_300_799)

    public init(_ date: Date) {
        self.date = date
    }

    public init(from decoder: any Decoder) throws {
        let field = JSONValueDecoder.fieldName(decoder.codingPath)
        let value = try decoder.singleValueContainer().decode(JSONValue.self)
        switch value {
        case .string(let text):
            guard let date = ISO8601Date.parse(text) else {
                throw ServiceError.invalidParams(
                    field: field, "must be an ISO 8601 date and time with a zone, such as \"2030-01-31T12:00:00Z\", or seconds since 1970")
            }
            self.date = date
        case .int(let seconds):
            self.date = Date(timeIntervalSince1970: Double(seconds))
        case .double(let seconds) where seconds.isFinite:
            self.date = Date(timeIntervalSince1970: seconds)
        default:
            throw ServiceError.invalidParams(field: field, "must be an ISO 8601 string or a number of seconds since 1970, not \(value.typeName)")
        }
        guard date.timeIntervalSince1970 >= 0, date <= Self.latest else {
            throw ServiceError.invalidParams(field: field, "must lie between 1970 and the end of 9999")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(ISO8601Date.string(date))
    }
}
