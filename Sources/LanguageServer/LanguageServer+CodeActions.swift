import TextServices
import TextServicesProtocol

extension LanguageServer {
    /// The most misspellings a `textDocument/codeAction` range gets fixes for (a wide selection would otherwise ask for many guesses).
    static let maxMisspellingsPerCodeAction = 3

    /// `textDocument/codeAction`: for each misspelling touching the range, the edit menu's spelling fixes as quick fixes.
    ///
    /// The fixes come from `EditActions.spellingFixes`, as `edit.actions`
    /// offers them: a replacement for each guess (near project words among
    /// them), then "add to dictionary" (learn), "add to the project
    /// dictionary" when the document is in a project (see
    /// `projectDestination(for:)`), and "ignore in this document".
    func codeActions(_ params: CodeActionParams) throws -> [CodeAction] {
        let uri = params.textDocument.uri
        guard CodeActionKind.quickFix.isWanted(by: params.context?.only ?? []) else { return [] }
        guard documents[uri] != nil, ensureChecked(uri), let state = documents[uri] else { return [] }
        let range = state.document.byteRange(params.range, encoding: encoding)
        let touching = state.misspellings.filter { misspelling in
            misspelling.range.lowerBound <= range.upperBound && range.lowerBound <= misspelling.range.upperBound
        }
        guard !touching.isEmpty else { return [] }
        let project = projectWords(for: uri)
        let inProject = project?.destination(workspaceRoots: workspaceRoots) != nil
        var actions: [CodeAction] = []
        let bytes = state.document.text.bytes
        let fixable = FixableText.mask(bytes, kind: state.document.kind, path: LSPDocument.path(ofURI: uri))
        for misspelling in touching.prefix(Self.maxMisspellingsPerCodeAction) {
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
            // Preferred only where `check --fix` would replace: the same first guess, confident by the same margin,
            // mending a slip, where a fix may go.
            let confident = GuessConfidence.isConfident(margin: answer.margin) && guesses.first == answer.guesses.first
                && answer.guesses.first.map { GuessConfidence.isSlipMend(misspelling.word, to: $0) } == true
                && FixableText.allows(misspelling.range.ints, in: bytes, mask: fixable)
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
        return actions
    }

    /// An edit-menu fix as an LSP code action: a workspace edit for a replacement, a command for learn and ignore.
    private func codeAction(_ fix: EditAction, misspelling: Misspelling, diagnostic: Diagnostic, in state: DocumentState,
                            preferred: Bool) -> CodeAction? {
        let uri = state.document.uri
        let word = misspelling.word
        if let edit = fix.edit {
            let change = TextEdit(range: state.document.range(edit.range, encoding: encoding), newText: edit.newText)
            return CodeAction(title: "Change to \u{201C}\(edit.newText)\u{201D}", kind: .quickFix, diagnostics: [diagnostic],
                              isPreferred: preferred, edit: WorkspaceEdit(changes: [uri: [change]]))
        }
        let command: Command
        switch fix.effect {
        case .learn(_, let language)?:
            command = Command(title: "Add \u{201C}\(word)\u{201D} to the dictionary", command: Self.commandAddToDictionary,
                              arguments: [word, language])
        case .ignore(_, let documentId)?:
            command = Command(title: "Ignore \u{201C}\(word)\u{201D} in this document", command: Self.commandIgnoreInDocument,
                              arguments: [documentId, word])
        default:
            return nil
        }
        return CodeAction(title: command.title, kind: .quickFix, diagnostics: [diagnostic], command: command)
    }

    /// "Add “word” to the project dictionary": the command `textsvcd.addToProjectDictionary [word, documentURI]`.
    private func projectAction(_ word: String, diagnostic: Diagnostic, uri: String) -> CodeAction {
        let command = Command(title: "Add \u{201C}\(word)\u{201D} to the project dictionary", command: Self.commandAddToProjectDictionary,
                              arguments: [word, uri])
        return CodeAction(title: command.title, kind: .quickFix, diagnostics: [diagnostic], command: command)
    }

    /// `workspace/executeCommand`: learning a word (persistent), adding it to the project's words, or ignoring it in one document.
    func executeCommand(_ params: ExecuteCommandParams) throws {
        switch params.command {
        case Self.commandAddToDictionary:
            let arguments = try params.decodeArguments(AddToDictionaryArguments.self, "must start with the word to add")
            let fallback = settings.detectsLanguage ? resolvedLanguages.first { !$0.hasPrefix("auto") } : settings.languages?.first
            _ = try client.send(SpellLearnRequest(word: arguments.word, language: arguments.language ?? fallback))
            recheckAll()
        case Self.commandAddToProjectDictionary:
            let arguments = try params.decodeArguments([String].self, "must be [word, documentURI]")
            guard arguments.count >= 2 else { throw ServiceError.invalidParams(field: "arguments", "must be [word, documentURI]") }
            try addToProjectDictionary(word: arguments[0], uri: arguments[1])
        case Self.commandIgnoreInDocument:
            let arguments = try params.decodeArguments([String].self, "must be [documentURI, word]")
            guard arguments.count >= 2 else { throw ServiceError.invalidParams(field: "arguments", "must be [documentURI, word]") }
            let (uri, word) = (arguments[0], arguments[1])
            _ = try client.send(SpellIgnoreRequest(word: word, documentId: uri))
            if documents[uri] != nil {
                documents[uri]?.checked = false
                checkAndPublish(uri)
            }
        default:
            throw ServiceError.invalidParams(field: "command", "'\(params.command)' is not a textsvcd command")
        }
    }
}
