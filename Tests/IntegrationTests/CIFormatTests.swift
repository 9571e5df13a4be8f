import CheckDoor
import Foundation
import Testing
@testable import TextServicesTestSupport
import TextServices

/// `check --format sarif` and `--format github`: what CI reads, validated as CI would.
@Suite struct CIFormatTests {
    private let scratch = TemporaryFolder("ci-format")

    func file(_ name: String, _ text: String) throws -> String {
        let path = scratch.folder("ci") + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// A Python 3 with `jsonschema` (Debian's python3-jsonschema, installed by scripts/install-deps --with-tests).
    static var python: String? {
        for candidate in ["/usr/bin/python3", TestSupport.which("python3")].compactMap({ $0 }) {
            let probe = try? TestProcess.run(candidate, ["-c", "import jsonschema"], environment: ProcessInfo.processInfo.environment)
            if probe?.status == 0 { return candidate }
        }
        return nil
    }

    /// Validates a SARIF log with `jsonschema.Draft4Validator` and the official schema; the errors, one a line (empty when valid).
    func schemaErrors(_ log: [UInt8]) throws -> String {
        let python = try #require(Self.python, "python3 with jsonschema is needed: scripts/install-deps --with-tests")
        let script = """
            import json, sys
            import jsonschema
            schema = json.load(open(sys.argv[1]))
            jsonschema.Draft4Validator.check_schema(schema)
            log = json.load(sys.stdin)
            for error in jsonschema.Draft4Validator(schema).iter_errors(log):
                print(list(error.absolute_path), error.message)
            """
        let result = try TestProcess.run(python, ["-c", script, TestSupport.fixtures("IntegrationTests") + "/sarif/sarif-schema-2.1.0.json"],
                                         stdin: log, environment: ProcessInfo.processInfo.environment)
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout
    }

    @Test func sarifValidatesAgainstTheOfficialSchemaAndCarriesRuleRegionLanguageAndFixes() throws {
        let first = try file("notes.md", "A wrold here.\n\nAnd 😀 teh end, with 50% \"quotes\".\n")
        let second = try file("clean.txt", "Nothing wrong here.\n")
        let result = try TestProcess.textsvcd(["check", "--no-daemon", "--format", "sarif", first, second])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(try schemaErrors(result.stdoutBytes) == "")
        let log = try #require(try JSONSerialization.jsonObject(with: Data(result.stdoutBytes)) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.count == 2)
        let teh = results[1]
        #expect(teh["ruleId"] as? String == SARIFLog.ruleId)
        let location = try #require((teh["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        let region = try #require(location["region"] as? [String: Int])
        // The emoji counts two UTF-16 code units: "And " (4) + 2 + " " (1), so "teh" starts at column 8.
        #expect(region == ["startLine": 3, "startColumn": 8, "endLine": 3, "endColumn": 11])
        #expect((location["artifactLocation"] as? [String: String])?["uri"]?.hasSuffix("/notes.md") == true)
        let properties = try #require(teh["properties"] as? [String: Any])
        #expect(properties["language"] as? String == "en_US")
        let fixes = try #require(teh["fixes"] as? [[String: Any]])
        let replacement = try #require(((fixes.first?["artifactChanges"] as? [[String: Any]])?.first?["replacements"] as? [[String: Any]])?.first)
        #expect((replacement["insertedContent"] as? [String: String])?["text"] == "the")
        let invocation = try #require((run["invocations"] as? [[String: Any]])?.first)
        #expect(invocation["executionSuccessful"] as? Bool == true)
    }

    @Test func sarifOfACleanRunAndOfARunWithErrorsStillValidates() throws {
        let clean = try TestProcess.textsvcd(["check", "--no-daemon", "--format", "sarif", "-"], stdin: Array("All good.\n".utf8))
        #expect(clean.status == 0)
        #expect(try schemaErrors(clean.stdoutBytes) == "")
        let good = try file("good.txt", "One wrold.\n")
        let broken = try TestProcess.textsvcd(["check", "--no-daemon", "--format", "sarif", good, "/no/such/file"])
        #expect(broken.status == 2)
        #expect(try schemaErrors(broken.stdoutBytes) == "")
        let log = try #require(try JSONSerialization.jsonObject(with: Data(broken.stdoutBytes)) as? [String: Any])
        let invocation = try #require(((log["runs"] as? [[String: Any]])?.first?["invocations"] as? [[String: Any]])?.first)
        #expect(invocation["executionSuccessful"] as? Bool == false)
        let notes = invocation["toolExecutionNotifications"] as? [[String: Any]]
        #expect((notes?.first?["message"] as? [String: String])?["text"]?.contains("/no/such/file: no such file") == true)
    }

    @Test func githubAnnotationsNameFileLineAndColumnsAndEscapeWhatGitHubRequires() throws {
        let path = try file("a,b:c.txt", "Fine.\nSome wrold.\n")
        let result = try TestProcess.textsvcd(["check", "--no-daemon", "--format", "github", path])
        #expect(result.status == 1)
        let escaped = path.replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
        #expect(result.stdout == "::warning file=\(escaped),line=2,endLine=2,col=6,endColumn=11,title=Misspelling%3A wrold"
                + "::'wrold' is misspelled; did you mean 'world', 'word', 'worlds'?\n")
    }

