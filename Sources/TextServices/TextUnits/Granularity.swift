/// The size of text unit a tokenizer splits text into, as UITextGranularity names them.
///
/// `character` is an extended grapheme cluster, `line` a segment between two
/// line-break opportunities (not a visual line), `paragraph` runs up to and
/// including a paragraph terminator (LF, CR, CR LF, NEL, FF or U+2029;
/// U+2028 LINE SEPARATOR and VT stay inside a paragraph), `document` is the
/// whole text.
public enum Granularity: String, Sendable, CaseIterable {
    case character
    case word
    case sentence
    case line
    case paragraph
    case document

    /// Parses a wire name; accepts a few plural and ICU spellings ("words", "grapheme").
    public init?(name: String) {
        switch name.lowercased() {
        case "character", "characters", "char", "grapheme", "graphemes": self = .character
        case "word", "words": self = .word
        case "sentence", "sentences": self = .sentence
        case "line", "lines": self = .line
        case "paragraph", "paragraphs": self = .paragraph
        case "document": self = .document
        default: return nil
        }
    }

    /// The ICU break iterator behind this granularity, or nil when it is computed directly.
    var breakKind: BreakKind? {
        switch self {
        case .character: return .character
        case .word: return .word
        case .sentence: return .sentence
        case .line: return .line
        case .paragraph, .document: return nil
        }
    }
}
