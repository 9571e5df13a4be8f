import Foundation
import TextServices

/// Collects output bytes and writes them to standard output in large blocks.
///
/// For commands that print a line per token or match: one write per 64 KB
/// instead of one per line. Call `flush()` before exiting. Not thread-safe.
struct OutputBuffer {
    private var bytes: [UInt8] = []
    private static let blockSize = 64 << 10

    init() {
        bytes.reserveCapacity(Self.blockSize + 4096)
    }

    mutating func append(_ string: String) {
        bytes.append(contentsOf: string.utf8)
        flushIfFull()
    }

    mutating func append<S: Sequence>(bytes more: S) where S.Element == UInt8 {
        bytes.append(contentsOf: more)
        flushIfFull()
    }

    /// Appends JSON followed by a newline.
    mutating func appendLine(_ value: JSONValue) {
        value.write(to: &bytes)
        bytes.append(0x0A)
        flushIfFull()
    }

    private mutating func flushIfFull() {
        if bytes.count >= Self.blockSize { flush() }
    }

    mutating func flush() {
        guard !bytes.isEmpty else { return }
        FileHandle.standardOutput.write(Data(bytes))
        bytes.removeAll(keepingCapacity: true)
    }
}