    @Test func noSummaryLineWhenStandardErrorIsNotATerminal() throws {
        let result = try TestProcess.textsvcd(["check", "--no-daemon", "-"], stdin: Array("a wrold\n".utf8))
        #expect(!result.stderr.contains("seconds"))
    }
}

/// The examples of docs/ci.md: each marked command run on the file shown, its output compared with the documented one.
@Suite struct CIDocumentationTests {
    private let scratch = TemporaryFolder("ci-format")

    struct Example {
        var command: [String]
        var input: String
        var output: String
        var isJSON: Bool
        var line: Int
    }

    /// Each `<!-- ci-example: COMMAND -->` marker, then a fenced block (notes.md) and a fenced block (the output).
    static func examples() throws -> [Example] {
        let text = try String(contentsOfFile: TestSupport.repositoryRoot + "/docs/ci.md", encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        var examples: [Example] = []
        var index = 0
        while index < lines.count {
            let line = lines[index]
            index += 1
            guard line.hasPrefix("<!-- ci-example:"), line.hasSuffix("-->") else { continue }
            let command = line.dropFirst("<!-- ci-example:".count).dropLast(3).split(separator: " ").map(String.init)
            var blocks: [(String, String)] = []
            while blocks.count < 2, index < lines.count {
                if lines[index].hasPrefix("```") {
                    let fence = String(lines[index].dropFirst(3))
                    var body: [String] = []
                    index += 1
                    while index < lines.count, lines[index] != "```" { body.append(lines[index]); index += 1 }
                    blocks.append((fence, body.joined(separator: "\n") + "\n"))
                }
                index += 1
            }
            if blocks.count == 2 {
                examples.append(Example(command: command, input: blocks[0].1, output: blocks[1].1, isJSON: blocks[1].0 == "json", line: index))
            }
        }
        return examples
    }

    @Test func everyFormatHasAnExampleThatMatchesWhatTheCommandPrints() throws {
        let examples = try Self.examples()
        for format in ["text", "json", "sarif", "github"] {
            #expect(examples.contains { $0.command.joined(separator: " ").contains("--format \(format)") || (format == "text" && !$0.command.contains("--format")) },
                    "docs/ci.md has no example of --format \(format)")
        }
        for example in examples {
            let folder = scratch.folder("ci-doc")
            try example.input.write(toFile: folder + "/notes.md", atomically: true, encoding: .utf8)
            #expect(example.command.prefix(2) == ["textsvcd", "check"])
            let arguments = ["check", "--no-daemon"] + example.command.dropFirst(2)
            let result = try TestProcess.run(TestSupport.binary, Array(arguments),
                                             environment: TestSupport.isolatedEnvironment(scratch.folder("ci-doc-env")),
                                             currentDirectory: folder)
            if example.isJSON {
                let documented = try JSONSerialization.jsonObject(with: Data(example.output.utf8)) as? NSDictionary
                let printed = try JSONSerialization.jsonObject(with: Data(result.stdoutBytes)) as? NSDictionary
                #expect(documented == printed, "docs/ci.md:\(example.line): \(result.stdout)")
            } else {
                #expect(result.stdout == example.output, "docs/ci.md:\(example.line)")
            }
        }
    }

    @Test func theWorkflowFileUploadsSARIF() throws {
        let python = try #require(CIFormatTests.python)
        let script = """
            import sys, yaml
            workflow = yaml.safe_load(open(sys.argv[1]))
            steps = workflow["jobs"]["spelling"]["steps"]
            uploads = [s for s in steps if s.get("uses", "").startswith("github/codeql-action/upload-sarif")]
            checks = [s for s in steps if "--format sarif" in s.get("run", "")]
            assert uploads and checks, "no SARIF check and upload"
            assert uploads[0]["with"]["sarif_file"] in checks[0]["run"]
            assert workflow["permissions"]["security-events"] == "write"
            source = [s for s in steps if s.get("uses", "").startswith("actions/checkout") and "repository" in s.get("with", {})]
            assert source and source[0]["with"]["repository"] == "${{ vars.TEXTSVCD_REPOSITORY }}", "textsvcd's source"
            assert source[0]["with"]["ref"] == "${{ vars.TEXTSVCD_REF }}"
            guard = steps[steps.index(source[0]) - 1]
            assert guard["env"]["TEXTSVCD_REPOSITORY"] == "${{ vars.TEXTSVCD_REPOSITORY }}"
            assert 'if [ -z "$TEXTSVCD_REPOSITORY" ]' in guard["run"] and "exit 1" in guard["run"]
            assert any("scripts/setup" in s.get("run", "") for s in steps[steps.index(source[0]):])
            import subprocess
            unset = subprocess.run(["bash", "-ec", guard["run"]], env={"TEXTSVCD_REPOSITORY": ""}, capture_output=True, text=True)
            assert unset.returncode == 1 and unset.stdout.startswith("::error "), unset
            given = subprocess.run(["bash", "-ec", guard["run"]], env={"TEXTSVCD_REPOSITORY": "someone/textsvcd"}, capture_output=True, text=True)
            assert given.returncode == 0 and given.stdout == "", given
            print("ok")
            """
        let result = try TestProcess.run(python, ["-c", script, TestSupport.repositoryRoot + "/contrib/github-actions/spelling.yml"],
                                         environment: ProcessInfo.processInfo.environment)
        #expect(result.stdout == "ok\n", "\(result.stderr)")
    }
}
