import TextServices

/// What `textsvcd config PATH` prints: each setting in force for a path and where it came from, as `git config --show-origin` does.
///
/// One line a setting, `ORIGIN<TAB>key = value`, where the origin is
/// `file:PATH:LINE` or `default`. A list setting gives one line per value.
public enum ConfigReport {
    /// The lines for a path's project (the path as the user gave it).
    public static func lines(for project: Project) -> [String] {
        let settings = project.settings
        var lines: [String] = []
        func add(_ origin: String?, _ key: String, _ value: String) {
            lines.append("\(origin.map { "file:" + $0 } ?? "default")\t\(key) = \(value)")
        }
        add(settings.languages?.origin, "language", settings.languages?.value.joined(separator: ",") ?? "(the door's: --lang, TEXTSVCD_LANG or the locale)")
        add(settings.mode?.origin, "mode", settings.mode?.value ?? "auto")
        add(settings.checkStrings?.origin, "check-strings", String(settings.checkStrings?.value ?? true))
        add(settings.checkIdentifiers?.origin, "check-identifiers", String(settings.checkIdentifiers?.value ?? true))
        add(settings.minimumWordLength?.origin, "minimum-word-length",
            settings.minimumWordLength.map { String($0.value) } ?? "(4 for identifier parts, 3 for words in code)")
        add(settings.otherScripts?.origin, "other-scripts", (settings.otherScripts?.value ?? .skip).rawValue)
        if let excluded = settings.excludedBy { add(excluded.origin, "exclude", "\(excluded.value) (matches this path)") }
        for pattern in settings.ignorePatterns { add(pattern.origin, "ignore-patterns", pattern.value) }
        var byOrigin: [(origin: String, words: [String])] = []
        for word in settings.words {
            if byOrigin.last?.origin == word.origin { byOrigin[byOrigin.count - 1].words.append(word.value) } else {
                byOrigin.append((word.origin, [word.value]))
            }
        }
        for group in byOrigin { add(group.origin, "words", group.words.joined(separator: ", ")) }
        for file in project.words.files where !file.words.isEmpty {
            add(file.path, "project-words", "\(file.words.count) \(file.words.count == 1 ? "word" : "words")")
        }
        return lines
    }
}
