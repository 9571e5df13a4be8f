import Foundation
import Testing
@testable import TextServices
@testable import TextServicesTestSupport

/// A sandbox for `textsvcd words import` and `check` without a daemon: a private home, a repository and its files.
private struct ImportSandbox {
    private let scratch = TemporaryFolder("import")

    var root: String { scratch.path }
    var repository: String { root + "/repo" }
    var environment: [String: String] { TestSupport.isolatedEnvironment(root + "/env") }

    init() {
        try? FileManager.default.createDirectory(atPath: root + "/repo/.git", withIntermediateDirectories: true)
        try? FileManager.default.createDirectory(atPath: root + "/repo/docs/deep", withIntermediateDirectories: true)
    }

    @discardableResult
    func write(_ relative: String, _ bytes: [UInt8]) throws -> String {
        let path = root + "/" + relative
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @discardableResult
    func write(_ relative: String, _ text: String) throws -> String { try write(relative, Array(text.utf8)) }

    /// Runs `textsvcd ARGUMENTS` in `directory` (relative to the sandbox).
    func textsvcd(_ arguments: [String], in directory: String = "repo/docs/deep", stdin: String = "") throws -> TestProcess.Output {
        try TestProcess.run(TestSupport.binary, arguments, stdin: Array(stdin.utf8), environment: environment,
                            currentDirectory: root + "/" + directory)
    }

    func projectWords() -> [String] {
        let text = (try? String(contentsOfFile: repository + "/.textsvcd/words.txt", encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init)
    }

    func personalWords() -> [String] {
        let text = (try? String(contentsOfFile: root + "/env/data/textsvcd/personal/en_US.dic", encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init)
    }
}

@Suite struct WordsImportCommandTests {
    @Test func everyFormatIsImportedIntoTheProjectAtTheRepositoryRoot() throws {
        let sandbox = ImportSandbox()
        let hunspell = try sandbox.write("lists/.hunspell_en_US", "Zorblax\nfrobnicate/S\n*hte\n")
        let aspell = try sandbox.write("lists/en.pws", "personal_ws-1.1 en 2 utf-8\nQuuxify\nZorblax\n")
        let cspell = try sandbox.write("lists/cspell.json", """
            // cSpell Settings
            {
                "version": "0.2",
                "words": ["Kubernetes", /* the orchestrator */ "kubectl",],
                "ignoreWords": ["sanscap"],
            }
            """)
        let codebook = try sandbox.write("lists/codebook.toml", "words = [\n  \"codebook\", # itself\n  \"rustc\",\n]\n")
        let plain = try sandbox.write("lists/team.txt", "# team\nTerraformy\n\nQuuxify\n")
        let result = try sandbox.textsvcd(["words", "import", "--project", hunspell, aspell, cspell, codebook, plain])
        #expect(result.status == 0, "\(result.stderr)")
        let destination = sandbox.repository + "/.textsvcd/words.txt"
        #expect(result.stdout.split(separator: "\n").map(String.init) == [
            "\(hunspell): imported 2 words (0 already known) into \(destination)",
            "\(aspell): imported 1 word (1 already known) into \(destination)",
            "\(cspell): imported 3 words (0 already known) into \(destination)",
            "\(codebook): imported 2 words (0 already known) into \(destination)",
            "\(plain): imported 1 word (1 already known) into \(destination)",
        ])
        #expect(sandbox.projectWords() == ["Zorblax", "frobnicate", "Quuxify", "Kubernetes", "kubectl", "sanscap", "codebook",
                                           "rustc", "Terraformy"])
        #expect(result.stderr.contains("line 3: \u{201C}hte\u{201D} is forbidden in hunspell"), "\(result.stderr)")
        // Standard input is a plain list; the same words again are all known.
        let again = try sandbox.textsvcd(["words", "import", "--project", "-"], stdin: "Zorblax\nrustc\n")
        #expect(again.stdout == "-: imported 0 words (2 already known) into \(destination)\n")
    }

    @Test func withoutARepositoryTheProjectFileIsCreatedInTheCurrentDirectory() throws {
        let sandbox = ImportSandbox()
        try FileManager.default.createDirectory(atPath: sandbox.root + "/loose", withIntermediateDirectories: true)
        let result = try sandbox.textsvcd(["words", "import", "--project", "-"], in: "loose", stdin: "Zorblax\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try String(contentsOfFile: sandbox.root + "/loose/.textsvcd/words.txt", encoding: .utf8) == "Zorblax\n")
    }

    @Test func theFormatOptionOverridesDetection() throws {
        let sandbox = ImportSandbox()
        let list = try sandbox.write("lists/words.json", "Zorblax\nQuuxify\n")
        let detected = try sandbox.textsvcd(["words", "import", "--project", list])
        #expect(detected.status == 2)
        #expect(detected.stderr.contains("\(list):1: "), "\(detected.stderr)")
        let forced = try sandbox.textsvcd(["words", "import", "--project", "--format", "plain", list])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(sandbox.projectWords() == ["Zorblax", "Quuxify"])
        let unknown = try sandbox.textsvcd(["words", "import", "--format", "yaml", list])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("yaml") && unknown.stderr.contains("codebook"), "\(unknown.stderr)")
    }

    @Test func badInputsAreErrorsNamingTheFileAndLineAndLoseNothingWritten() throws {
        let sandbox = ImportSandbox()
        let first = try sandbox.write("lists/first.txt", "Zorblax\n")
        let badJSON = try sandbox.write("lists/cspell.json", "{\n  \"words\": [\n    \"Quuxify\"\n    \"Other\"\n  ]\n}\n")
        let badUTF8 = try sandbox.write("lists/latin1.txt", Array("Frobnitz\n".utf8) + [0x63, 0x61, 0x66, 0xE9, 0x0A])
        let badTOML = try sandbox.write("lists/codebook.toml", "words = [\"unclosed\n")
        let last = try sandbox.write("lists/last.txt", "Wibblix\n")
        let result = try sandbox.textsvcd(["words", "import", "--project", first, badJSON, sandbox.root + "/missing.txt",
                                           badUTF8, badTOML, sandbox.root + "/repo", last])
        #expect(result.status == 2)
        #expect(result.stderr.contains("textsvcd: \(badJSON):4: expected ',' or ']'"), "\(result.stderr)")
        #expect(result.stderr.contains("textsvcd: \(sandbox.root)/missing.txt: no such file"))
        #expect(result.stderr.contains("textsvcd: \(badUTF8):2: not UTF-8"))
        // The reason is TOMLKit's (toml++'s): an unclosed string meets the line's end.
        #expect(result.stderr.contains("textsvcd: \(badTOML):1: "), "\(result.stderr)")
        #expect(result.stderr.contains("string"), "\(result.stderr)")
        #expect(result.stderr.contains("textsvcd: \(sandbox.root)/repo: is a directory"))
        #expect(sandbox.projectWords() == ["Zorblax", "Wibblix"])
    }

    @Test func thePersonalDictionaryGetsOnlyWordsTheDictionaryLacks() throws {
        let sandbox = ImportSandbox()
        let list = try sandbox.write("lists/.hunspell_en_US", "Zorblax\nhello\nQuuxify/X\n")
        let result = try sandbox.textsvcd(["words", "import", list])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "\(list): imported 2 words (1 already known) into the personal dictionary (en_US)\n")
        #expect(sandbox.personalWords() == ["Quuxify", "Zorblax"])
        #expect(!FileManager.default.fileExists(atPath: sandbox.repository + "/.textsvcd"))
        // A file for a language there is no dictionary for says so, and --lang chooses one.
        let foreign = try sandbox.write("lists/.hunspell_xx_QQ", "Wibblix\n")
        let refused = try sandbox.textsvcd(["words", "import", foreign])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("xx_QQ") && refused.stderr.contains("--lang"), "\(refused.stderr)")
        let chosen = try sandbox.textsvcd(["words", "import", "--lang", "en_US", foreign])
        #expect(chosen.status == 0, "\(chosen.stderr)")
        #expect(sandbox.personalWords() == ["Quuxify", "Wibblix", "Zorblax"])
    }

    @Test func processesAddingToOneProjectFileAtOnceLoseNoWord() throws {
        let sandbox = ImportSandbox()
        // Four processes, each adding one word per file (one locked read-merge-write each), twenty files apiece.
        let lists = try (0..<4).map { process in
            try (0..<20).map { index in try sandbox.write("lists/p\(process)/\(index).txt", "Word\(process)x\(index)\n") }
        }
        let failures = Locked<[String]>([])
        DispatchQueue.concurrentPerform(iterations: lists.count) { process in
            do {
                let result = try sandbox.textsvcd(["words", "import", "--project"] + lists[process])
                if result.status != 0 { failures.withLock { $0.append(result.stderr) } }
            } catch {
                failures.withLock { $0.append("\(error)") }
            }
        }
        #expect(failures.withLock { $0 }.isEmpty, "\(failures.withLock { $0 })")
        let words = sandbox.projectWords()
        #expect(words.count == 80)
        #expect(Set(words) == Set((0..<4).flatMap { process in (0..<20).map { "Word\(process)x\($0)" } }))
    }

    @Test func checkAcceptsProjectWordsWithoutADaemonAndGuessesThem() throws {
        let sandbox = ImportSandbox()
        try sandbox.write("repo/.textsvcd/words.txt", "# ours\nZorblax\nkubectl\n")
        let file = try sandbox.write("repo/docs/deep/notes.md", "Zorblax, KUBECTL and Kubectl work; Zorblex does not.\n")
        let outside = try sandbox.write("elsewhere/notes.md", "Zorblax here.\n")
        let result = try sandbox.textsvcd(["check", "--no-daemon", file, outside])
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(result.stdout)")
        #expect(lines.first?.hasPrefix("\(file):1:36: Zorblex -> Zorblax") == true, "\(result.stdout)")
        #expect(lines.last?.hasPrefix("\(outside):1:1: Zorblax") == true, "\(result.stdout)")
        // Standard input takes the current directory's project.
        let piped = try sandbox.textsvcd(["check", "--no-daemon", "--format", "list"], stdin: "Zorblax and Zorblex\n")
        #expect(piped.stdout == "Zorblex\n")
        // A bad line in the words file is a warning, once, and the rest still applies.
        try sandbox.write("repo/.textsvcd/words.txt", Array("Zorblax\n".utf8) + [0xFF, 0x0A])
        let warned = try sandbox.textsvcd(["check", "--no-daemon", "--format", "list", file, file])
        #expect(warned.stdout == "KUBECTL\nKubectl\nZorblex\nKUBECTL\nKubectl\nZorblex\n")
        #expect(warned.stderr.components(separatedBy: "words.txt:2: not UTF-8").count == 2, "\(warned.stderr)")
    }
}
