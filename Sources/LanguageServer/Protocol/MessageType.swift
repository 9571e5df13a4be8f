/// How important a `window/showMessage` or `window/logMessage` is (LSP `MessageType`).
public enum MessageType: Int, Codable, Sendable {
    case error = 1
    case warning = 2
    case info = 3
    case log = 4
}
