import Foundation
import Synchronization
import TextServicesProtocol

/// Writes LSP messages to a file handle with Content-Length framing, one whole message at a time.
public final class FramedOutput: Sendable {
    private let handle: Mutex<FileHandle>

    public init(handle: FileHandle) {
        self.handle = Mutex(handle)
    }

    /// Writes one message, framed.
    public func write(_ message: JSONValue) {
        var body: [UInt8] = []
        message.write(to: &body)
        var frame = Array("Content-Length: \(body.count)\r\n\r\n".utf8)
        frame.append(contentsOf: body)
        handle.withLock { $0.write(Data(frame)) }
    }
}
