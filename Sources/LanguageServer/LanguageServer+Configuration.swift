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
                    if language.hasPrefix("auto") {
                        // Refused here (-32001) when a candidate is not installed, as a plain language is.
                        let candidates = language.hasPrefix("auto:") ? language.dropFirst(5).split(separator: ",").map(String.init) : nil
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

    func didChangeConfiguration(_ params: JSONValue) {
        let settingsValue = params["settings"]
        if (settingsValue?.objectValue?.count ?? 0) == 0, clientPullsConfiguration {
            pullConfiguration()
            return
        }
        var updated = settings
        let problems = updated.apply(settingsValue)
        applySettings(updated, problems: problems)
    }

    /// Asks a client that supports `workspace/configuration` for the `textsvcd` section.
    func pullConfiguration() {
        guard clientPullsConfiguration else { return }
        sendRequest("workspace/configuration", ["items": [["section": "textsvcd"]]]) { [weak self] result in
            guard let self, self.phase == .running, let first = result?.arrayValue?.first, first.objectValue != nil else { return }
            var updated = self.settings
            let problems = updated.apply(first)
            self.applySettings(updated, problems: problems)
        }
    }
}
