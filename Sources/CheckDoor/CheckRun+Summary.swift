import Foundation

extension CheckRun.Outcome {
    /// The line a terminal is shown at the end of a run: `3 files, 1,204 words, 2 misspellings, 0.41 seconds`.
    public func summaryLine(seconds: Double) -> String {
        func counted(_ number: Int, _ one: String, _ many: String) -> String {
            let formatter = NumberFormatter()
            formatter.numberStyle = .decimal
            formatter.locale = Locale(identifier: "en_US")
            return (formatter.string(from: NSNumber(value: number)) ?? "\(number)") + " " + (number == 1 ? one : many)
        }
        return [counted(checked, "file", "files"), counted(words, "word", "words"),
                counted(misspellings, "misspelling", "misspellings"), String(format: "%.2f seconds", seconds)]
            .joined(separator: ", ")
    }

    /// `translations not checked (language not asked for): ko (2 files), ja`: the catalogs left unchecked, nil when none.
    public var untranslatedSummary: String? {
        guard !skippedTranslations.isEmpty else { return nil }
        let languages = skippedTranslations.keys.sorted().map { language in
            let count = skippedTranslations[language]!
            return (language.isEmpty ? "no Language: header" : language) + (count > 1 ? " (\(count) files)" : "")
        }
        return "translations not checked (language not asked for): " + languages.joined(separator: ", ")
    }

    /// `words in other scripts not checked: Cyrillic (297 in 1 file), Hangul (796 in 1 file)`, nil when none.
    ///
    /// The words no language of the run is written in (`OtherScripts.skip`);
    /// `--other-scripts check` or `--lang auto` checks them.
    public var otherScriptsSummary: String? {
        guard !otherScriptWords.isEmpty else { return nil }
        let scripts = otherScriptWords.keys.sorted().map { script in
            let words = otherScriptWords[script]!, files = otherScriptFiles[script] ?? 1
            return "\(script) (\(words) \(words == 1 ? "word" : "words") in \(files) \(files == 1 ? "file" : "files"))"
        }
        return "words in other scripts not checked: " + scripts.joined(separator: ", ")
    }
}
