/// The words of a cspell configuration file (`cspell.json`, `.cspell.json`, `cspell.jsonc`), for importing.
///
/// cspell reads its JSON configuration with comments (`//` and `/* */`) and
/// tolerates trailing commas, so this reader does too; anything else must be
/// JSON. The top-level `words` (words cspell accepts and suggests) and
/// `ignoreWords` (words it accepts without suggesting them) are imported:
/// both are words the project does not want flagged. `flagWords` (words
/// cspell always flags), words inside `overrides` or `languageSettings`, and
/// the word files `dictionaryDefinitions` names are not, each with a note.
/// A malformed file is refused with the line of the fault. Thread-safe.
enum CSpellConfiguration {
    static func read(_ bytes: [UInt8], path: String) throws(WordListFormat.ReadError) -> WordListFormat.Contents {
        let lines = try WordListFormat.strictLines(bytes, path: path)
        var parser = JSONCParser(bytes: bytes, start: bytes.starts(with: WordListLines.byteOrderMark) ? 3 : 0)
        let document: JSONCParser.Node
        do {
            document = try parser.document()
        } catch {
            throw WordListFormat.ReadError(path: path, line: lines.lineNumber(atByte: error.offset), reason: error.reason)
        }
        guard case .object(let members) = document.value else {
            throw WordListFormat.ReadError(path: path, line: lines.lineNumber(atByte: document.offset),
                                           reason: "a cspell configuration must be a JSON object")
        }
        var contents = WordListFormat.Contents()
        var seen = Set<String>()
        for key in ["words", "ignoreWords"] {
            guard let member = members.last(where: { $0.key == key }) else { continue }
            guard case .array(let elements) = member.node.value else {
                throw WordListFormat.ReadError(path: path, line: lines.lineNumber(atByte: member.node.offset),
                                               reason: "\u{201C}\(key)\u{201D} must be an array of strings")
            }
            for (index, element) in elements.enumerated() {
                let line = lines.lineNumber(atByte: element.offset)
                guard case .string(let word) = element.value else {
                    throw WordListFormat.ReadError(path: path, line: line, reason: "\(key)[\(index)] must be a string")
                }
                contents.append(word.trimmingCharacters(in: .whitespaces), line: line, seen: &seen)
            }
        }
        for member in members {
            let line = lines.lineNumber(atByte: member.node.offset)
            switch member.key {
            case "flagWords":
                if case .array(let elements) = member.node.value, !elements.isEmpty {
                    contents.notes.append(.init(line: line, message: "flagWords (\(elements.count)) left out: cspell always flags them"))
                }
            case "dictionaryDefinitions":
                guard case .array(let definitions) = member.node.value else { continue }
                let paths = definitions.compactMap { definition -> String? in
                    guard case .object(let fields) = definition.value,
                          case .string(let path)? = fields.last(where: { $0.key == "path" })?.node.value else { return nil }
                    return path
                }
                if !paths.isEmpty {
                    contents.notes.append(.init(line: line, message: "dictionaryDefinitions names word files (\(paths.joined(separator: ", "))): "
                                                + "import them too, as plain lists"))
                }
            case "overrides", "languageSettings":
                if member.node.containsKey("words") || member.node.containsKey("ignoreWords") {
                    contents.notes.append(.init(line: line, message: "words inside \(member.key) apply to some files only; left out"))
                }
            case "import":
                contents.notes.append(.init(line: line, message: "imported configurations are not followed; import them too"))
            default:
                break
            }
        }
        return contents
    }
}
