/// The client's general capabilities: the position encodings it offers, preferred first.
struct GeneralClientCapabilities: Codable, Sendable {
    var positionEncodings: [String]?
}
