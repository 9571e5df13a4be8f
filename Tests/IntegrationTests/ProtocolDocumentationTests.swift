import Foundation
import Testing
import TextServices
@testable import TextServicesProtocol
@testable import TextServicesTestSupport

/// Every example in docs/protocol.md, sent to the real daemon and compared with the documented response.
@Suite("Protocol documentation examples", .slow)
struct ProtocolDocumentationTests {
    private let scratch = TemporaryFolder("protocol")

    /// One documented exchange: a request line and the response it must get, or a notification that must arrive.
    struct Example: CustomStringConvertible {
        enum Kind { case request, notification }
        var kind: Kind
        /// The method or capability whose presence in `initialize` enables it; nil for always.
        var requires: String?
        var varying: [[String]]
        var request: String
        var expected: JSONValue
        var line: Int
        var description: String { "docs/protocol.md:\(line)" }
    }

    static var documentPath: String {
        TestSupport.repositoryRoot + "/docs/protocol.md"
    }

    /// Reads the examples: a marker comment, then one or two fenced `json` blocks.
    static func examples(in text: String) throws -> [Example] {
        let lines = text.components(separatedBy: "\n")
        var examples: [Example] = []
        var index = 0
        while index < lines.count {
            let line = lines[index].trimmingCharacters(in: .whitespaces)
            index += 1
            guard line.hasPrefix("<!-- example") || line.hasPrefix("<!-- notification"), line.hasSuffix("-->") else { continue }
            let markerLine = index
            var body = line.dropFirst(4).dropLast(3).trimmingCharacters(in: .whitespaces)
            var varying: [[String]] = []
            if let bar = body.range(of: "|") {
                let clause = body[bar.upperBound...].trimmingCharacters(in: .whitespaces)
                guard clause.hasPrefix("vary:") else { throw TestFailure("line \(markerLine): unknown clause \(clause)") }
                varying = clause.dropFirst(5).split(separator: " ").map { $0.split(separator: ".").map(String.init) }
                body = body[..<bar.lowerBound].trimmingCharacters(in: .whitespaces)
            }
            let isNotification = body.hasPrefix("notification")
            let name = body.split(separator: ":", maxSplits: 1).dropFirst().first.map { $0.trimmingCharacters(in: .whitespaces) }
            var blocks: [String] = []
            while blocks.count < (isNotification ? 1 : 2), index < lines.count {
                if lines[index].trimmingCharacters(in: .whitespaces) == "```json" {
                    var block: [String] = []
                    index += 1
                    while index < lines.count, lines[index].trimmingCharacters(in: .whitespaces) != "```" {
                        block.append(lines[index])
                        index += 1
                    }
                    blocks.append(block.joined(separator: "\n"))
                }
                index += 1
            }
            guard blocks.count == (isNotification ? 1 : 2) else {
                throw TestFailure("line \(markerLine): the example lacks its json blocks")
            }
            if isNotification {
                examples.append(Example(kind: .notification, requires: name, varying: varying, request: "",
                                        expected: try JSONParser.parse(blocks[0]), line: markerLine))
            } else {
                guard !blocks[0].contains("\n") else {
                    throw TestFailure("line \(markerLine): a request must be one line")
                }
                examples.append(Example(kind: .request, requires: name, varying: varying, request: blocks[0],
                                        expected: try JSONParser.parse(blocks[1]), line: markerLine))
            }
        }
        return examples
    }

