/// Chooses what of a document the spell checker sees, by the document's kind.
public enum CheckableText {
    /// A mask over `bytes` (UTF-8) that shows only the prose of a document of `kind`.
    ///
    /// Plain text and text of other types are shown whole; Markdown, commit messages, markup and TeX
    /// without their code and markup; source code only in its comments and
    /// string literals (comments only when `checkStrings` is false); gettext
    /// catalogs in their strings (`GettextCatalog`; `catalog` when the caller has read it already). Offsets
    /// in the masked text equal offsets in `bytes`.
    public static func mask(_ bytes: [UInt8], kind: DocumentKind, checkStrings: Bool = true, catalog: GettextCatalog? = nil) -> TextMask {
        switch kind {
        case .plainText, .otherText: return TextMask(bytes: bytes, visible: true)
        case .markdown: return MarkdownMasker.mask(bytes)
        case .reStructuredText: return ReStructuredTextMasker.mask(bytes)
        case .roff: return RoffMasker.mask(bytes)
        case .vimHelp: return VimHelpMasker.mask(bytes)
        case .gitCommit: return CommitMessageMasker.mask(bytes)
        case .markup: return MarkupMasker.mask(bytes)
        case .tex: return TeXMasker.mask(bytes)
        case .gettext:
            var mask = TextMask(bytes: bytes, visible: false)
            let catalog = catalog ?? GettextCatalog(bytes)
            for range in catalog.source + catalog.translations { mask.show(range) }
            return mask
        case .source(let language): return SourceScanner.mask(bytes, language: language, checkStrings: checkStrings)
        }
    }
}
