import TextServices

/// `edit.actions`: what an edit menu offers for a selection, as UIMenuController asks the responder chain.
///
/// Replacements with guesses for a misspelled word, learn and ignore, the
/// client's own `items` that apply (`kind: "custom"`, with the `range` they
/// apply to), cut/copy/paste/delete where they apply, and select word/
/// sentence/paragraph/all. `editable: false` (read-only text) and `secure:
/// true` (a password) narrow the menu as UIKit does; `pasteboard` names the
/// board Cut and Copy write and Paste reads. An action that changes the text
/// carries the `edit` to apply; one that learns, ignores or copies carries
/// the `command` (a request of this protocol) that does it.
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
    /// Whether the text can be changed (default true).
    public var editable: Bool?
    /// Whether the text is secret, as a password is (default false).
    public var secure: Bool?
    /// The pasteboard Cut and Copy write to and Paste reads from (default `general`).
    public var pasteboard: String?
    /// The client's own items.
    public var items: [MenuItem]?

    public init(text: String, selection: WireRange, languages: [String]? = nil, documentId: String? = nil,
                editable: Bool? = nil, secure: Bool? = nil, pasteboard: String? = nil, items: [MenuItem]? = nil) {
        self.text = text
        self.selection = selection
        self.languages = languages
        self.documentId = documentId
        self.editable = editable
        self.secure = secure
        self.pasteboard = pasteboard
        self.items = items
    }

    /// A client's own item: offered, with its `id` and `title`, when `when` holds.
    public struct MenuItem: Codable, Sendable, Equatable {
        public var id: String
        public var title: String
        /// `always`, `selection`, `word`, `misspelled` or `editable`.
        public var when: String

        public init(id: String, title: String, when: String) {
            self.id = id
            self.title = title
            self.when = when
        }
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
        /// The text a custom item applies to.
        public var range: WireRange?
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
                                          documentId: documentId, locale: locale, guessLimit: guesses?.count ?? 5,
                                          editable: editable ?? true, secure: secure ?? false,
                                          pasteboard: pasteboard ?? PasteboardStore.general, items: try menuItems())
        let actions = try EditActions(spelling: context.spelling, pasteboards: context.services.pasteboards)
            .actions(for: request)
        return Response(actions: actions.map { Self.action($0, positions) })
    }

    /// The client's items in the domain's terms; -32602 naming `items[N].when` for a condition that does not exist.
    private func menuItems() throws(ServiceError) -> [EditMenuItem] {
        try (items ?? []).enumerated().map { (index, item) throws(ServiceError) -> EditMenuItem in
            guard let condition = EditMenuItem.Condition(rawValue: item.when) else {
                let known = EditMenuItem.Condition.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
                throw .invalidParams(field: "items[\(index)].when", "must be one of \(known)")
            }
            return EditMenuItem(id: item.id, title: item.title, condition: condition)
        }
    }

    static func action(_ action: EditAction, _ positions: TextPositions) -> Action {
        Action(id: action.id, title: action.title, kind: action.kind.rawValue,
               edit: action.edit.map { Edit(range: positions.wire($0.range), newText: $0.newText) },
               selection: action.selection.map { positions.wire($0) },
               command: action.effect.map(command),
               range: action.range.map { positions.wire($0) })
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
