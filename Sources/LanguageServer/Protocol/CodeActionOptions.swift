/// The code actions the server offers (their kinds) and whether they need resolving.
struct CodeActionOptions: Codable, Sendable {
    var codeActionKinds: [CodeActionKind]
    var resolveProvider: Bool
}
