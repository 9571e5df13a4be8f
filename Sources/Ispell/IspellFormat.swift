import TextServices

/// The kinds of input Hunspell's tokenizers know: what `-t`, `-n`, `-H`, `-X` and `-1` select.
public enum IspellFormat: String, Sendable, CaseIterable {
    /// Plain text (the default).
    case text
    /// TeX and LaTeX (`-t`, or `+` in the pipe): commands, math and comments are skipped.
    case tex
    /// HTML (`-H`): tags, comments, scripts, styles and code are skipped; `alt` and `title` of images are checked.
    case html
    /// XML (`-X`): tags and comments are skipped.
    case xml
    /// nroff/troff (`-n`): the request name of a `.` line and font changes (`\fB`) are skipped.
    case nroff
    /// The first tab-separated field of each line only (`-1`).
    case firstField

    /// The format Hunspell picks for a file by its extension when none is given (`html`, `xml`, `tex`, `1` to `9`).
    public init?(fileExtension: String) {
        switch fileExtension {
        case "html", "htm", "xhtml": self = .html
        case "xml": self = .xml
        case "tex": self = .tex
        default:
            guard let first = fileExtension.unicodeScalars.first, ("1"..."9").contains(first) else { return nil }
            self = .nroff
        }
    }
}
