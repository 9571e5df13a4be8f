/// Whether a pull-diagnostics report holds every diagnostic (`full`) or says nothing changed (`unchanged`, not sent by this server).
enum DocumentDiagnosticReportKind: String, Codable, Sendable {
    case full
    case unchanged
}
