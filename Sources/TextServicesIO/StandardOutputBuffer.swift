import Foundation
import TextServices
import TextServicesJSON

/// Collects output bytes and writes them to standard output in large blocks.
///
/// For commands that print a line per token or match: one write per 64 KB
/// instead of one per line. Call `flush()` before exiting. A write that
/// fails (with SIGPIPE ignored, a pipe whose reader went away) is kept in
/// `failure`, and later output is dropped. Not thread-safe.
public struct StandardOutputBuffer {
    private var bytes: [UInt8] = []
    private let destination: ([UInt8]) throws(SystemFailure) -> Void
    /// Why standard output could not be written (`EPIPE`: the reader went away), or nil while it can.
    public private(set) var failure: SystemFailure?
    private static let blockSize = 64 << 10

    /// A buffer that writes to standard output.
    public init() {
        self.init { bytes throws(SystemFailure) in try FileSystem.writeAll(bytes, toDescriptor: STDOUT_FILENO) }
    }

    /// A buffer that hands each block to `destination` instead (a test's collector, another stream).
    public init(destination: @escaping ([UInt8]) throws(SystemFailure) -> Void) {
        self.destination = destination
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
        JSONValue.writeString(utf8: slice, to: &bytes)
    }

    private mutating func flushIfFull() {
        if bytes.count >= Self.blockSize { flush() }
    }

    /// Writes what is collected to standard output.
    public mutating func flush() {
        guard !bytes.isEmpty else { return }
        if failure == nil {
            do {
                try destination(bytes)
            } catch {
                failure = error
            }
        }
        bytes.removeAll(keepingCapacity: true)
    }
}
