/// Works out what an edit menu shows for a selection, as UIMenuController asks the responder chain.
///
/// For a selection (or caret) in a text: guesses to replace a misspelled
/// word with, learn/unlearn/ignore, the client's own items that apply,
/// cut/copy/paste/delete where they apply, and select word/sentence/
/// paragraph/all when they would change the selection. Read-only text
/// (`editable` false) offers only copy, the client's items and selections,
/// as UIKit does for a label; secure text (a password field) offers no
/// copy or cut and reveals no words: no spelling, no word or sentence
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
        /// Whether the text can be changed; read-only text offers only copy, the client's items and selections.
        public var editable: Bool
        /// Whether the text is secret (a password): no copy or cut, no spelling, no words revealed.
        public var secure: Bool
        /// The pasteboard Cut and Copy write to and Paste reads from.
        public var pasteboard: String
        /// The client's own items, offered after the spelling actions where their conditions hold.
        public var items: [EditMenuItem]

        public init(text: TextBuffer, selection: ByteRange, range: ByteRange? = nil, languages: [String]? = nil,
                    documentId: String? = nil, locale: String? = nil, guessLimit: Int = 5, editable: Bool = true,
                    secure: Bool = false, pasteboard: String = PasteboardStore.general, items: [EditMenuItem] = []) {
            self.text = text
            self.selection = selection
            self.range = range
            self.languages = languages
            self.documentId = documentId
            self.locale = locale
            self.guessLimit = guessLimit
            self.editable = editable
            self.secure = secure
            self.pasteboard = pasteboard
            self.items = items
        }
    }

    public let spelling: SpellingService
    public let pasteboards: PasteboardStore
    static let longestWordBytes = 256

    public init(spelling: SpellingService, pasteboards: PasteboardStore) {
        self.spelling = spelling
        self.pasteboards = pasteboards
    }

    /// The menu's actions, in menu order: spelling, the client's items, clipboard, selection.
    ///
    /// Throws `.unknownLanguage` for a language without a dictionary,
    /// `.invalidPosition` when the selection lies outside `range`, and
    /// `.invalidArgument` for a bad pasteboard name or custom item (naming
    /// the field, such as `items[1].id`).
    public func actions(for request: Request) throws(TextServicesError) -> [EditAction] {
        let text = request.text
        let bounds = request.range ?? text.fullRange
        let selection = request.selection
        guard bounds.lowerBound <= selection.lowerBound, selection.upperBound <= bounds.upperBound else {
            throw .invalidPosition(argument: "selection", reason: "is outside 'range'")
        }
        try PasteboardName.validate(request.pasteboard, field: "pasteboard")
        try EditMenuItem.validate(request.items)
        let checker = try spelling.checker(languages: request.languages, documentId: request.documentId)
        let units = EditTextUnits(text: text, selection: selection, bounds: bounds, locale: request.locale ?? checker.locale)
        // Secure text reveals nothing of its words: it is neither split nor checked.
        let words = request.secure ? [] : units.tokens(.word)
        let finding = request.secure ? .nothing : spellingFinding(request, checker: checker, units: units, words: words)
        var actions: [EditAction] = []
        if request.editable, !request.secure {
            actions += spellingActions(request, finding: finding, checker: checker)
        }
        actions += customActions(request, units: units, words: words, finding: finding)
        actions += clipboardActions(request)
        actions += selectionActions(units, words: words, bounds: bounds, secure: request.secure)
        return actions
    }

    // MARK: Spelling

    /// What spelling says about the selection: a misspelled word it is about, a learned word it is on, or nothing.
    private enum SpellingFinding {
        case misspelled(Misspelling)
        case learned(word: String, language: String)
        case nothing
    }

    private func spellingFinding(_ request: Request, checker: SpellChecker, units: EditTextUnits,
                                 words: [EditTextUnits.Token]) -> SpellingFinding {
        let selection = request.selection
        // No word is longer than this; a longer selection holds several, and checking it would be wasted work.
        guard selection.byteCount <= Self.longestWordBytes else { return .nothing }
        let selectedWords = units.selectedWords(words)
        let touching = checker.check(request.text, range: units.spellingWindow).misspellings.filter { misspelling in
            misspelling.range.lowerBound <= selection.upperBound && selection.lowerBound <= misspelling.range.upperBound
        }
        if let misspelling = Self.target(of: selection, among: touching, words: selectedWords) { return .misspelled(misspelling) }
        // A correct word that was learned can be unlearned.
        let language = checker.dictionaries[0].tag.tag
        guard touching.isEmpty, selectedWords.count == 1, let word = selectedWords.first,
              selection.isEmpty || word.contains(selection.lowerBound) && selection.upperBound <= word.upperBound else { return .nothing }
        let string = request.text.string(word)
        guard let learned = try? spelling.learnedWords(language: language), learned.contains(string) else { return .nothing }
        return .learned(word: string, language: language)
    }

    private func spellingActions(_ request: Request, finding: SpellingFinding, checker: SpellChecker) -> [EditAction] {
        switch finding {
        case .misspelled(let misspelling):
            let guesses = spelling.guesses(for: misspelling.word, checker: checker, limit: request.guessLimit)
            return Self.spellingFixes(for: misspelling, guesses: guesses, language: checker.dictionaries[0].tag.tag,
                                      documentId: request.documentId)
        case .learned(let word, let language):
            return [EditAction(id: "unlearn", title: "Unlearn Spelling", kind: .spelling, effect: .unlearn(word: word, language: language))]
        case .nothing:
            return []
        }
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

    // MARK: The client's items

    /// Each of the client's items whose condition holds, in the client's order, with the range it applies to.
    private func customActions(_ request: Request, units: EditTextUnits, words: [EditTextUnits.Token],
                               finding: SpellingFinding) -> [EditAction] {
        let selection = request.selection
        return request.items.compactMap { item in
            let range: ByteRange?
            switch item.condition {
            case .always:
                range = selection
            case .selection:
                range = selection.isEmpty ? nil : selection
            case .word:
                range = units.enclosingWord(words)
            case .misspelled:
                if case .misspelled(let misspelling) = finding { range = misspelling.range } else { range = nil }
            case .editable:
                range = request.editable ? selection : nil
            }
            return range.map { EditAction(id: item.id, title: item.title, kind: .custom, range: $0) }
        }
    }

    // MARK: Clipboard

    private func clipboardActions(_ request: Request) -> [EditAction] {
        let selection = request.selection
        var actions: [EditAction] = []
        if !selection.isEmpty, !request.secure {
            let copy = EditAction.Effect.copy(text: request.text.string(selection), pasteboard: request.pasteboard)
            if request.editable {
                actions.append(EditAction(id: "cut", title: "Cut", kind: .clipboard,
                                          edit: .init(range: selection, newText: ""), effect: copy))
            }
            actions.append(EditAction(id: "copy", title: "Copy", kind: .clipboard, effect: copy))
        }
        // Like UIPasteboard's `strings`: every item's text, one a line.
        if request.editable, let (texts, _) = pasteboards.texts(request.pasteboard) {
            actions.append(EditAction(id: "paste", title: "Paste", kind: .clipboard,
                                      edit: .init(range: selection, newText: texts.joined(separator: "\n"))))
        }
        if request.editable, !selection.isEmpty {
            actions.append(EditAction(id: "delete", title: "Delete", kind: .edit, edit: .init(range: selection, newText: "")))
        }
        return actions
    }

    // MARK: Selection

    private func selectionActions(_ units: EditTextUnits, words: [EditTextUnits.Token], bounds: ByteRange,
                                  secure: Bool) -> [EditAction] {
        let selection = units.selection
        var actions: [EditAction] = []
        func offer(_ id: String, _ title: String, _ range: ByteRange?) {
            guard let range, !range.isEmpty, range != selection else { return }
            actions.append(EditAction(id: id, title: title, kind: .selection, selection: range))
        }
        // Secure text shows no word or sentence boundaries; only everything can be selected.
        guard !secure else {
            offer("select.all", "Select All", bounds)
            return actions
        }
        offer("select.word", "Select Word", units.word(words))
        offer("select.sentence", "Select Sentence", units.sentence(units.tokens(.sentence)))
        offer("select.paragraph", "Select Paragraph", units.paragraph())
        offer("select.all", "Select All", bounds)
        return actions
    }
}
