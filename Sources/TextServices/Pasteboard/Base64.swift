/// Standard base64 (RFC 4648 §4), strict about what it accepts.
///
/// Decoding accepts the standard alphabet with or without `=` padding and
/// skips CR and LF (MIME line breaks); anything else is an error that names
/// the offending character's position (in UTF-8 bytes of the string).
public enum Base64 {
    /// Why a string is not valid base64.
    public struct Invalid: Error, Equatable, Sendable {
        /// Byte offset of the problem in the string.
        public var offset: Int
        public var reason: String
    }

    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    private static let decodeTable: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (index, byte) in alphabet.enumerated() { table[Int(byte)] = UInt8(index) }
        return table
    }()

    /// The padded base64 form of bytes.
    public static func encode(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index + 3 <= bytes.count {
            let value = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
            output.append(alphabet[Int(value >> 18 & 63)])
            output.append(alphabet[Int(value >> 12 & 63)])
            output.append(alphabet[Int(value >> 6 & 63)])
            output.append(alphabet[Int(value & 63)])
            index += 3
        }
        let rest = bytes.count - index
        if rest > 0 {
            let value = UInt32(bytes[index]) << 16 | (rest == 2 ? UInt32(bytes[index + 1]) << 8 : 0)
            output.append(alphabet[Int(value >> 18 & 63)])
            output.append(alphabet[Int(value >> 12 & 63)])
            output.append(rest == 2 ? alphabet[Int(value >> 6 & 63)] : UInt8(ascii: "="))
            output.append(UInt8(ascii: "="))
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The bytes a base64 string encodes.
    ///
    /// Throws `Invalid` for a character outside the alphabet, padding that is
    /// misplaced or wrong in length, or a length that cannot be base64.
    public static func decode(_ string: String) throws(Invalid) -> [UInt8] {
        let input = Array(string.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(input.count / 4 * 3)
        var accumulator: UInt32 = 0
        var pending = 0
        var padding = 0
        var paddingStart = 0
        for (offset, byte) in input.enumerated() {
            if byte == 0x0A || byte == 0x0D { continue }
            if byte == UInt8(ascii: "=") {
                if padding == 0 { paddingStart = offset }
                padding += 1
                if padding > 2 { throw Invalid(offset: offset, reason: "too much '=' padding") }
                continue
            }
            if padding > 0 { throw Invalid(offset: offset, reason: "data after '=' padding") }
            let value = decodeTable[Int(byte)]
            guard value != 0xFF else {
                throw Invalid(offset: offset, reason: "'\(Self.describe(byte))' is not a base64 character")
            }
            accumulator = accumulator << 6 | UInt32(value)
            pending += 1
            if pending == 4 {
                output.append(UInt8(accumulator >> 16 & 0xFF))
                output.append(UInt8(accumulator >> 8 & 0xFF))
                output.append(UInt8(accumulator & 0xFF))
                accumulator = 0
                pending = 0
            }
        }
        switch pending {
        case 0:
            if padding > 0 { throw Invalid(offset: paddingStart, reason: "'=' padding where none belongs") }
        case 1:
            throw Invalid(offset: input.count, reason: "the length is not a valid base64 length (one symbol left over)")
        case 2:
            if padding != 0 && padding != 2 { throw Invalid(offset: paddingStart, reason: "expected '==' padding") }
            output.append(UInt8(accumulator >> 4 & 0xFF))
        default:
            if padding > 1 { throw Invalid(offset: paddingStart, reason: "expected '=' padding") }
            output.append(UInt8(accumulator >> 10 & 0xFF))
            output.append(UInt8(accumulator >> 2 & 0xFF))
        }
        return output
    }

    private static func describe(_ byte: UInt8) -> String {
        if byte >= 0x20 && byte < 0x7F { return String(UnicodeScalar(byte)) }
        return "\\x" + String(byte, radix: 16, uppercase: true)
    }
}
