extension LanguageServer {
    /// `textDocument/codeAction`: for each misspelling touching the range, its best guesses as
    /// replacements, then "add to dictionary" and "ignore in this document".
    func codeActions(_ params: JSONValue) throws(ServiceError) -> JSONValue {
        guard let uri = params["textDocument"]?["uri"]?.stringValue else {
            throw .invalidParams(field: "textDocument.uri", "is required")
        }
        if let only = params["context"]?["only"]?.arrayValue?.compactMap(\.stringValue), !only.isEmpty,
           !only.contains(where: { $0 == "quickfix" || $0.isEmpty || "quickfix".hasPrefix($0 + ".") }) {
            return []
        }
        guard documents[uri] != nil, ensureChecked(uri), let state = documents[uri] else { return [] }
        guard let range = state.document.byteRange(params["range"], encoding: encoding) else {
            throw .invalidParams(field: "range", "must be {start: {line, character}, end: {line, character}}")
        }
        let touching = state.misspellings.filter { misspelling in
            misspelling.range.lowerBound <= range.upperBound && range.lowerBound <= misspelling.range.upperBound
        }
        guard !touching.isEmpty, let checker = makeChecker(documentId: uri) else { return [] }
        let language = checker.dictionaries[0].tag.tag
        var actions: [JSONValue] = []
        for misspelling in touching.prefix(3) {
            let diagnostic = diagnostic(misspelling, in: state)
            let guesses = services.spelling.guesses(for: misspelling.word, checker: checker, limit: settings.maxSuggestions)
            for (index, guess) in guesses.enumerated() {
                let edit: JSONValue = ["range": state.document.range(misspelling.range, encoding: encoding), "newText": .string(guess)]
                actions.append([
                    "title": .string("Change to \u{201C}\(guess)\u{201D}"),
                    "kind": "quickfix",
                    "diagnostics": [diagnostic],
                    "isPreferred": .bool(index == 0),
                    "edit": ["changes": .object([uri: [edit]])],
                ])
            }
            actions.append([
                "title": .string("Add \u{201C}\(misspelling.word)\u{201D} to the dictionary"),
                "kind": "quickfix",
                "diagnostics": [diagnostic],
                "command": [
                    "title": .string("Add \u{201C}\(misspelling.word)\u{201D} to the dictionary"),
                    "command": .string(Self.commandAddToDictionary),
                    "arguments": [.string(misspelling.word), .string(language)],
                ],
            ])
            actions.append([
                "title": .string("Ignore \u{201C}\(misspelling.word)\u{201D} in this document"),
                "kind": "quickfix",
                "diagnostics": [diagnostic],
                "command": [
                    "title": .string("Ignore \u{201C}\(misspelling.word)\u{201D} in this document"),
                    "command": .string(Self.commandIgnoreInDocument),
                    "arguments": [.string(uri), .string(misspelling.word)],
                ],
            ])
        }
        return .array(actions)
    }

    /// `workspace/executeCommand`: learning a word (persistent) or ignoring it in one document.
    func executeCommand(_ params: JSONValue) throws(ServiceError) -> JSONValue {
        guard let command = params["command"]?.stringValue else { throw .invalidParams(field: "command", "is required") }
        let arguments = params["arguments"]?.arrayValue ?? []
        switch command {
        case Self.commandAddToDictionary:
            guard let word = arguments.first?.stringValue ?? arguments.first?["word"]?.stringValue else {
                throw .invalidParams(field: "arguments", "must start with the word to add")
            }
            let language = arguments.count > 1 ? arguments[1].stringValue : arguments.first?["language"]?.stringValue
            try services.spelling.learn(word, language: language ?? settings.languages?.first)
            recheckAll()
            return .null
        case Self.commandIgnoreInDocument:
            guard arguments.count >= 2, let uri = arguments[0].stringValue, let word = arguments[1].stringValue else {
                throw .invalidParams(field: "arguments", "must be [documentURI, word]")
            }
            try SpellingService.validateWord(word)
            try services.spelling.ignore(word, documentId: uri)
            if documents[uri] != nil {
                documents[uri]?.checked = false
                checkAndPublish(uri)
            }
            return .null
        default:
            throw .invalidParams(field: "command", "'\(command)' is not a textsvcd command")
        }
    }
}
