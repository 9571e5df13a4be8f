import TextServices
import TextServicesProtocol

extension LanguageServer {
    /// Adopts new settings: validates languages and patterns (reporting what is skipped), then rechecks open documents.
    func applySettings(_ new: LSPSettings, problems: [String]) {
        var new = new
        var messages = problems
        var resolved: [String] = []
        if let languages = new.languages {
            var usable: [String] = []
            for language in languages {
                do {
                    if case .auto(let candidates) = LanguageSetting([language]) {
                        // Refused here (-32001) when a candidate is not installed, as a plain language is.
                        _ = try client.send(TextLanguageRequest(text: "", candidates: candidates))
                        resolved.append(language)
                        usable.append(language)
                        continue
                    }
                    resolved += try client.send(SpellCheckWordsRequest(words: [], languages: [language])).languages
                    usable.append(language)
                } catch {
                    messages.append(error.message)
                }
            }
            new.languages = usable.isEmpty ? nil : usable
        }
        if new.languages == nil {
            resolved = (try? client.send(SpellCheckWordsRequest(words: [])).languages) ?? []
        }
        let languagesChanged = resolved != resolvedLanguages
        resolvedLanguages = resolved
        var compiled: [IgnorePattern] = []
        for source in new.ignorePatterns {
            do {
                compiled.append(try IgnorePattern(source))
            } catch {
                messages.append("ignore pattern '\(source)': \(ServiceError(error).message)")
            }
        }
        let changed = new != settings || compiled.map(\.source) != patterns.map(\.source) || languagesChanged
        settings = new
        patterns = compiled
        for message in messages { showMessage(message) }
        if changed { recheckAll() }
    }

    /// `workspace/didChangeConfiguration`: adopts the settings sent, or pulls them when none were sent and the client can answer.
    func didChangeConfiguration(_ params: DidChangeConfigurationParams) {
        if params.settings?.isEmpty ?? true, clientPullsConfiguration {
            pullConfiguration()
            return
        }
        guard let object = params.settings else { return }
        var updated = settings
        let problems = updated.apply(object)
        applySettings(updated, problems: problems)
    }

    /// Asks a client that supports `workspace/configuration` for the `textsvcd` section.
    ///
    /// A malformed answer is logged with the reason; an answer of null (no such section) changes nothing.
    func pullConfiguration() {
        guard clientPullsConfiguration else { return }
        sendRequest("workspace/configuration", ConfigurationParams(items: [ConfigurationItem(section: "textsvcd")])) { [weak self] result in
            guard let self, self.phase == .running, let result else { return }
            let sections: [SettingsObject?]
            do {
                sections = try Self.decode([SettingsObject?].self, result)
            } catch {
                self.logMessage("ignored a malformed 'workspace/configuration' answer: \(ServiceError(wrapping: error).message)", type: .warning)
                return
            }
            guard let first = sections.first, let object = first else { return }
            var updated = self.settings
            let problems = updated.apply(object)
            self.applySettings(updated, problems: problems)
        }
    }
}
