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

/// A model that reads itself from the bytes of its JSON (`JSONCursor`), with no `JSONValue` tree in between.
///
/// The same contract as `JSONReadable`: nil for anything not in the shape
/// it reads, and for bytes that are not JSON; a value it accepts is what the
/// tree reader reads from the parsed bytes. Each conformance pins that with
/// a test.
public protocol JSONBytesReadable {
    /// The model, or nil when `bytes` do not hold it in the shape this fast path reads.
    init?(jsonBytes bytes: UnsafeBufferPointer<UInt8>)
}
