import TextServices
import TextServicesProtocol

/// A line and a character offset within it, as LSP counts them (both 0-based).
public struct LSPPosition: Hashable, Sendable, Codable {
    public var line: Int
    /// Units into the line, in the connection's position encoding.
    public var character: Int

    public init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    private enum CodingKeys: String, CodingKey { case line, character }

    /// Reads `{line, character}`, refusing a negative number with -32602 naming the field.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        line = try container.decode(Int.self, forKey: .line)
        character = try container.decode(Int.self, forKey: .character)
        guard line >= 0, character >= 0 else {
            throw ServiceError.invalidParams(field: JSONValueDecoder.fieldName(decoder.codingPath),
                                             "must be {line, character} with non-negative integers")
        }
    }
}
