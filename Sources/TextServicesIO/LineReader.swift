import Foundation

/// Reads lines of bytes from a file handle, as they arrive (without waiting for more input than a line).
public struct LineReader {
    /// The handle lines are read from.
    public let handle: FileHandle
    private var buffer: [UInt8] = []
    private var start = 0
    private var finished = false

    public init(handle: FileHandle) {
        self.handle = handle
    }

    /// The next line without its `\n`, or nil at the end of input (a last line without `\n` is returned).
    public mutating func nextLine() -> [UInt8]? {
        while true {
            if let newline = buffer[start...].firstIndex(of: 0x0A) {
                let line = Array(buffer[start..<newline])
                start = newline + 1
                if start > 65_536 {
                    buffer.removeFirst(start)
                    start = 0
                }
                return line
            }
            if finished {
                guard start < buffer.count else { return nil }
                let line = Array(buffer[start...])
                start = buffer.count
                return line
            }
            let data = handle.availableData
            if data.isEmpty { finished = true } else { buffer.append(contentsOf: data) }
        }
    }

    /// Whether `nextLine()` can answer without waiting for input: a whole line, or the end, is already read.
    public var hasBufferedLine: Bool {
        finished || buffer[start...].contains(0x0A)
    }

    /// Reads exactly `count` bytes (fewer only at the end of input).
    public mutating func read(count: Int) -> [UInt8] {
        while buffer.count - start < count, !finished {
            let data = handle.availableData
            if data.isEmpty { finished = true } else { buffer.append(contentsOf: data) }
        }
        let end = min(buffer.count, start + count)
        let bytes = Array(buffer[start..<end])
        start = end
        if start > 65_536 {
            buffer.removeFirst(start)
            start = 0
        }
        return bytes
    }
}