    /// Where `actual` differs from `expected`, ignoring the values at `varying` paths (but not their JSON type).
    static func differences(_ actual: JSONValue?, _ expected: JSONValue?, path: [String] = [],
                            varying: [[String]]) -> [String] {
        let here = path.isEmpty ? "(message)" : path.joined(separator: ".")
        let varies = varying.contains { pattern in
            pattern.count == path.count && zip(pattern, path).allSatisfy { $0 == "*" || $0 == $1 }
        }
        switch (actual, expected) {
        case (nil, nil):
            return []
        case (nil, _?) where varies, (_?, nil) where varies:
            return []
        case (nil, _?):
            return ["\(here): missing"]
        case (_?, nil):
            return ["\(here): not documented (\(actual!.serialized))"]
        case (let actual?, let expected?):
            if varies {
                return sameKind(actual, expected) ? [] : ["\(here): \(actual.typeName) where \(expected.typeName) is documented"]
            }
            switch (actual, expected) {
            case (.object(let a), .object(let e)):
                let keys = e.keys + a.keys.filter { e[$0] == nil }
                return keys.flatMap { differences(a[$0], e[$0], path: path + [$0], varying: varying) }
            case (.array(let a), .array(let e)):
                guard a.count == e.count else {
                    return ["\(here): \(a.count) elements where \(e.count) are documented: \(actual.serialized)"]
                }
                return zip(a, e).enumerated().flatMap { offset, pair in
                    differences(pair.0, pair.1, path: path + ["\(offset)"], varying: varying)
                }
            default:
                return actual == expected ? [] : ["\(here): \(actual.serialized) where \(expected.serialized) is documented"]
            }
        }
    }

    private static func sameKind(_ a: JSONValue, _ b: JSONValue) -> Bool {
        switch (a, b) {
        case (.int, .int), (.int, .double), (.double, .int), (.double, .double): return true
        default: return a.typeName == b.typeName
        }
    }

