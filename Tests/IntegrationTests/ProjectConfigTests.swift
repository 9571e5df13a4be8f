import Foundation
import Testing
@testable import TextServicesTestSupport
@testable import TextServices
@testable import TextServicesProtocol

/// `.textsvcd/config.toml`: read by one loader for check, the language server and the ispell door.
@Suite struct ProjectConfigTests {
    private let scratch = TemporaryFolder("project-config")

    func project(config: String, files: [String: String] = [:]) throws -> String {
        let root = scratch.folder("config")
        try FileManager.default.createDirectory(atPath: root + "/.textsvcd", withIntermediateDirectories: true)
        try config.write(toFile: root + "/.textsvcd/config.toml", atomically: true, encoding: .utf8)
        for (path, text) in files {
            let full = root + "/" + path
            try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
            try text.write(toFile: full, atomically: true, encoding: .utf8)
        }
        return root
    }

    @Test func everyKeyIsRead() throws {
        let config = ProjectConfig(path: "/p/.textsvcd/config.toml", bytes: Array("""
            language = ["en_US", "de_DE"]
            exclude = ["vendor/**", "*.lock"]
            ignore-patterns = ['[A-Z]+-[0-9]+']
            words = ["textsvcd", " hunspell "]
            check-strings = false
            check-identifiers = false
            minimum-word-length = 5

            [[override]]
            files = ["docs/de/**"]
            language = "de_DE"
            mode = "prose"
            """.utf8))
        #expect(config.error == nil, "\(config.error ?? "")")
        #expect(config.checkIdentifiers == false)
        #expect(config.minimumWordLength == 5)
        #expect(config.languages == ["en_US", "de_DE"])
        #expect(config.exclude.map(\.pattern) == ["vendor/**", "*.lock"])
        #expect(config.ignorePatterns == ["[A-Z]+-[0-9]+"])
        #expect(config.words == ["textsvcd", "hunspell"])
        #expect(config.checkStrings == false)
        #expect(config.overrides.count == 1)
        #expect(config.overrides.first?.mode == "prose")
        #expect(config.overrides.first?.line == 9)
        #expect(config.lines["check-strings"] == 5)
        let settings = ProjectSettings(configs: [config], for: "/p/docs/de/a.txt")
        #expect(settings.languages?.value == ["de_DE"])
        #expect(settings.languages?.origin == "/p/.textsvcd/config.toml:9")
        #expect(settings.minimumWordLength?.origin == "/p/.textsvcd/config.toml:7")
        #expect(settings.mode?.value == "prose")
        #expect(ProjectSettings(configs: [config], for: "/p/x/vendor/y/z.c").excludedBy?.value == "vendor/**"
            || ProjectSettings(configs: [config], for: "/p/vendor/y/z.c").excludedBy?.value == "vendor/**")
        #expect(ProjectSettings(configs: [config], for: "/p/a/Cargo.lock").excludedBy?.value == "*.lock")
        #expect(ProjectSettings(configs: [config], for: "/p/src/main.c").excludedBy == nil)
    }

    @Test(arguments: [
        ("language = \"auto\"", ["auto"]),
        ("language = [\"auto\"]", ["auto"]),
        ("language = \"auto:en_US,de_DE\"", ["auto:en_US,de_DE"]),
        ("language = [\"auto\", \"en_US\", \"de_DE\"]", ["auto:en_US,de_DE"]),
        ("language = [\"en_US\", \"de_DE\"]", ["en_US", "de_DE"]),
    ])
    func automaticLanguagesAreOneEntryAsTheCommandLineGivesThem(text: String, languages: [String]) {
        let config = ProjectConfig(path: "/p/.textsvcd/config.toml", bytes: Array((text + "\n[[override]]\nfiles = [\"x/**\"]\n" + text + "\n").utf8))
        #expect(config.error == nil, "\(config.error ?? "")")
        #expect(config.languages == languages)
        #expect(config.overrides.first?.languages == languages)
    }

    @Test(arguments: [
        ("language = ", 1, "not valid TOML"),
        // toml++ asserts (aborts) on these; found by fuzz/Config.swift.
        ("[[override]]\nfiles = [\"x\"]\n[ = 3\n", 3, "not valid TOML: a table header needs a key after ["),
        ("words = [\"a\"]\n  [[ ]]\n", 2, "a table header needs a key"),
        ("[\u{30B}x]\n", 1, "a table header needs a key"),
        ("words = [\"a\"]\r\n[ = 3\r\n", 2, "a table header needs a key"),
        ("language = [\"en_US\", \"auto\"]\n", 1, "\u{201C}auto\u{201D} must come first"),
        ("language = [\"auto:en_US\", \"de_DE\"]\n", 1, "name the candidates once"),
        ("language = \"auto:\"\n", 1, "\u{201C}\u{201D} is not a language tag"),
        ("[[override]]\nfiles = [\"a\"]\nlanguage = \"auto:en_US,,de_DE\"\n", 3, "override.language: \u{201C}\u{201D} is not a language tag"),
        ("words = [\"a\"]\nspeling = true\n", 2, "unknown key \u{201C}speling\u{201D}"),
        ("words = [\"a\"]\n\n[[override]]\nfiles = [\"x\"]\ncolour = 1\n", 5, "unknown key \u{201C}override.colour\u{201D}"),
        ("# patterns\nignore-patterns = [\n  'ok',\n  'bad(',\n]\n", 4, "the pattern \u{201C}bad(\u{201D} does not compile"),
        ("check-strings = \"yes\"\n", 1, "check-strings must be true or false"),
        ("words = []\ncheck-identifiers = 1\n", 2, "check-identifiers must be true or false"),
        ("minimum-word-length = 0\n", 1, "minimum-word-length must be an integer from 1 to 64"),
        ("minimum-word-length = \"4\"\n", 1, "minimum-word-length must be an integer"),
        ("words = []\nother-scripts = \"maybe\"\n", 2, "other-scripts must be \"skip\" or \"check\""),
        ("[[override]]\nfiles = [\"a\"]\nmode = \"poetry\"\n", 3, "override.mode must be one of"),
        ("exclude = [\n  \"ok/**\",\n  \"src/[a-z\",\n]\n", 3, "exclude: the glob \u{201C}src/[a-z\u{201D} does not compile: a [ set is not closed"),
        ("[[override]]\nfiles = [\"docs/[z-a]*\"]\n", 2, "override.files: the glob \u{201C}docs/[z-a]*\u{201D} does not compile: the range z-a"),
    ])
    func aBrokenConfigNamesItsFileLineAndReason(text: String, line: Int, reason: String) {
        let config = ProjectConfig(path: "/p/.textsvcd/config.toml", bytes: Array(text.utf8))
        #expect(config.error?.hasPrefix("/p/.textsvcd/config.toml:\(line): ") == true, "\(config.error ?? "no error")")
        #expect(config.error?.contains(reason) == true, "\(config.error ?? "no error")")
    }

    @Test func globsMatchNamesAtAnyDepthAndPathsFromTheProjectFolder() throws {
        #expect(try PathGlob("*.lock").matches("a/b/Cargo.lock"))
        #expect(try PathGlob("node_modules").matches("web/node_modules/x/y.js"))
        #expect(try PathGlob("bench/fixtures/**").matches("bench/fixtures/a/b.txt"))
        #expect(try !PathGlob("bench/fixtures/**").matches("x/bench/fixtures/a.txt"))
        #expect(try PathGlob("Tests/**/Fixtures").matches("Tests/A/Fixtures/x.dic"))
        #expect(try PathGlob("docs/*.md").matches("docs/a.md"))
        #expect(try !PathGlob("docs/*.md").matches("docs/sub/a.md"))
        #expect(try PathGlob("file[0-9].txt").matches("file3.txt"))
    }

    @Test func checkAppliesLanguageExcludeIgnorePatternsWordsAndOverrides() throws {
        let root = try project(config: """
            exclude = ["vendor"]
            ignore-patterns = ['TKT-[0-9]+[a-z]*']
            words = ["frobnicate"]

            [[override]]
            files = ["de/**"]
            language = "de_DE"
            """, files: [
                "a.txt": "We frobnicate TKT-12wrold and one wrold.\n",
                "vendor/b.txt": "A new mistke.\n",
                "de/c.txt": "Die Straße ist schön, aber die Strase nicht.\n",
            ])
        let result = try TestProcess.textsvcd(["check", "--no-daemon", "--guesses", "0", root])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").map(String.init) == [
            "\(root)/a.txt:1:35: wrold", "\(root)/de/c.txt:1:32: Strase",
        ])
        #expect(result.stderr.contains("1 excluded by config"), "\(result.stderr)")
        // A file named on the command line is checked even when excluded.
        let named = try TestProcess.textsvcd(["check", "--no-daemon", "--format", "list", root + "/vendor/b.txt"])
        #expect(named.stdout == "mistke\n")
    }

    /// A Swift file whose identifiers, words and short words the code options decide on.
    static let codeOptionsSource = "// parseWrold counts the wrold; qxzv is short.\nlet x = 1\n"
    static let codeOptionsConfig = "check-identifiers = false\nminimum-word-length = 5\n"

    @Test func checkAppliesTheCodeOptions() throws {
        let plain = try project(config: "words = []\n", files: ["a.swift": Self.codeOptionsSource])
        let before = try TestProcess.textsvcd(["check", "--no-daemon", "--format", "list", plain + "/a.swift"])
        #expect(before.stdout == "Wrold\nwrold\nqxzv\n", "\(before.stderr)")
        let configured = try project(config: Self.codeOptionsConfig, files: ["a.swift": Self.codeOptionsSource])
        let after = try TestProcess.textsvcd(["check", "--no-daemon", "--format", "list", configured + "/a.swift"])
        #expect(after.stdout == "wrold\n", "\(after.stderr)")
        let shown = try TestProcess.textsvcd(["config", configured + "/a.swift"])
        let lines = shown.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("file:\(configured)/.textsvcd/config.toml:1\tcheck-identifiers = false"), "\(lines)")
        #expect(lines.contains("file:\(configured)/.textsvcd/config.toml:2\tminimum-word-length = 5"), "\(lines)")
        let defaults = try TestProcess.textsvcd(["config", plain + "/a.swift"])
        #expect(defaults.stdout.contains("default\tcheck-identifiers = true\n"), "\(defaults.stdout)")
    }

    @Test func theLanguageServerAppliesTheCodeOptionsAndSeesThemChange() throws {
        let root = try project(config: "words = []\n")
        let environment = TestSupport.isolatedEnvironment(scratch.folder("config-lsp-code"))
        let editor = try LanguageServerProcess(["--no-daemon"], environment: environment)
        try editor.request("initialize", ["capabilities": [:], "rootUri": .string("file://" + root)])
        editor.notify("initialized")
        let uri = "file://" + root + "/a.swift"
        editor.open(uri, Self.codeOptionsSource, languageId: "swift")
        #expect(try editor.diagnosedWords(uri) == ["Wrold", "wrold", "qxzv"])
        let before = editor.messages.count
        try Self.codeOptionsConfig.write(toFile: root + "/.textsvcd/config.toml", atomically: true, encoding: .utf8)
        #expect(try editor.diagnosedWords(uri, since: before, timeout: 30) == ["wrold"])
        try editor.finish()
    }

    @Test func checkReportsABrokenConfigWithExitTwoAndStillChecks() throws {
        let root = try project(config: "words = [\"zzfoo\"]\nspeling = 1\n", files: ["a.txt": "A wrold.\n"])
        let result = try TestProcess.textsvcd(["check", "--no-daemon", "--format", "list", root + "/a.txt"])
        #expect(result.status == 2)
        #expect(result.stdout == "wrold\n")
        #expect(result.stderr.contains("\(root)/.textsvcd/config.toml:2: unknown key \u{201C}speling\u{201D}"), "\(result.stderr)")
    }

    @Test func configCommandShowsEachSettingAndItsOrigin() throws {
        let root = try project(config: "# a project\nlanguage = \"de_DE\"\nwords = [\"zzfoo\", \"zzbar\"]\n",
                               files: ["sub/a.txt": "x\n"])
        try FileManager.default.createDirectory(atPath: root + "/sub/.textsvcd", withIntermediateDirectories: true)
        try "check-strings = false\n".write(toFile: root + "/sub/.textsvcd/config.toml", atomically: true, encoding: .utf8)
        let result = try TestProcess.textsvcd(["config", root + "/sub/a.txt"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("file:\(root)/.textsvcd/config.toml:2\tlanguage = de_DE"), "\(lines)")
        #expect(lines.contains("file:\(root)/sub/.textsvcd/config.toml:1\tcheck-strings = false"), "\(lines)")
        #expect(lines.contains("file:\(root)/.textsvcd/config.toml:3\twords = zzfoo, zzbar"), "\(lines)")
        #expect(lines.contains("default\tmode = auto"), "\(lines)")
        try "language = [\n".write(toFile: root + "/sub/.textsvcd/config.toml", atomically: true, encoding: .utf8)
        let broken = try TestProcess.textsvcd(["config", root + "/sub/a.txt"])
        #expect(broken.status == 2)
        #expect(broken.stderr.contains("\(root)/sub/.textsvcd/config.toml:"), "\(broken.stderr)")
    }

    @Test func theDocumentedExampleIsAValidConfig() throws {
        let doc = try String(contentsOfFile: TestSupport.repositoryRoot + "/docs/config.md", encoding: .utf8)
        let start = try #require(doc.range(of: "```toml\n"))
        let end = try #require(doc.range(of: "```", range: start.upperBound..<doc.endIndex))
        let config = ProjectConfig(path: "/p/.textsvcd/config.toml", bytes: Array(doc[start.upperBound..<end.lowerBound].utf8))
        #expect(config.error == nil, "\(config.error ?? "")")
        #expect(!config.words.isEmpty && !config.exclude.isEmpty && !config.ignorePatterns.isEmpty && !config.overrides.isEmpty)
    }

    @Test func theLanguageServerShowsABrokenConfigAndSeesItMended() throws {
        let root = try project(config: "words = [\"Frobnicatorix\"]\nbogus = 1\n")
        let environment = TestSupport.isolatedEnvironment(scratch.folder("config-lsp"))
        let editor = try LanguageServerProcess(["--no-daemon"], environment: environment)
        try editor.request("initialize", ["capabilities": [:], "rootUri": .string("file://" + root)])
        editor.notify("initialized")
        let uri = "file://" + root + "/a.txt"
        editor.open(uri, "Frobnicatorix and wrold.")
        #expect(try editor.diagnosedWords(uri) == ["Frobnicatorix", "wrold"])
        let shown = try editor.waitFor { $0["method"] == "window/showMessage" }
        #expect(shown["params"]?["type"] == 1)
        #expect(shown["params"]?["message"]?.stringValue?.contains("config.toml:2: unknown key \u{201C}bogus\u{201D}") == true, "\(shown)")
        // Mended: the poll sees the new file and the config's words apply.
        let before = editor.messages.count
        try "words = [\"Frobnicatorix\"]\n".write(toFile: root + "/.textsvcd/config.toml", atomically: true, encoding: .utf8)
        #expect(try editor.diagnosedWords(uri, since: before, timeout: 30) == ["wrold"])
        try editor.finish()
    }
}
