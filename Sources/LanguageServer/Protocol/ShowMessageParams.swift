/// `window/showMessage`'s and `window/logMessage`'s params: how important, and the text.
struct ShowMessageParams: Codable, Sendable {
    var type: MessageType
    var message: String
}
