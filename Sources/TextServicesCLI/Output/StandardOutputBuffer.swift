import Foundation
import TextServices

/// Collects output bytes and writes them to standard output in large blocks.
///
/// For commands that print a line per token or match: one write per 64 KB
/// instead of one per line. Call `flush()` before exiting. A write that
/// fails (with SIGPIPE ignored, a pipe whose reader went away) is kept in
/// `failure`, and later output is dropped. Not thread-safe.
public struct StandardOutputBuffer {
    private var bytes: [UInt8] = []
    /// Why standard output could not be written (`EPIPE`: the reader went away), or nil while it can.
    public private(set) var failure: SystemFailure?
    private static let blockSize = 64 << 10

    public init() {
        bytes.reserveCapacity(Self.blockSize + 4096)
    }

    /// Appends a string.
    public mutating func append(_ string: String) {
        bytes.append(contentsOf: string.utf8)
        flushIfFull()
    }

    /// Appends a string and a newline.
    public mutating func appendLine(_ string: String) {
        bytes.append(contentsOf: string.utf8)
        bytes.append(0x0A)
        flushIfFull()
    }

    /// Appends bytes.
    public mutating func append<S: Sequence>(bytes more: S) where S.Element == UInt8 {
        bytes.append(contentsOf: more)
        flushIfFull()
    }

    /// Appends an integer in decimal.
    public mutating func append(decimal value: Int) {
        bytes.append(contentsOf: String(value).utf8)
    }

    /// Appends UTF-8 bytes as a JSON string literal (quotes, backslashes and control characters escaped).
    public mutating func append(jsonString slice: ArraySlice<UInt8>) {
        bytes.append(UInt8(ascii: "\""))
        for byte in slice {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                bytes.append(UInt8(ascii: "\\"))
                bytes.append(byte)
            case 0x0A: bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "n"))
            case 0x0D: bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "r"))
            case 0x09: bytes.append(UInt8(ascii: "\\")); bytes.append(UInt8(ascii: "t"))
            case 0..<0x20:
                bytes.append(contentsOf: "\\u00".utf8)
                bytes.append(Self.hexDigits[Int(byte >> 4)])
                bytes.append(Self.hexDigits[Int(byte & 0xF)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private mutating func flushIfFull() {
        if bytes.count >= Self.blockSize { flush() }
    }

    /// Writes what is collected to standard output.
    public mutating func flush() {
        guard !bytes.isEmpty else { return }
        if failure == nil {
            do {
                try FileSystem.writeAll(bytes, toDescriptor: STDOUT_FILENO)
            } catch {
                failure = error
            }
        }
        bytes.removeAll(keepingCapacity: true)
    }
}
