/// A model that reads itself from a parsed value without the `Decodable` machinery, for large answers.
///
/// `init?(json:)` reads only a well-formed value and returns nil for
/// anything else (a missing or mistyped member, a number written as a
/// double); the caller then decodes with `JSONValueDecoder`, whose error
/// names the field. A value it accepts must decode to what
/// `JSONValueDecoder` makes of it (unknown members ignored, as that decoder
/// does by default); each conformance pins that with a test.
public protocol JSONReadable {
    /// The model, or nil when `json` is not in the shape this fast path reads.
    init?(json: JSONValue)
}
