import TextServices

/// Which parts of a file `check` reads: chosen by file type, or set for every file.
public enum CheckMode: String, CaseIterable, Sendable {
    case auto, prose, markdown, tex, markup, commit, code

    /// The document kind for a file at `path` (nil for standard input) holding `contents` (a `#!` line names a script's language).
    public func kind(forPath path: String?, contents: [UInt8] = []) -> DocumentKind {
        switch self {
        case .auto: return DocumentKind(languageId: nil, path: path, contents: contents)
        case .prose: return .plainText
        case .markdown: return .markdown
        case .tex: return .tex
        case .markup: return .markup
        case .commit: return .gitCommit
        case .code:
            if let path, case .source(let language) = DocumentKind(languageId: nil, path: path) { return .source(language) }
            return .source(.c)
        }
    }
}
