import TextServices
import TextServicesProtocol

extension LanguageServer {
    /// `textDocument/codeAction`: for each misspelling touching the range, the edit menu's spelling fixes as quick fixes.
    ///
    /// The fixes come from `EditActions.spellingFixes`, as `edit.actions`
    /// offers them: a replacement for each guess (near project words among
    /// them), then "add to dictionary" (learn), "add to the project
    /// dictionary" when the document is in a project (see
    /// `projectDestination(for:)`), and "ignore in this document".
    func codeActions(_ params: CodeActionParams) throws -> JSONValue {
        let uri = params.textDocument.uri
        if let only = params.context?.only, !only.isEmpty,
           !only.contains(where: { $0 == "quickfix" || $0.isEmpty || "quickfix".hasPrefix($0 + ".") }) {
            return []
        }
        guard documents[uri] != nil, ensureChecked(uri), let state = documents[uri] else { return [] }
        let range = state.document.byteRange(params.range, encoding: encoding)
        let touching = state.misspellings.filter { misspelling in
            misspelling.range.lowerBound <= range.upperBound && range.lowerBound <= misspelling.range.upperBound
        }
        guard !touching.isEmpty else { return [] }
        let project = projectWords(for: uri)
        let inProject = project?.destination(workspaceRoots: workspaceRoots) != nil
        var actions: [JSONValue] = []
        for misspelling in touching.prefix(3) {
            let diagnostic = diagnostic(misspelling, in: state)
            // With `language: "auto"`, guesses and learning use the language the word was found in.
            let language = misspelling.language ?? resolvedLanguages.first ?? ""
            let answer = try client.send(SpellGuessesRequest(word: misspelling.word,
                                                             languages: misspelling.language.map { [$0] } ?? languages(for: uri),
                                                             limit: settings.maxSuggestions, margin: true))
            var guesses = answer.guesses
            if let project {
                guesses = project.guesses(near: misspelling.word, before: guesses, limit: settings.maxSuggestions)
            }
            // Preferred only where `check --fix` would replace: the same first guess, confident by the same margin.
            let confident = GuessConfidence.isConfident(margin: answer.margin) && guesses.first == answer.guesses.first
            let fixes = EditActions.spellingFixes(for: misspelling, guesses: guesses, language: language, documentId: uri)
            for fix in fixes {
                if let action = codeAction(fix, misspelling: misspelling, diagnostic: diagnostic, in: state, preferred: confident && fix.id == "replace.0") {
                    actions.append(action)
                }
                if fix.id == "learn", inProject {
                    actions.append(projectAction(misspelling.word, diagnostic: diagnostic, uri: uri))
                }
            }
        }
        return .array(actions)
    }

    /// An edit-menu fix as an LSP code action: a workspace edit for a replacement, a command for learn and ignore.
    private func codeAction(_ fix: EditAction, misspelling: Misspelling, diagnostic: JSONValue, in state: DocumentState,
                            preferred: Bool) -> JSONValue? {
        let uri = state.document.uri
        let word = misspelling.word
        if let edit = fix.edit {
            let change: JSONValue = ["range": state.document.range(edit.range, encoding: encoding), "newText": .string(edit.newText)]
            return [
                "title": .string("Change to \u{201C}\(edit.newText)\u{201D}"),
                "kind": "quickfix",
                "diagnostics": [diagnostic],
                "isPreferred": .bool(preferred),
                "edit": ["changes": .object([uri: [change]])],
            ]
        }
        let title: String
        let command: JSONValue
        switch fix.effect {
        case .learn(_, let language)?:
            title = "Add \u{201C}\(word)\u{201D} to the dictionary"
            command = ["title": .string(title), "command": .string(Self.commandAddToDictionary),
                       "arguments": [.string(word), .string(language)]]
        case .ignore(_, let documentId)?:
            title = "Ignore \u{201C}\(word)\u{201D} in this document"
            command = ["title": .string(title), "command": .string(Self.commandIgnoreInDocument),
                       "arguments": [.string(documentId), .string(word)]]
        default:
            return nil
        }
        return ["title": .string(title), "kind": "quickfix", "diagnostics": [diagnostic], "command": command]
    }

    /// "Add “word” to the project dictionary": the command `textsvcd.addToProjectDictionary [word, documentURI]`.
    private func projectAction(_ word: String, diagnostic: JSONValue, uri: String) -> JSONValue {
        let title = "Add \u{201C}\(word)\u{201D} to the project dictionary"
        let command: JSONValue = ["title": .string(title), "command": .string(Self.commandAddToProjectDictionary),
                                  "arguments": [.string(word), .string(uri)]]
        return ["title": .string(title), "kind": "quickfix", "diagnostics": [diagnostic], "command": command]
    }

    /// `workspace/executeCommand`: learning a word (persistent), adding it to the project's words, or ignoring it in one document.
    func executeCommand(_ params: ExecuteCommandParams) throws -> JSONValue {
        let command = params.command
        let arguments = params.arguments ?? []
        switch command {
        case Self.commandAddToDictionary:
            guard let word = arguments.first?.stringValue ?? arguments.first?["word"]?.stringValue else {
                throw ServiceError.invalidParams(field: "arguments", "must start with the word to add")
            }
            let language = arguments.count > 1 ? arguments[1].stringValue : arguments.first?["language"]?.stringValue
            let fallback = settings.detectsLanguage ? resolvedLanguages.first { !$0.hasPrefix("auto") } : settings.languages?.first
            _ = try client.send(SpellLearnRequest(word: word, language: language ?? fallback))
            recheckAll()
            return .null
        case Self.commandAddToProjectDictionary:
            guard arguments.count >= 2, let word = arguments[0].stringValue, let uri = arguments[1].stringValue else {
                throw ServiceError.invalidParams(field: "arguments", "must be [word, documentURI]")
            }
            return try addToProjectDictionary(word: word, uri: uri)
        case Self.commandIgnoreInDocument:
            guard arguments.count >= 2, let uri = arguments[0].stringValue, let word = arguments[1].stringValue else {
                throw ServiceError.invalidParams(field: "arguments", "must be [documentURI, word]")
            }
            _ = try client.send(SpellIgnoreRequest(word: word, documentId: uri))
            if documents[uri] != nil {
                documents[uri]?.checked = false
                checkAndPublish(uri)
            }
            return .null
        default:
            throw ServiceError.invalidParams(field: "command", "'\(command)' is not a textsvcd command")
        }
    }
}
