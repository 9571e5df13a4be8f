/// Where a spelling fix may be applied without asking (`check --fix`, the language server's preferred quick fix).
///
/// Prose is; so are the comments of source code. A string literal in code is
/// often data (a test's expected output, a name, a pattern: `"äöü"` was once
/// fixed to `"you"`), and so is a file whose type no kind covers
/// (`DocumentKind.otherText`: syntax definitions, configuration, fixtures)
/// unless it is a project's own document by its name (`README`, `NEWS`) or
/// prose by its extension (`proseExtensions`), and so is a gettext catalog:
/// there a misspelling is reported, not fixed, unless `strings` allows code's
/// strings. A word that an escape starts (`\bpython`, `\tdefault`) is never
/// fixed.
public enum FixableText {
    /// Extensions of prose markups that no other kind reads (AsciiDoc, Org, Textile, Ruby's documentation, wiki markup).
    static let proseExtensions: Set<String> = ["adoc", "asciidoc", "asc", "org", "textile", "rdoc", "wiki", "mediawiki", "creole"]

    /// A project's lists of people (`THANKS`, `AUTHORS.md`), by the name's stem in upper case: names, never fixed.
    static let nameLists: Set<String> = ["THANKS", "AUTHORS", "CREDITS", "CONTRIBUTORS", "MAINTAINERS"]
    /// Folders whose text files are a test's data (its input or expected output): changing a word there breaks the test.
    static let dataFolders: Set<String> = ["test", "tests", "testdata", "test-data", "fixtures", "fixture", "snapshots",
                                           "__snapshots__", "golden", "testcases", "expected"]

    /// A mask over `bytes` (UTF-8) showing where fixes may go in a document of `kind` named `path`; nil where they may go
    /// anywhere.
    ///
    /// Besides the rules above: nothing in a list of people (`nameLists`), and
    /// nothing but the comments of code in a folder of test data
    /// (`dataFolders`: curl's `tests/data/test1196` holds the output a test
    /// expects).
    public static func mask(_ bytes: [UInt8], kind: DocumentKind, path: String?, strings: Bool = false) -> TextMask? {
        let components = path?.split(separator: "/") ?? []
        if let path {
            if nameLists.contains(DocumentKind.nameStem(path)) { return TextMask(bytes: bytes, visible: false) }
            if kind.isProse, components.dropLast().contains(where: { dataFolders.contains($0.lowercased()) }) {
                return TextMask(bytes: bytes, visible: false)
            }
        }
        switch kind {
        case .otherText:
            guard let path, !DocumentKind.isProjectDocument(path) else { return nil }
            let name = components.last ?? Substring(path)
            let suffix = name.split(separator: ".").last.map { $0.lowercased() }
            return name.contains(".") && suffix.map(proseExtensions.contains) == true ? nil : TextMask(bytes: bytes, visible: false)
        case .gettext: return TextMask(bytes: bytes, visible: false)
        case .source: return strings ? nil : CheckableText.mask(bytes, kind: kind, checkStrings: false)
        default: return nil
        }
    }

    /// Whether a fix of the word at `range` of `bytes` may be applied without asking, by `mask` (from `mask(_:kind:path:strings:)`).
    public static func allows(_ range: Range<Int>, in bytes: [UInt8], mask: TextMask?) -> Bool {
        if range.lowerBound > 0, bytes[range.lowerBound - 1] == UInt8(ascii: "\\") { return false }
        guard let mask else { return true }
        return range.allSatisfy { mask.isVisible($0) }
    }
}