    @Test func theDocumentHasAnExampleForEveryMethodOfTheContract() throws {
        let examples = try Self.examples(in: String(contentsOfFile: Self.documentPath, encoding: .utf8))
        let documented = Set(examples.compactMap { example -> String? in
            guard example.kind == .request, let request = try? JSONParser.parse(example.request) else { return nil }
            return request["method"]?.stringValue
        })
        let contract = ["initialize", "shutdown", "stats", "spell.languages", "spell.check", "spell.guesses",
                        "spell.complete", "spell.ignore", "spell.ignored", "spell.closeDocument", "spell.learn",
                        "spell.unlearn", "spell.learned", "text.tokenize", "text.boundary", "text.enclosing",
                        "regex.find", "regex.replace", "edit.actions", "pasteboard.create", "pasteboard.write",
                        "pasteboard.read", "pasteboard.info", "pasteboard.subscribe", "pasteboard.remove"]
        for method in contract { #expect(documented.contains(method), "no example for \(method)") }
        #expect(examples.contains { $0.kind == .notification && $0.requires == "pasteboard.changed" })
    }

    @Test func everyExampleGetsTheDocumentedResponseFromTheDaemon() throws {
        let examples = try Self.examples(in: String(contentsOfFile: Self.documentPath, encoding: .utf8))
        #expect(examples.count >= 30)
        let daemon = try DaemonHarness.start(["--max-text-bytes", "200"])
        defer { daemon.stop() }
        let initialized = try daemon.call("initialize")
        let available = Set(initialized["methods"]?.arrayValue?.compactMap(\.stringValue) ?? [])
        let capabilities = Set(initialized["capabilities"]?.objectValue?.keys ?? [])
        // Every method the daemon serves is documented with an example.
        let documented = Set(examples.compactMap { try? JSONParser.parse($0.request)["method"]?.stringValue })
        for method in available.sorted() { #expect(documented.contains(method), "docs/protocol.md has no example of \(method)") }
        let connection = try daemon.connect()
        var notifications: [JSONValue] = []

        /// The next message that is not a notification; notifications are kept for later examples.
        func nextResponse() throws -> JSONValue {
            while true {
                let message = try connection.readMessage()
                if message["id"] == nil, message["method"] != nil { notifications.append(message) } else { return message }
            }
        }

        let isShutdown = { (example: Example) in example.request.contains(#""method": "shutdown""#) }
        let ordered = examples.filter { !isShutdown($0) } + examples.filter(isShutdown)
        var checked = 0
        var skipped: [String] = []
        var lastRequestChecked = false
        for example in ordered {
            // Examples of methods or capabilities the daemon does not list yet (parts of the project still being
            // built) are skipped, and so is a notification whose triggering request was skipped.
            let enabled = example.kind == .notification
                ? lastRequestChecked
                : example.requires.map { available.contains($0) || capabilities.contains($0) } ?? true
            if example.kind == .request { lastRequestChecked = enabled }
            guard enabled else {
                skipped.append("\(example) (\(example.requires ?? ""))")
                continue
            }
            switch example.kind {
            case .request:
                try connection.send(example.request + "\n")
                let response = try nextResponse()
                let problems = Self.differences(response, example.expected, varying: example.varying)
                #expect(problems.isEmpty, "\(example): \(problems.joined(separator: "; "))")
            case .notification:
                let method = example.expected["method"]
                if !notifications.contains(where: { $0["method"] == method }) {
                    notifications.append(try connection.readMessage(timeout: 5))
                }
                let index = try #require(notifications.firstIndex { $0["method"] == method }, "\(example): no notification")
                let problems = Self.differences(notifications.remove(at: index), example.expected, varying: example.varying)
                #expect(problems.isEmpty, "\(example): \(problems.joined(separator: "; "))")
            }
            checked += 1
        }
        #expect(checked >= 20, "only \(checked) examples checked; skipped: \(skipped)")
        if ordered.last.map(isShutdown) == true, checked > 0 {
            #expect(daemon.waitForExit() == 0)
        }
    }

    /// The command-line examples marked `<!-- command -->`: each `$ COMMAND` line, and the lines after it until the next, its exact output.
    static func commandExamples(in text: String) -> [(command: String, output: String)] {
        var result: [(command: String, output: String)] = []
        let lines = text.components(separatedBy: "\n")
        var index = 0
        while index < lines.count {
            defer { index += 1 }
            guard lines[index].trimmingCharacters(in: .whitespaces) == "<!-- command -->" else { continue }
            index += 1
            guard index < lines.count, lines[index].hasPrefix("```") else { continue }
            index += 1
            while index < lines.count, !lines[index].hasPrefix("```") {
                guard lines[index].hasPrefix("$ ") else { index += 1; continue }
                let command = String(lines[index].dropFirst(2))
                var output: [String] = []
                index += 1
                while index < lines.count, !lines[index].hasPrefix("```"), !lines[index].hasPrefix("$ ") {
                    output.append(lines[index])
                    index += 1
                }
                result.append((command, output.map { $0 + "\n" }.joined()))
            }
        }
        return result
    }

    @Test func commandExamplesPrintWhatTheDocumentShows() throws {
        let examples = Self.commandExamples(in: try String(contentsOfFile: Self.documentPath, encoding: .utf8))
        #expect(!examples.isEmpty)
        let environment = EditorTesting.environmentWithBinaryOnPath(scratch.folder("documented-commands"))
        for example in examples {
            let run = try TestProcess.run("/bin/bash", ["-c", example.command], environment: environment, timeout: 120)
            #expect(run.status == 0, "\(example.command): \(run.stderr)")
            #expect(run.stdout == example.output, "\(example.command)")
        }
    }

    @Test func theExampleMatcherReportsDifferencesAndHonoursVaryingPaths() throws {
        let expected = try JSONParser.parse(#"{"id":1,"result":{"a":[{"x":1},{"x":2}],"t":0.5}}"#)
        let same = try JSONParser.parse(#"{"result":{"t":0.5,"a":[{"x":1},{"x":2}]},"id":1}"#)
        #expect(Self.differences(same, expected, varying: []).isEmpty)
        let other = try JSONParser.parse(#"{"id":1,"result":{"a":[{"x":1},{"x":3}],"t":9}}"#)
        #expect(Self.differences(other, expected, varying: []).count == 2)
        #expect(Self.differences(other, expected, varying: [["result", "a", "*", "x"], ["result", "t"]]).isEmpty)
        let wrongType = try JSONParser.parse(#"{"id":1,"result":{"a":[{"x":1},{"x":2}],"t":"late"}}"#)
        #expect(Self.differences(wrongType, expected, varying: [["result", "t"]]).count == 1)
        let extra = try JSONParser.parse(#"{"id":1,"result":{"a":[{"x":1},{"x":2}],"t":0.5,"more":true}}"#)
        #expect(Self.differences(extra, expected, varying: []).count == 1)
    }
}
