import Foundation

/// Writes to standard error.
public enum StandardError {
    /// Writes `message` and a newline.
    public static func print(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}
