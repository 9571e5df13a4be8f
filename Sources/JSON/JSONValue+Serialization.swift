extension JSONValue {
    /// The value as compact JSON text on one line (no newline inside).
    public var serialized: String {
        var output: [UInt8] = []
        output.reserveCapacity(128)
        write(to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends the value as compact JSON to a byte buffer.
    public func write(to output: inout [UInt8]) {
        switch self {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let value): output.append(contentsOf: (value ? "true" : "false").utf8)
        case .int(let value): Self.writeInt(value, to: &output)
        case .double(let value):
            if value.isFinite {
                if value.rounded() == value, abs(value) < 1e15 {
                    output.append(contentsOf: String(Int(value)).utf8)
                } else {
                    output.append(contentsOf: String(value).utf8)
                }
            } else {
                output.append(contentsOf: "null".utf8)
            }
        case .string(let value), .invalidUnicode(let value): Self.writeString(value, to: &output)
        case .array(let values):
            output.append(UInt8(ascii: "["))
            for (index, value) in values.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                value.write(to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let object):
            output.append(UInt8(ascii: "{"))
            var first = true
            for (key, value) in object {
                if !first { output.append(UInt8(ascii: ",")) }
                first = false
                Self.writeString(key, to: &output)
                output.append(UInt8(ascii: ":"))
                value.write(to: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    @usableFromInline static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// Appends a string as a JSON string literal: quotes, backslashes and control characters escaped.
    public static func writeString(_ value: String, to output: inout [UInt8]) {
        writeString(utf8: value.utf8, to: &output)
    }

    /// Appends an integer in decimal, as `String(value)` spells it.
    public static func writeInt(_ value: Int, to output: inout [UInt8]) {
        if value < 0 { output.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        if magnitude < 10 {
            output.append(UInt8(ascii: "0") + UInt8(magnitude))
            return
        }
        // At most 20 digits, written backwards into a small buffer on the stack.
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { buffer in
            var start = buffer.count
            while magnitude > 0 {
                start -= 1
                buffer[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            }
            output.append(contentsOf: buffer[start...])
        }
    }

    /// Appends UTF-8 bytes to `output` as a JSON string literal: quotes, backslashes and control characters escaped.
    ///
    /// The bytes are copied as they are otherwise; the caller gives valid UTF-8.
    @inlinable
    public static func writeString<Bytes: Sequence>(utf8 bytes: Bytes, to output: inout [UInt8]) where Bytes.Element == UInt8 {
        // Contiguous bytes (a native string's, an array's) go in runs between the bytes to escape.
        if bytes.withContiguousStorageIfAvailable({ writeString(contiguous: $0, to: &output) }) != nil { return }
        output.append(UInt8(ascii: "\""))
        for byte in bytes {
            if needsEscape(byte) { appendEscape(byte, to: &output) } else { output.append(byte) }
        }
        output.append(UInt8(ascii: "\""))
    }

    @usableFromInline
    static func writeString(contiguous bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var start = 0
        var index = ByteScan.stringStop(in: bytes, from: 0)
        while index < bytes.count {
            if start < index { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index])) }
            appendEscape(bytes[index], to: &output)
            start = index + 1
            index = ByteScan.stringStop(in: bytes, from: start)
        }
        if start < bytes.count { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...])) }
        output.append(UInt8(ascii: "\""))
    }

    @inlinable @inline(__always)
    static func needsEscape(_ byte: UInt8) -> Bool { byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") }

    @usableFromInline
    static func appendEscape(_ byte: UInt8, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): output.append(byte)
        case 0x0A: output.append(UInt8(ascii: "n"))
        case 0x0D: output.append(UInt8(ascii: "r"))
        case 0x09: output.append(UInt8(ascii: "t"))
        default:
            output.append(UInt8(ascii: "u"))
            output.append(UInt8(ascii: "0"))
            output.append(UInt8(ascii: "0"))
            output.append(hexDigits[Int(byte >> 4)])
            output.append(hexDigits[Int(byte & 0xF)])
        }
    }
}
