/// One item of an edit menu: what it is called, what kind it is, and what it does.
///
/// Ranges are UTF-8 byte offsets into the text the actions were computed for.
public struct EditAction: Sendable, Equatable {
    /// The group an action belongs to.
    public enum Kind: String, Sendable {
        /// Replaces a misspelled word with a guess.
        case replace
        /// Learns, unlearns or ignores a word's spelling.
        case spelling
        /// Cut, copy and paste.
        case clipboard
        /// Changes the text without the clipboard (delete).
        case edit
        /// Selects a word, sentence, paragraph or everything.
        case selection
    }

    /// A change to the text: replace `range` with `newText`.
    public struct Edit: Sendable, Equatable {
        public var range: ByteRange
        public var newText: String
    }

    /// What carrying out the action does besides editing the text: a word learned or ignored, text copied.
    public enum Effect: Sendable, Equatable {
        /// Learn `word` in `language`'s personal dictionary.
        case learn(word: String, language: String)
        /// Forget a learned `word` in `language`.
        case unlearn(word: String, language: String)
        /// Ignore `word` in one document's checks.
        case ignore(word: String, documentId: String)
        /// Put `text` on a pasteboard (as UTF-8 plain text).
        case copy(text: String, pasteboard: String)
    }

    /// A stable identifier: `replace.N`, `learn`, `unlearn`, `ignore`, `cut`, `copy`, `paste`, `delete`, `select.word`...
    public var id: String
    public var title: String
    public var kind: Kind
    public var edit: Edit?
    /// The selection the action leaves.
    public var selection: ByteRange?
    /// What else the action does, which its client carries out (learn, ignore, copy).
    public var effect: Effect?

    public init(id: String, title: String, kind: Kind, edit: Edit? = nil, selection: ByteRange? = nil, effect: Effect? = nil) {
        self.id = id
        self.title = title
        self.kind = kind
        self.edit = edit
        self.selection = selection
        self.effect = effect
    }
}
