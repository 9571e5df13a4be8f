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
}
