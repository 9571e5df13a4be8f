/// A character encoding by name (`UTF-8`, `ISO-8859-1`, `KOI8-R`, ...), for tools that read and write bytes in it.
///
/// Names are ICU's converter names and aliases, compared loosely (`utf8`,
/// `latin1` and `iso-8859-1` work). UTF-8 passes bytes through untouched;
/// other encodings convert to and from UTF-8 strictly, without substitution.
/// Not thread-safe: use one value per stream.
public final class TextEncoding {
    /// The name as given.
    public let name: String
    /// Whether this is UTF-8, when bytes need no conversion.
    public let isUTF8: Bool
    private let converter: CharsetConverter?

    /// Opens the encoding called `name`; throws `TextServicesError.invalidArgument` for a name ICU does not know.
    public init(name: String) throws(TextServicesError) {
        self.name = name
        let compact = name.lowercased().filter { $0.isLetter || $0.isNumber }
        if compact == "utf8" {
            isUTF8 = true
            converter = nil
            return
        }
        do {
            converter = try CharsetConverter(charset: name)
        } catch {
            throw .invalidArgument(argument: "encoding", reason: "names no encoding ICU knows: \(name)")
        }
        isUTF8 = converter?.name.lowercased().filter { $0.isLetter || $0.isNumber } == "utf8"
    }

    /// The UTF-8 form of bytes in this encoding, or nil when they are malformed in it.
    public func utf8(from bytes: [UInt8]) -> [UInt8]? {
        guard !isUTF8, let converter else { return bytes }
        return converter.decode(bytes).map { Array($0.utf8) }
    }

    /// A string's bytes in this encoding, or nil when the encoding cannot hold one of its characters.
    public func bytes(of string: String) -> [UInt8]? {
        guard !isUTF8, let converter else { return Array(string.utf8) }
        return converter.encode(string)
    }
}
