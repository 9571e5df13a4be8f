/// `textDocument/diagnostic`'s result: every current diagnostic of the document (`kind` is always `full`).
struct FullDocumentDiagnosticReport: Codable, Sendable {
    var kind: DocumentDiagnosticReportKind
    var items: [Diagnostic]

    init(items: [Diagnostic]) {
        self.kind = .full
        self.items = items
    }
}
