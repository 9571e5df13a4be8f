/// How `check` prints what it found.
///
/// `text`: `path:line:column: word -> guess, guess` (columns count
/// characters, from 1), as compilers print for a quickfix list. `list`: one
/// misspelled word a line, as `hunspell -l` prints. `json`: one JSON object a
/// line. `sarif`: one SARIF 2.1.0 log for code scanning (`SARIFLog`).
/// `github`: GitHub Actions workflow commands, one `::warning` a
/// misspelling (`GitHubAnnotation`).
public enum CheckFormat: String, CaseIterable, Sendable {
    case text, list, json, sarif, github
}
