import TextServices
import TextServicesProtocol

/// The pieces of a SARIF 2.1.0 log of a `check` run, written as the run goes.
///
/// A log is `opening`, the results (one `result` object a line, joined by
/// commas), then `closing`, which records whether the run met an error and
/// the problems it met as tool notifications. One rule,
/// `textsvcd.misspelling`; each result carries its word, its language and
/// its guesses as `fixes` (a replacement of the word's region). Columns count
/// UTF-16 code units (`columnKind`), as GitHub code scanning reads them.
public enum SARIFLog {
    /// The rule every result refers to.
    public static let ruleId = "textsvcd.misspelling"
    /// Where the schema lives (the log's `$schema`).
    public static let schemaURI = "https://json.schemastore.org/sarif-2.1.0.json"

    /// The text before the first result: the log, its one run, the tool and its rule, up to the results' `[`.
    public static var opening: String {
        let rule: JSONValue = [
            "id": .string(ruleId),
            "name": "Misspelling",
            "shortDescription": ["text": "A word that no dictionary of the language accepts."],
            "fullDescription": ["text": "A word that no dictionary of the language, the personal dictionary or the project's words (.textsvcd/words.txt) accepts."],
            "defaultConfiguration": ["level": "warning"],
            "help": ["text": "Correct the word, or add it to the project's words: a line of .textsvcd/words.txt at the repository's top."],
        ]
        let driver: JSONValue = [
            "name": .string(TextServicesVersion.server),
            "version": .string(TextServicesVersion.version),
            "rules": [rule],
        ]
        let head: JSONValue = ["$schema": .string(schemaURI), "version": "2.1.0"]
        let tool: JSONValue = ["driver": driver]
        // The run's object is opened by hand so that results can be written one by one.
        var text = String(head.serialized.dropLast())
        text += ",\"runs\":[{\"tool\":" + tool.serialized + ",\"columnKind\":\"utf16CodeUnits\",\"results\":["
        return text
    }

    /// The text after the last result: the run's invocation (success, notifications) and the ends of the run and the log.
    public static func closing(successful: Bool, notifications: [String]) -> String {
        var invocation: JSONObject = ["executionSuccessful": .bool(successful)]
        if !notifications.isEmpty {
            invocation["toolExecutionNotifications"] = .array(notifications.map { message in
                ["level": "error", "message": ["text": .string(message)]]
            })
        }
        return "],\"invocations\":[" + JSONValue.object(invocation).serialized + "]}]}"
    }

    /// One result: the misspelled word at `span` of the file at `path`, with its guesses as fixes.
    public static func result(path: String, span: SourceSpan, word: String, guesses: [String], language: String) -> JSONValue {
        let region: JSONValue = [
            "startLine": .int(span.line), "startColumn": .int(span.startColumn),
            "endLine": .int(span.line), "endColumn": .int(span.endColumn),
        ]
        let artifact: JSONValue = ["uri": .string(uri(path))]
        var message = "'\(word)' is not in the \(language) dictionary"
        if !guesses.isEmpty { message += "; did you mean " + guesses.map { "'\($0)'" }.joined(separator: ", ") + "?" }
        var result: JSONObject = [
            "ruleId": .string(ruleId),
            "ruleIndex": 0,
            "level": "warning",
            "message": ["text": .string(message)],
            "locations": [["physicalLocation": ["artifactLocation": artifact, "region": region]]],
            "partialFingerprints": ["misspelledWord/v1": .string(word)],
            "properties": ["word": .string(word), "language": .string(language), "guesses": .strings(guesses)],
        ]
        if !guesses.isEmpty {
            result["fixes"] = .array(guesses.map { guess in
                [
                    "description": ["text": .string("Replace '\(word)' with '\(guess)'")],
                    "artifactChanges": [[
                        "artifactLocation": artifact,
                        "replacements": [["deletedRegion": region, "insertedContent": ["text": .string(guess)]]],
                    ]],
                ]
            })
        }
        return .object(result)
    }

    /// A path as a URI reference: relative paths stay relative (to the folder `check` ran in), absolute ones become `file://` URIs.
    public static func uri(_ path: String) -> String {
        var allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/!$&'()*+,;=:@".utf8)
        if path.hasPrefix("/") { allowed.remove(UInt8(ascii: ":")) }
        var encoded = ""
        for byte in path.utf8 {
            if allowed.contains(byte) {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                encoded += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        if encoded.hasPrefix("./") { encoded.removeFirst(2) }
        return path.hasPrefix("/") ? "file://" + encoded : encoded
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { count >= width ? self : String(repeating: "0", count: width - count) + self }
}
