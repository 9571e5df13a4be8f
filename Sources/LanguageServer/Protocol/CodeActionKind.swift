/// The kind of a code action (LSP `CodeActionKind`); every action of this server is a quick fix.
enum CodeActionKind: String, Codable, Sendable {
    case quickFix = "quickfix"

    /// Whether a client's `only` filter (kinds, or their parents such as `""`) lets this kind through.
    func isWanted(by only: [String]) -> Bool {
        only.isEmpty || only.contains { $0 == rawValue || $0.isEmpty || rawValue.hasPrefix($0 + ".") }
    }
}
