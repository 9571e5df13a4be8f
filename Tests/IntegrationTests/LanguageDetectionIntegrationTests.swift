import Foundation
import Testing
@testable import TextServicesProtocol
@testable import TextServicesTestSupport

/// Language detection through each door of the real binary: the socket, the command line and the language server.
///
/// Needs Debian's hunspell-de-de (scripts/install-deps --with-tests).
@Suite(.slow)
struct LanguageDetectionIntegrationTests {
    private let scratch = TemporaryFolder("language")

    static let text = """
        The committee met on Tuesday to discuss the budget for next year. Most members agreed that the library needs a new roof.

        Der Ausschuss hat am Dienstag über den Haushalt gesprochen. Das Wettr war schlecht und die Bibliothek braucht ein neues Dach.

        We took the train from the Bahnhof and it was nicht crowded.

        """

    @Test func theSocketAnswersTextLanguageAndChecksEachParagraphInItsLanguage() throws {
        let daemon = try DaemonHarness.start()
        defer { daemon.stop() }
        let session = try daemon.connect()
        defer { session.close() }
        let initialized = try session.result("initialize", [:])
        #expect(initialized["methods"]?.arrayValue?.contains("text.language") == true)
        #expect(initialized["capabilities"]?["spell.autoLanguage"] == true)
        let found = try session.result("text.language", ["text": .string(Self.text), "candidates": ["en_US", "de_DE"]])
        #expect(found["ranges"]?.arrayValue?.compactMap { $0["language"]?.stringValue } == ["en_US", "de_DE", "en_US"])
        let checked = try session.result("spell.check", ["text": .string(Self.text), "language": "auto",
                                                         "candidates": ["en_US", "de_DE"]])
        let misspellings = checked["misspellings"]?.arrayValue ?? []
        #expect(misspellings.compactMap { $0["word"]?.stringValue } == ["Wettr", "Bahnhof", "nicht"])
        #expect(misspellings.compactMap { $0["language"]?.stringValue } == ["de_DE", "en_US", "en_US"])
        #expect(misspellings[1]["alsoIn"] == ["de_DE"])
        let unknown = try session.error("text.language", ["text": "Hallo", "candidates": ["en_US", "zz_ZZ"]])
        #expect(unknown.code == -32001)
    }

