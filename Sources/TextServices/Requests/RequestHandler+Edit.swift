extension RequestHandler {
    /// `edit.actions`: the edit menu for a selection (UIMenuController's job).
    static func editMethods(_ services: Services) -> [String: Method] {
        let editActions = EditActions(spelling: services.spelling, pasteboards: services.pasteboards)
        return [
            "edit.actions": { params, _ in
                let text = try params.text()
                let range = try params.optionalRange(in: text)
                let selection = try params.range("selection", in: text)
                let guessLimit = params.has("guesses") ? try guessCount(params) : 5
                let request = EditActions.Request(text: text, selection: selection, range: range,
                                                  languages: try requestedLanguages(params),
                                                  documentId: try params.optionalString("documentId"),
                                                  locale: try params.optionalString("locale"), guessLimit: guessLimit)
                let actions = try editActions.actions(for: request)
                return ["actions": .array(actions.map { $0.json(in: text, encoding: params.encoding) })]
            },
        ]
    }
}
