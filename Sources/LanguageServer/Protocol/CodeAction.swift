/// A quick fix: a replacement (`edit`) or a command (learn, ignore, add to the project dictionary) for the diagnostics it fixes.
///
/// `isPreferred` is set on replacements only, true where `check --fix` would make the same one.
struct CodeAction: Codable, Sendable {
    var title: String
    var kind: CodeActionKind
    var diagnostics: [Diagnostic]
    var isPreferred: Bool?
    var edit: WorkspaceEdit?
    var command: Command?
}
