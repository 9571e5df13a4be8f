import Dispatch
import TextServices
import TextServicesProtocol

extension LanguageServer {
    // MARK: Document sync

    func didOpen(_ params: DidOpenTextDocumentParams) {
        let item = params.textDocument
        let document = LSPDocument(uri: item.uri, languageId: item.languageId ?? "", version: item.version ?? 0, text: item.text)
        documents[item.uri]?.pending?.cancel()
        documents[item.uri] = DocumentState(document: document)
        checkAndPublish(item.uri)
        startProjectPollIfNeeded()
    }

    func didChange(_ params: DidChangeTextDocumentParams) {
        let uri = params.textDocument.uri
        guard var state = documents[uri] else { return }
        for change in params.contentChanges { state.document.apply(change, encoding: encoding) }
        if let version = params.textDocument.version { state.document.version = version }
        state.checked = false
        documents[uri] = state
        scheduleCheck(uri)
    }

    func didSave(_ params: DidSaveTextDocumentParams) {
        let uri = params.textDocument.uri
        guard var state = documents[uri] else { return }
        if let text = params.text {
            state.document = LSPDocument(uri: uri, languageId: state.document.languageId, version: state.document.version,
                                         text: text)
            state.checked = false
            documents[uri] = state
        }
        checkAndPublish(uri)
    }

    func didClose(_ params: DidCloseTextDocumentParams) {
        let uri = params.textDocument.uri
        guard let state = documents.removeValue(forKey: uri) else { return }
        state.pending?.cancel()
        notify("textDocument/publishDiagnostics", PublishDiagnosticsParams(uri: uri, diagnostics: []))
        if documents.isEmpty { stopProjectPoll() }
    }

    // MARK: Checking

    /// Checks a document after the debounce delay, replacing any check already waiting.
    func scheduleCheck(_ uri: String) {
        documents[uri]?.pending?.cancel()
        let delay = settings.debounceMilliseconds
        if delay == 0 {
            documents[uri]?.pending = nil
            checkAndPublish(uri)
            return
        }
        let work = DispatchWorkItem { [weak self] in
            guard let self else { return }
            self.documents[uri]?.pending = nil
            self.checkAndPublish(uri)
        }
        documents[uri]?.pending = work
        queue.asyncAfter(deadline: .now() + .milliseconds(delay), execute: work)
    }

    /// Checks a document now (cancelling a pending check) and publishes its diagnostics.
    func checkAndPublish(_ uri: String) {
        guard phase == .running else { return }
        documents[uri]?.pending?.cancel()
        documents[uri]?.pending = nil
        guard ensureChecked(uri), let state = documents[uri] else { return }
        notify("textDocument/publishDiagnostics",
               PublishDiagnosticsParams(uri: uri, version: state.document.version, diagnostics: diagnostics(for: state)))
    }

    /// Brings a document's misspellings up to date; false when it is not open or cannot be checked.
    @discardableResult
    func ensureChecked(_ uri: String) -> Bool {
        guard var state = documents[uri] else { return false }
        if state.checked { return true }
        let project = self.project(for: uri)
        if let project { reportProjectProblems(project) }
        // The project's config adds its ignore patterns and code options; its string setting and languages apply where the editor sets none.
        let config = project?.settings
        do {
            let text = state.document.text
            let result = try DocumentChecker(settings: config, patterns: patterns, checkStrings: settings.checkStrings)
                .check(text, kind: state.document.kind, directives: InlineDirectives(text.bytes),
                       checker: { self.checker(documentId: uri, project: project, languages: $0) },
                       translations: { GettextCatalog.tag(forLanguage: $0, among: self.translationLanguages(project: project)) },
                       limit: settings.maxDiagnostics)
            state.misspellings = result.misspellings
            if (config?.otherScripts?.value ?? .skip) == .skip {
                let languages = settings.languages ?? config?.languages?.value ?? settings.defaultLanguage.map { [$0] } ?? []
                state.misspellings = WritingScripts.partition(result.misspellings, languages: languages).kept
            }
            state.mask = result.mask
            state.projectSignature = project?.signature ?? []
        } catch {
            showMessage("cannot check \(uri): \(ServiceError(wrapping: error).message)", type: .error)
            return false
        }
        state.checked = true
        documents[uri] = state
        return true
    }

    /// The checker for a document: the configured languages, the document's ignored words, the configured words and its project's words.
    ///
    /// `languages` (an inline `textsvcd: language` region's) replaces the configured ones.
    func checker(documentId: String?, project: Project?, languages: [String]? = nil) -> AcceptingWords<ClientWordChecking> {
        let base = ClientWordChecking(client: client, languages: languages ?? settings.languages ?? project?.settings.languages?.value,
                                      documentId: documentId)
        let words = AcceptedSpellings(settings.words)
        return project?.checker(base, adding: words) ?? AcceptingWords(base, spellings: words)
    }

    /// The languages a gettext catalog's translations may be checked in: the ones this server checks in (not `auto`).
    func translationLanguages(project: Project?) -> [String] {
        (settings.languages ?? project?.settings.languages?.value ?? []).filter { !$0.hasPrefix("auto") }
    }

    func recheckAll() {
        for uri in documents.keys.sorted() {
            documents[uri]?.checked = false
            checkAndPublish(uri)
        }
    }

    // MARK: Diagnostics

    func diagnostics(for state: DocumentState) -> [Diagnostic] {
        state.misspellings.map { diagnostic($0, in: state) }
    }

    func diagnostic(_ misspelling: Misspelling, in state: DocumentState) -> Diagnostic {
        // With `language: "auto"`, the language the word's paragraph was found in.
        let languages = misspelling.language.map { [$0] } ?? resolvedLanguages
        let data = MisspellingData(word: misspelling.word, language: languages.first ?? "",
                                   languages: languages.count > 1 ? languages : nil,
                                   alsoIn: misspelling.alsoIn.isEmpty ? nil : misspelling.alsoIn)
        return Diagnostic(range: state.document.range(misspelling.range, encoding: encoding), severity: settings.severity,
                          source: "textsvcd", code: "misspelling",
                          message: "Unknown word \u{201C}\(misspelling.word)\u{201D} (\(languages.joined(separator: ", ")))",
                          data: data)
    }

    /// `textDocument/diagnostic` (pull model): the current diagnostics of an open document.
    func pullDiagnostics(_ params: DocumentDiagnosticParams) -> FullDocumentDiagnosticReport {
        let uri = params.textDocument.uri
        guard ensureChecked(uri), let state = documents[uri] else { return FullDocumentDiagnosticReport(items: []) }
        return FullDocumentDiagnosticReport(items: diagnostics(for: state))
    }
}