    @Test func checkWithLangAutoNamesEachWordsLanguage() throws {
        let folder = scratch.folder("langauto")
        let file = folder + "/mixed.txt"
        try Self.text.write(toFile: file, atomically: true, encoding: .utf8)
        let plain = try TestProcess.textsvcd(["check", "--no-daemon", "--lang", "auto:en_US,de_DE", file], timeout: 600)
        #expect(plain.status == 1, "\(plain.stderr)")
        let lines = plain.stdout.split(separator: "\n").map { String($0.split(separator: " -> ")[0]) }
        #expect(lines == ["\(file):3:65: Wettr [de_DE]", "\(file):5:28: Bahnhof [en_US]", "\(file):5:47: nicht [en_US]"])
        let json = try TestProcess.textsvcd(["check", "--no-daemon", "--lang", "auto:de_DE,en_US", "--format", "json", file], timeout: 600)
        #expect(json.status == 1, "\(json.stderr)")
        let objects = json.stdout.split(separator: "\n").compactMap { try? JSONParser.parse(String($0)) }
        #expect(objects.compactMap { $0["language"]?.stringValue } == ["de_DE", "en_US", "en_US"])
        #expect(objects.last?["alsoIn"] == ["de_DE"])
        let union = try TestProcess.textsvcd(["check", "--no-daemon", "--lang", "en_US,de_DE", "--format", "list", file], timeout: 600)
        #expect(union.stdout == "Wettr\n")
        let units = try TestProcess.textsvcd(["tokenize", "--no-daemon", "--by", "paragraph", "--language", "--lang", "auto:en_US,de_DE", file], timeout: 600)
        #expect(units.stdout.split(separator: "\n").map { String($0.prefix(5)) } == ["en_US", "de_DE", "en_US"])
        let missing = try TestProcess.textsvcd(["check", "--no-daemon", "--lang", "auto:en_US,zz_ZZ", file], timeout: 600)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("zz_ZZ"))
    }

    @Test func theLanguageServerWithLanguageAutoNamesTheLanguageAndCompletesInIt() throws {
        let daemon = try DaemonHarness.start()
        defer { daemon.stop() }
        let editor = try LanguageServerProcess(environment: daemon.environment)
        try editor.request("initialize", ["capabilities": [:], "initializationOptions": ["language": "auto:en_US,de_DE"]])
        editor.notify("initialized")
        let uri = "file://" + daemon.root + "/mixed.txt"
        editor.open(uri, Self.text)
        let published = try editor.waitFor(timeout: 300) {
            $0["method"] == "textDocument/publishDiagnostics" && $0["params"]?["uri"] == .string(uri)
        }
        let diagnostics = published["params"]?["diagnostics"]?.arrayValue ?? []
        #expect(diagnostics.compactMap { $0["data"]?["word"]?.stringValue } == ["Wettr", "Bahnhof", "nicht"])
        #expect(diagnostics.compactMap { $0["data"]?["language"]?.stringValue } == ["de_DE", "en_US", "en_US"])
        #expect(diagnostics.first?["message"]?.stringValue?.contains("de_DE") == true)
        guard let first = diagnostics.first else { return }
        let actions = try editor.request("textDocument/codeAction", [
            "textDocument": ["uri": .string(uri)], "range": first["range"] ?? .null,
            "context": ["diagnostics": .array([first])],
        ], timeout: 300)
        let titles = actions["result"]?.arrayValue?.compactMap { $0["title"]?.stringValue } ?? []
        #expect(titles.contains("Change to \u{201C}Wetter\u{201D}"))
        // Completion at the end of the German paragraph's "Bibliot" uses German.
        let line = 2, character = "Der Ausschuss hat am Dienstag über den Haushalt gesprochen. Das Wettr war schlecht und die Bibliot".count
        let changed = Self.text.replacingOccurrences(of: "die Bibliothek braucht", with: "die Bibliot braucht")
        editor.notify("textDocument/didChange", ["textDocument": ["uri": .string(uri), "version": 2],
                                                 "contentChanges": [["text": .string(changed)]]])
        let completion = try editor.request("textDocument/completion", [
            "textDocument": ["uri": .string(uri)], "position": ["line": .int(line), "character": .int(character)],
        ], timeout: 300)
        let labels = completion["result"]?["items"]?.arrayValue?.compactMap { $0["label"]?.stringValue } ?? []
        #expect(labels.contains("Bibliothek"))
        try editor.finish()
    }
    /// A project whose `.textsvcd/config.toml` sets `language`, holding `mixed.txt`.
    func project(language: String) throws -> String {
        let root = scratch.folder("langauto-config")
        try FileManager.default.createDirectory(atPath: root + "/.textsvcd", withIntermediateDirectories: true)
        try "language = \(language)\n".write(toFile: root + "/.textsvcd/config.toml", atomically: true, encoding: .utf8)
        try Self.text.write(toFile: root + "/mixed.txt", atomically: true, encoding: .utf8)
        return root
    }

    @Test func aProjectsLanguageAutoChecksEachParagraphInItsLanguageInCheckAndTheIspellDoor() throws {
        let root = try project(language: "\"auto:en_US,de_DE\"")
        let file = root + "/mixed.txt"
        let checked = try TestProcess.textsvcd(["check", "--no-daemon", "--guesses", "0", file], timeout: 600)
        #expect(checked.status == 1, "\(checked.stderr)")
        #expect(checked.stdout.split(separator: "\n").map(String.init)
            == ["\(file):3:65: Wettr [de_DE]", "\(file):5:28: Bahnhof [en_US]", "\(file):5:47: nicht [en_US]"])
        // --lang still wins over the project: the union accepts the German words in English.
        let union = try TestProcess.textsvcd(["check", "--no-daemon", "--lang", "en_US,de_DE", "--format", "list", file], timeout: 600)
        #expect(union.stdout == "Wettr\n")
        // The ispell door detects each line's language: -l lists what each line's own dictionary rejects.
        let environment = TestSupport.isolatedEnvironment(scratch.folder("langauto-ispell"))
        let listed = try TestProcess.run(TestSupport.binary, ["-l"], stdin: Array(Self.text.utf8), environment: environment,
                                         currentDirectory: root, timeout: 600)
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout == "Wettr\nBahnhof\nnicht\n")
        let piped = try TestProcess.run(TestSupport.binary, ["-a"], stdin: Array("Das Wettr war schön und die Bibliothek ist neu.\nThe weathr was not bad and the library is new.\n".utf8),
                                        environment: environment, currentDirectory: root, timeout: 600)
        let answers = piped.stdout.split(separator: "\n").dropFirst().map { String($0.split(separator: " ").prefix(2).joined(separator: " ")) }
        #expect(answers.filter { $0.hasPrefix("&") || $0.hasPrefix("#") } == ["& Wettr", "& weathr"], "\(piped.stdout)")
        // -d names the dictionaries over the project's setting.
        let given = try TestProcess.run(TestSupport.binary, ["-l", "-d", "de_DE"], stdin: Array(Self.text.utf8), environment: environment,
                                        currentDirectory: root, timeout: 600)
        #expect(given.stdout.split(separator: "\n").contains("Wettr"))
        #expect(!given.stdout.split(separator: "\n").contains("nicht"))
    }

    @Test func theLanguageServerTakesLanguageAutoFromTheProjectConfig() throws {
        let root = try project(language: "[\"auto\", \"en_US\", \"de_DE\"]")
        let environment = TestSupport.isolatedEnvironment(scratch.folder("langauto-lsp"))
        let editor = try LanguageServerProcess(["--no-daemon"], environment: environment)
        try editor.request("initialize", ["capabilities": [:], "rootUri": .string("file://" + root)])
        editor.notify("initialized")
        let uri = "file://" + root + "/mixed.txt"
        editor.open(uri, Self.text)
        let published = try editor.waitFor(timeout: 300) {
            $0["method"] == "textDocument/publishDiagnostics" && $0["params"]?["uri"] == .string(uri)
        }
        let diagnostics = published["params"]?["diagnostics"]?.arrayValue ?? []
        #expect(diagnostics.compactMap { $0["data"]?["word"]?.stringValue } == ["Wettr", "Bahnhof", "nicht"])
        #expect(diagnostics.compactMap { $0["data"]?["language"]?.stringValue } == ["de_DE", "en_US", "en_US"])
        try editor.finish()
    }
}
