import TextServices

/// `edit.actions`: what an edit menu offers for a selection, as UIMenuController asks the responder chain.
///
/// Replacements with guesses for a misspelled word, learn and ignore,
/// cut/copy/paste/delete where they apply, and select word/sentence/
/// paragraph/all. An action that changes the text carries the `edit` to
/// apply; one that learns, ignores or copies carries the `command` (a
/// request of this protocol) that does it.
public struct EditActionsRequest: TextServicesRequest {
    public static let method = "edit.actions"

    public var text: String
    public var selection: WireRange
    public var range: WireRange?
    public var language: String?
    public var languages: [String]?
    public var documentId: String?
    public var locale: String?
    public var guesses: GuessCount?

    public init(text: String, selection: WireRange, languages: [String]? = nil, documentId: String? = nil) {
        self.text = text
        self.selection = selection
        self.languages = languages
        self.documentId = documentId
    }

    public struct Response: Codable, Sendable, Equatable {
        public var actions: [Action]
    }

    public struct Action: Codable, Sendable, Equatable {
        public var id: String
        public var title: String
        public var kind: String
        public var edit: Edit?
        /// The selection the action leaves.
        public var selection: WireRange?
        public var command: Command?
    }

    /// A change to the text: replace `range` with `newText`.
    public struct Edit: Codable, Sendable, Equatable {
        public var range: WireRange
        public var newText: String
    }

    /// The request that carries out an action's effect.
    public struct Command: Codable, Sendable, Equatable {
        public var method: String
        public var params: JSONValue
    }

    public func handle(_ context: RequestContext) throws -> Response {
        let buffer = try context.text(text)
        let positions = context.positions(in: buffer)
        let range = try positions.range(self.range, field: "range")
        let selection = try positions.range(self.selection, field: "selection")
        let request = EditActions.Request(text: buffer, selection: selection, range: range,
                                          languages: try LanguageSelection(language: language, languages: languages).languages,
                                          documentId: documentId, locale: locale, guessLimit: guesses?.count ?? 5)
        let actions = try EditActions(spelling: context.services.spelling, pasteboards: context.services.pasteboards)
            .actions(for: request)
        return Response(actions: actions.map { Self.action($0, positions) })
    }

    static func action(_ action: EditAction, _ positions: TextPositions) -> Action {
        Action(id: action.id, title: action.title, kind: action.kind.rawValue,
               edit: action.edit.map { Edit(range: positions.wire($0.range), newText: $0.newText) },
               selection: action.selection.map { positions.wire($0) },
               command: action.effect.map(command))
    }

    /// The request of this protocol that carries out an effect.
    public static func command(_ effect: EditAction.Effect) -> Command {
        let encoder = JSONValueEncoder()
        switch effect {
        case .learn(let word, let language):
            return Command(method: SpellLearnRequest.method, params: encoder.encode(SpellLearnRequest(word: word, language: language)))
        case .unlearn(let word, let language):
            return Command(method: SpellUnlearnRequest.method,
                           params: encoder.encode(SpellUnlearnRequest(word: word, language: language)))
        case .ignore(let word, let documentId):
            return Command(method: SpellIgnoreRequest.method,
                           params: encoder.encode(SpellIgnoreRequest(word: word, documentId: documentId)))
        case .copy(let text, let pasteboard):
            let write = PasteboardWriteRequest(name: pasteboard, items: [WirePasteboardItem(PasteboardItem.plainText(text))])
            return Command(method: PasteboardWriteRequest.method, params: encoder.encode(write))
        }
    }
}
