import TextServicesJSON

/// The words of a cspell configuration file (`cspell.json`, `.cspell.json`, `cspell.jsonc`), for importing.
///
/// cspell reads its JSON configuration with comments (`//` and `/* */`) and
/// tolerates trailing commas, so this reader does too (`JSONParser`'s JSONC
/// syntax); anything else must be JSON. The top-level `words` (words cspell
/// accepts and suggests) and `ignoreWords` (words it accepts without
/// suggesting them) are imported: both are words the project does not want
/// flagged. `flagWords` (words cspell always flags), words inside
/// `overrides` or `languageSettings`, and the word files
/// `dictionaryDefinitions` names are not, each with a note. A malformed file
/// is refused with the line of the fault. Thread-safe.
enum CSpellConfiguration {
    static let maximumDepth = 64

    static func read(_ bytes: [UInt8], path: String) throws(WordListFormat.ReadError) -> WordListFormat.Contents {
        let lines = try WordListFormat.strictLines(bytes, path: path)
        let skipped = bytes.starts(with: WordListLines.byteOrderMark) ? WordListLines.byteOrderMark.count : 0
        let document: JSONParser.LocatedDocument
        do {
            document = try JSONParser.parseLocated(Array(bytes.dropFirst(skipped)), syntax: .jsonc, maximumDepth: maximumDepth)
        } catch {
            throw WordListFormat.ReadError(path: path, line: lines.lineNumber(atByte: skipped + error.offset), reason: error.reason)
        }
        func line(_ valuePath: [JSONParser.PathComponent]) -> Int {
            lines.lineNumber(atByte: skipped + (document.offset(of: valuePath) ?? 0))
        }
        guard case .object(let members) = document.value else {
            throw WordListFormat.ReadError(path: path, line: line([]), reason: "a cspell configuration must be a JSON object")
        }
        var contents = WordListFormat.Contents()
        var seen = Set<String>()
        for key in ["words", "ignoreWords"] {
            guard let member = members[key] else { continue }
            guard case .array(let elements) = member else {
                throw WordListFormat.ReadError(path: path, line: line([.key(key)]),
                                               reason: "\u{201C}\(key)\u{201D} must be an array of strings")
            }
            for (index, element) in elements.enumerated() {
                let elementLine = line([.key(key), .index(index)])
                switch element {
                case .string(let word):
                    contents.append(word.trimmingCharacters(in: .whitespaces), line: elementLine, seen: &seen)
                case .invalidUnicode:
                    throw WordListFormat.ReadError(path: path, line: elementLine, reason: "\(key)[\(index)] holds an unpaired surrogate escape")
                default:
                    throw WordListFormat.ReadError(path: path, line: elementLine, reason: "\(key)[\(index)] must be a string")
                }
            }
        }
        for (key, member) in members {
            let memberLine = line([.key(key)])
            switch key {
            case "flagWords":
                if case .array(let elements) = member, !elements.isEmpty {
                    contents.notes.append(.init(line: memberLine, message: "flagWords (\(elements.count)) left out: cspell always flags them"))
                }
            case "dictionaryDefinitions":
                guard case .array(let definitions) = member else { continue }
                let paths = definitions.compactMap { $0["path"]?.stringValue }
                if !paths.isEmpty {
                    contents.notes.append(.init(line: memberLine, message: "dictionaryDefinitions names word files (\(paths.joined(separator: ", "))): "
                                                + "import them too, as plain lists"))
                }
            case "overrides", "languageSettings":
                if containsKey("words", in: member) || containsKey("ignoreWords", in: member) {
                    contents.notes.append(.init(line: memberLine, message: "words inside \(key) apply to some files only; left out"))
                }
            case "import":
                contents.notes.append(.init(line: memberLine, message: "imported configurations are not followed; import them too"))
            default:
                break
            }
        }
        return contents
    }

    /// Whether an object at any depth inside `value` holds a member named `key`.
    private static func containsKey(_ key: String, in value: JSONValue) -> Bool {
        switch value {
        case .object(let members): return members.contains { $0.key == key || containsKey(key, in: $0.value) }
        case .array(let elements): return elements.contains { containsKey(key, in: $0) }
        default: return false
        }
    }
}
