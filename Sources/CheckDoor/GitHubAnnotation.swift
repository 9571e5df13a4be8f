/// GitHub Actions workflow commands for misspellings: `::warning file=…,line=…,col=…::message`.
///
/// GitHub reads one command a line. In the message `%`, CR and LF are
/// escaped (`%25`, `%0D`, `%0A`); in a property value also `:` and `,`
/// (`%3A`, `%2C`), as the Actions runner's own escaping does. Columns count
/// UTF-16 code units, from 1.
public enum GitHubAnnotation {
    /// The annotation for `word` at `span` of `file`, with its guesses in the message.
    public static func warning(file: String, span: SourceSpan, word: String, guesses: [String]) -> String {
        var message = "'\(word)' is misspelled"
        if !guesses.isEmpty { message += "; did you mean " + guesses.map { "'\($0)'" }.joined(separator: ", ") + "?" }
        let properties = [
            ("file", file), ("line", "\(span.line)"), ("endLine", "\(span.line)"),
            ("col", "\(span.startColumn)"), ("endColumn", "\(span.endColumn)"), ("title", "Misspelling: \(word)"),
        ]
        return "::warning " + properties.map { "\($0.0)=\(escapeProperty($0.1))" }.joined(separator: ",")
            + "::" + escapeData(message)
    }

    /// A message escaped for a workflow command.
    public static func escapeData(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A property value escaped for a workflow command.
    public static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingAll(":", with: "%3A").replacingAll(",", with: "%2C")
    }
}

private extension String {
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var out = ""
        for character in self { if character == target { out += replacement } else { out.append(character) } }
        return out
    }
}
