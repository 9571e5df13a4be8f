import Foundation
import TextServices

/// Writes to standard error.
public enum StandardError {
    /// Writes `message` and a newline.
    public static func print(_ message: String) {
        // A failed write (a closed pipe, with SIGPIPE ignored as `check` does) is dropped.
        try? FileSystem.writeAll(Array((message + "\n").utf8), toDescriptor: STDERR_FILENO)
    }
}
