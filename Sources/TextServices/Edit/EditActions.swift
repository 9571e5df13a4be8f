/// Works out what an edit menu shows for a selection, as UIMenuController asks the responder chain.
///
/// For a selection (or caret) in a text: guesses to replace a misspelled
/// word with, learn/unlearn/ignore, cut/copy/paste/delete where they apply,
/// and select word/sentence/paragraph/all when they would change the
/// selection. The spelling part (`spellingFixes`) also gives the language
/// server its quick fixes. Thread-safe; it holds only thread-safe services.
public struct EditActions: Sendable {
    /// What to compute the menu for. Ranges are UTF-8 byte offsets into `text`.
    public struct Request: Sendable {
        public var text: TextBuffer
        public var selection: ByteRange
        /// The part of the text to work in (`select.all` selects it); the whole text when nil.
        public var range: ByteRange?
        /// Dictionaries to check against; the default language when nil.
        public var languages: [String]?
        /// The document whose ignored words count as correct; `ignore` is offered only with one.
        public var documentId: String?
        /// The ICU locale for word and sentence boundaries; the first dictionary's language when nil.
        public var locale: String?
        /// The most replacement guesses to offer.
        public var guessLimit: Int

        public init(text: TextBuffer, selection: ByteRange, range: ByteRange? = nil, languages: [String]? = nil,
                    documentId: String? = nil, locale: String? = nil, guessLimit: Int = 5) {
            self.text = text
            self.selection = selection
            self.range = range
            self.languages = languages
            self.documentId = documentId
            self.locale = locale
            self.guessLimit = guessLimit
        }
    }

    public let spelling: SpellingService
    public let pasteboards: PasteboardStore
    static let longestWordBytes = 256

    public init(spelling: SpellingService, pasteboards: PasteboardStore) {
        self.spelling = spelling
        self.pasteboards = pasteboards
    }

    /// The menu's actions, in menu order: spelling, clipboard, selection.
    ///
    /// Throws `.unknownLanguage` for a language without a dictionary and
    /// `.invalidPosition` when the selection lies outside `range`.
    public func actions(for request: Request) throws(TextServicesError) -> [EditAction] {
        let text = request.text
        let bounds = request.range ?? text.fullRange
        let selection = request.selection
        guard bounds.lowerBound <= selection.lowerBound, selection.upperBound <= bounds.upperBound else {
            throw .invalidPosition(argument: "selection", reason: "is outside 'range'")
        }
        let checker = try spelling.checker(languages: request.languages, documentId: request.documentId)
        let units = EditTextUnits(text: text, selection: selection, bounds: bounds, locale: request.locale ?? checker.locale)
        let words = units.tokens(.word)
        var actions: [EditAction] = []
        actions += spellingActions(request, checker: checker, units: units, words: words)
        actions += clipboardActions(request)
        actions += selectionActions(units, words: words, bounds: bounds)
        return actions
    }

    // MARK: Spelling

    private func spellingActions(_ request: Request, checker: SpellChecker, units: EditTextUnits,
                                 words: [EditTextUnits.Token]) -> [EditAction] {
        let selection = request.selection
        // No word is longer than this; a longer selection holds several, and checking it would be wasted work.
        guard selection.byteCount <= Self.longestWordBytes else { return [] }
        let selectedWords = units.selectedWords(words)
        let touching = checker.check(request.text, range: units.spellingWindow).misspellings.filter { misspelling in
            misspelling.range.lowerBound <= selection.upperBound && selection.lowerBound <= misspelling.range.upperBound
        }
        let language = checker.dictionaries[0].tag.tag
        if let misspelling = Self.target(of: selection, among: touching, words: selectedWords) {
            let guesses = spelling.guesses(for: misspelling.word, checker: checker, limit: request.guessLimit)
            return Self.spellingFixes(for: misspelling, guesses: guesses, language: language, documentId: request.documentId)
        }
        // A correct word that was learned can be unlearned.
        guard touching.isEmpty, selectedWords.count == 1, let word = selectedWords.first,
              selection.isEmpty || word.contains(selection.lowerBound) && selection.upperBound <= word.upperBound else { return [] }
        let string = request.text.string(word)
        guard let learned = try? spelling.learnedWords(language: language), learned.contains(string) else { return [] }
        return [EditAction(id: "unlearn", title: "Unlearn Spelling", kind: .spelling, effect: .unlearn(word: string, language: language))]
    }

    /// The spelling menu for one misspelled word: a replacement for each guess, then learn, then ignore (with a document).
    ///
    /// The edit menu and the language server's quick fixes both come from here.
    public static func spellingFixes(for misspelling: Misspelling, guesses: [String], language: String,
                                     documentId: String?) -> [EditAction] {
        var actions: [EditAction] = []
        for (index, guess) in guesses.enumerated() {
            actions.append(EditAction(id: "replace.\(index)", title: "Replace with \u{201C}\(guess)\u{201D}", kind: .replace,
                                      edit: .init(range: misspelling.range, newText: guess)))
        }
        actions.append(EditAction(id: "learn", title: "Learn Spelling", kind: .spelling,
                                  effect: .learn(word: misspelling.word, language: language)))
        if let documentId {
            actions.append(EditAction(id: "ignore", title: "Ignore Spelling", kind: .spelling,
                                      effect: .ignore(word: misspelling.word, documentId: documentId)))
        }
        return actions
    }

    /// The misspelling a selection is about: the one a caret is in or touches, or the one a selection overlaps when every word it holds is part of it.
    static func target(of selection: ByteRange, among touching: [Misspelling], words: [ByteRange]) -> Misspelling? {
        if selection.isEmpty {
            let caret = selection.lowerBound
            return touching.first { $0.range.lowerBound <= caret && caret < $0.range.upperBound } ?? touching.first
        }
        guard touching.count == 1, let misspelling = touching.first else { return nil }
        let range = misspelling.range
        return words.allSatisfy { $0.overlaps(range) } ? misspelling : nil
    }

    // MARK: Clipboard

    private func clipboardActions(_ request: Request) -> [EditAction] {
        let selection = request.selection
        var actions: [EditAction] = []
        if !selection.isEmpty {
            let copy = EditAction.Effect.copy(text: request.text.string(selection), pasteboard: PasteboardStore.general)
            actions.append(EditAction(id: "cut", title: "Cut", kind: .clipboard,
                                      edit: .init(range: selection, newText: ""), effect: copy))
            actions.append(EditAction(id: "copy", title: "Copy", kind: .clipboard, effect: copy))
        }
        if let (text, _) = pasteboards.firstText(PasteboardStore.general) {
            actions.append(EditAction(id: "paste", title: "Paste", kind: .clipboard, edit: .init(range: selection, newText: text)))
        }
        if !selection.isEmpty {
            actions.append(EditAction(id: "delete", title: "Delete", kind: .edit, edit: .init(range: selection, newText: "")))
        }
        return actions
    }

    // MARK: Selection

    private func selectionActions(_ units: EditTextUnits, words: [EditTextUnits.Token], bounds: ByteRange) -> [EditAction] {
        let selection = units.selection
        var actions: [EditAction] = []
        func offer(_ id: String, _ title: String, _ range: ByteRange?) {
            guard let range, !range.isEmpty, range != selection else { return }
            actions.append(EditAction(id: id, title: title, kind: .selection, selection: range))
        }
        offer("select.word", "Select Word", units.word(words))
        offer("select.sentence", "Select Sentence", units.sentence(units.tokens(.sentence)))
        offer("select.paragraph", "Select Paragraph", units.paragraph())
        offer("select.all", "Select All", bounds)
        return actions
    }
}
