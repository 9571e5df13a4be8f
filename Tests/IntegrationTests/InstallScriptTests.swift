import Foundation
import Testing
@testable import TextServicesTestSupport

/// scripts/install and scripts/uninstall, run for real into temporary prefixes.
///
/// They install the binary this test run built (`--binary`), so no release
/// build happens here; scripts/setup and the README's fresh-machine check
/// cover the build path.
@Suite("scripts/install", .slow)
struct InstallScriptTests {
    private let scratch = TemporaryFolder("install-script")

    static let install = TestSupport.repositoryRoot + "/scripts/install"
    static let uninstall = TestSupport.repositoryRoot + "/scripts/uninstall"

    /// A prefix that already holds someone else's files, which must survive.
    func populatedPrefix() throws -> String {
        let prefix = scratch.folder("prefix")
        for folder in ["bin", "share/man/man1", "share/bash-completion/completions"] {
            try FileManager.default.createDirectory(atPath: prefix + "/" + folder, withIntermediateDirectories: true)
        }
        try "#!/bin/sh\n".write(toFile: prefix + "/bin/another-tool", atomically: true, encoding: .utf8)
        try ".TH OTHER 1\n".write(toFile: prefix + "/share/man/man1/other.1", atomically: true, encoding: .utf8)
        return prefix
    }

    /// An environment with a private HOME and XDG folders, so nothing touches the user's own.
    func environment() -> [String: String] {
        TestSupport.isolatedEnvironment(scratch.folder("install-env"))
    }

    func run(_ script: String, _ arguments: [String]) throws -> TestProcess.Output {
        try TestProcess.run(script, arguments, environment: environment(), timeout: 300)
    }

    /// Every path under `root` with its kind, mode and (for files) contents, to compare before and after.
    func listing(_ root: String) -> [String] {
        let manager = FileManager.default
        var entries: [String] = []
        for case let relative as String in manager.enumerator(atPath: root) ?? NSEnumerator() {
            let path = root + "/" + relative
            let attributes = (try? manager.attributesOfItem(atPath: path)) ?? [:]
            let type = (attributes[.type] as? FileAttributeType).map { "\($0.rawValue)" } ?? "?"
            let mode = String((attributes[.posixPermissions] as? Int) ?? 0, radix: 8)
            var entry = "\(relative) \(type) \(mode)"
            if type == FileAttributeType.typeRegular.rawValue, let data = manager.contents(atPath: path) {
                entry += " \(data.count) \(data.hashValue)"
            }
            entries.append(entry)
        }
        return entries.sorted()
    }

    @Test func installsAToolThatWorksFromThePrefixAndUninstallLeavesThePrefixAsItWas() throws {
        let prefix = try populatedPrefix()
        let before = listing(prefix)
        let installed = try run(Self.install, ["--prefix", prefix, "--binary", TestSupport.binary, "--no-enable"])
        #expect(installed.status == 0, "\(installed.stderr)")
        #expect(installed.stdout.contains("Installed textsvcd in \(prefix)"))
        let binary = prefix + "/bin/textsvcd"

        // The installed binary finds its bundled dictionaries beside itself, with no environment variables,
        // from a folder that has nothing to do with the checkout.
        let elsewhere = scratch.folder("elsewhere")
        try "A wrold of text.\n".write(toFile: elsewhere + "/note.txt", atomically: true, encoding: .utf8)
        let bare = ["PATH": "/usr/bin:/bin", "HOME": scratch.folder("bare-home")]
        let check = try TestProcess.run(binary, ["check", "--no-daemon", "note.txt"], environment: bare,
                                          currentDirectory: elsewhere)
        #expect(check.status == 1, "\(check.stderr)")
        #expect(check.stdout.hasPrefix("note.txt:1:3: wrold -> world"), "\(check.stdout)")
        let languages = try TestProcess.run(binary, ["languages", "--no-daemon"], environment: bare, currentDirectory: elsewhere)
        let english = languages.stdout.split(separator: "\n").first { $0.hasPrefix("en_US ") }.map(String.init) ?? ""
        #expect(english.contains("bundled  \(prefix)/share/textsvcd/dictionaries/en_US.dic"), "\(languages.stdout)")

        // The install compiled the bundled dictionary where every user's process maps it: this fresh user's
        // commands use it, and nothing is compiled into the user's own cache.
        let manifest = try String(contentsOfFile: prefix + "/share/textsvcd/install-manifest", encoding: .utf8)
        let compiledFolder = prefix + "/share/textsvcd/compiled"
        let compiledFiles = try FileManager.default.contentsOfDirectory(atPath: compiledFolder).sorted()
        #expect(compiledFiles.count == 3 && compiledFiles[0].hasPrefix("en_US-") && compiledFiles[0].hasSuffix(".tsvdict")
                && compiledFiles[1] == compiledFiles[0] + ".verified"
                && compiledFiles[2].hasPrefix("languages-") && compiledFiles[2].hasSuffix(".tsvlang"), "\(compiledFiles)")
        for file in compiledFiles { #expect(manifest.contains(" \(compiledFolder)/\(file)\n"), "\(file) is not in the manifest") }
        let listed = try TestProcess.run(binary, ["dictionaries", "--format", "json"], environment: bare, currentDirectory: elsewhere)
        let entries = (try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [String: Any])?["dictionaries"] as? [[String: Any]]
        let entry = entries?.first { $0["tag"] as? String == "en_US" }
        #expect(entry?["inUse"] as? String == compiledFolder + "/" + compiledFiles[0], "\(listed.stdout)")
        let model = (try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [String: Any])?["languageModel"] as? [String: Any]
        #expect(model?["path"] as? String == compiledFolder + "/" + compiledFiles[2] && model?["system"] as? Bool == true,
                "\(listed.stdout.suffix(300))")
        // Detection maps the install's language model: a fresh user's first detection builds none of its own.
        try "This is a world of text that nobody has read.\n\nEine Welt aus Wörtern und Sätzen, die niemand gelesen hat.\n"
            .write(toFile: elsewhere + "/mixed.txt", atomically: true, encoding: .utf8)
        let detected = try TestProcess.run(binary, ["tokenize", "--no-daemon", "--by", "paragraph", "--language",
                                                    "--lang", "auto:en_US,de_DE", "--format", "json", "mixed.txt"],
                                           environment: bare, currentDirectory: elsewhere)
        #expect(detected.status == 0, "\(detected.stderr)")
        #expect(detected.stdout.contains("\"language\":\"en_US\"") && detected.stdout.contains("\"language\":\"de_DE\""),
                "\(detected.stdout)")
        let userCache = (try? FileManager.default.contentsOfDirectory(atPath: bare["HOME"]! + "/.cache/textsvcd")) ?? []
        #expect(userCache.allSatisfy { !$0.hasSuffix(".tsvdict") && !$0.hasSuffix(".tsvlang") }, "\(userCache)")

        // The completions load.
        let bashCompletion = prefix + "/share/bash-completion/completions/textsvcd"
        #expect(try TestProcess.run("/bin/bash", ["-n", bashCompletion], environment: bare).status == 0)
        let loaded = try TestProcess.run("/bin/bash", ["-c", "source \"$1\" && complete -p textsvcd", "bash", bashCompletion],
                                           environment: bare)
        #expect(loaded.status == 0, "\(loaded.stderr)")
        #expect(loaded.stdout.hasPrefix("complete ") && loaded.stdout.hasSuffix(" textsvcd\n"), "\(loaded.stdout)")
        let zsh = try #require(TestSupport.which("zsh"), "zsh is a test package (scripts/install-deps --with-tests)")
        let zshCheck = try TestProcess.run(zsh, ["-n", prefix + "/share/zsh/site-functions/_textsvcd"], environment: bare)
        #expect(zshCheck.status == 0, "\(zshCheck.stderr)")
        #expect(FileManager.default.fileExists(atPath: prefix + "/share/fish/vendor_completions.d/textsvcd.fish"))

        // The manual page renders, without warnings, and describes every command.
        let man = try #require(TestSupport.which("man"), "man-db is a test package (scripts/install-deps --with-tests)")
        var manEnvironment = bare
        manEnvironment["MANWIDTH"] = "80"
        manEnvironment["MANPAGER"] = "cat"
        let page = try TestProcess.run(man, ["--warnings", "-l", prefix + "/share/man/man1/textsvcd.1"],
                                         environment: manEnvironment)
        #expect(page.status == 0)
        #expect(page.stderr.isEmpty, "\(page.stderr)")
        let words = page.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("NAME textsvcd - A text-services daemon: spelling, text units"), "\(page.stdout.prefix(400))")
        for command in ["serve", "call", "check", "suggest", "complete", "languages", "copy", "paste", "tokenize",
                        "find", "lsp", "ispell", "words import"] {
            #expect(page.stdout.contains("textsvcd \(command) "), "the page lacks \(command)")
        }
        #expect(!page.stdout.contains("bench-suggest"))

        // The units run the installed binary.
        let service = try String(contentsOfFile: prefix + "/lib/systemd/user/textsvcd.service", encoding: .utf8)
        #expect(service.contains("\nExecStart=\(binary) serve "))
        #expect(FileManager.default.fileExists(atPath: prefix + "/lib/systemd/user/textsvcd.socket"))

        let removed = try run(Self.uninstall, ["--prefix", prefix])
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(listing(prefix) == before)
    }

    /// A `systemctl` stand-in first on PATH that logs its arguments; `show-environment` succeeds when `running`.
    func fakeSystemd(running: Bool) throws -> (environment: [String: String], log: String) {
        let folder = scratch.folder("fake-systemd")
        let log = folder + "/calls"
        try """
            #!/bin/sh
            echo "$*" >> '\(log)'
            [ "$2" = show-environment ] && exit \(running ? 0 : 1)
            exit 0

            """.write(toFile: folder + "/systemctl", atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder + "/systemctl")
        var environment = environment()
        environment["PATH"] = folder + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        return (environment, log)
    }

    @Test func enablesTheSocketUnitForTheUsersOwnPrefixAndUninstallDisablesIt() throws {
        let (base, log) = try fakeSystemd(running: true)
        // The user's own prefix: its share/ is XDG_DATA_HOME, as ~/.local's is ~/.local/share.
        let prefix = scratch.folder("own-prefix")
        var environment = base
        environment["XDG_DATA_HOME"] = prefix + "/share"
        let installed = try TestProcess.run(Self.install, ["--prefix", prefix, "--binary", TestSupport.binary, "--no-language-model"],
                                              environment: environment, timeout: 300)
        #expect(installed.status == 0, "\(installed.stderr)")
        #expect(installed.stdout.contains("The socket unit is enabled"))
        #expect(FileManager.default.fileExists(atPath: prefix + "/share/systemd/user/textsvcd.socket"))
        let calls = try String(contentsOfFile: log, encoding: .utf8)
        #expect(calls.contains("--user daemon-reload\n--user enable --now textsvcd.socket\n"), "\(calls)")
        let manifest = try String(contentsOfFile: prefix + "/share/textsvcd/install-manifest", encoding: .utf8)
        #expect(manifest.contains("\nenabled textsvcd.socket\n"))

        let removed = try TestProcess.run(Self.uninstall, ["--prefix", prefix], environment: environment)
        #expect(removed.status == 0, "\(removed.stderr)")
        let after = try String(contentsOfFile: log, encoding: .utf8)
        #expect(after.contains("--user disable --now textsvcd.socket textsvcd.service\n"), "\(after)")
        #expect(listing(prefix).isEmpty)
    }

    @Test func saysHowToEnableTheSocketWhenNoUserSystemdRunsOrWhenAskedNotTo() throws {
        for (running, arguments) in [(false, [String]()), (true, ["--no-enable"])] {
            let (base, log) = try fakeSystemd(running: running)
            let prefix = scratch.folder("own-prefix")
            var environment = base
            environment["XDG_DATA_HOME"] = prefix + "/share"
            let installed = try TestProcess.run(Self.install, ["--prefix", prefix, "--binary", TestSupport.binary, "--no-language-model"] + arguments,
                                                  environment: environment, timeout: 300)
            #expect(installed.status == 0, "\(installed.stderr)")
            #expect(installed.stdout.contains("systemctl --user enable --now textsvcd.socket"))
            let calls = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            #expect(!calls.contains("enable"), "\(calls)")
            #expect(try TestProcess.run(Self.uninstall, ["--prefix", prefix], environment: environment).status == 0)
            #expect(listing(prefix).isEmpty)
        }
    }

    @Test func installingAgainReplacesTheEarlierInstall() throws {
        let prefix = try populatedPrefix()
        let before = listing(prefix)
        for _ in 0..<2 {
            let installed = try run(Self.install, ["--prefix", prefix, "--binary", TestSupport.binary, "--no-language-model", "--no-enable"])
            #expect(installed.status == 0, "\(installed.stderr)")
        }
        #expect(try run(Self.uninstall, ["--prefix", prefix]).status == 0)
        #expect(listing(prefix) == before)
    }

    @Test func uninstallRemovesThePrefixFolderWhenTheInstallCreatedIt() throws {
        let prefix = scratch.folder("parent") + "/new/prefix"
        #expect(try run(Self.install, ["--prefix", prefix, "--binary", TestSupport.binary, "--no-language-model", "--no-enable"]).status == 0)
        let removed = try run(Self.uninstall, ["--prefix", prefix])
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(!FileManager.default.fileExists(atPath: (prefix as NSString).deletingLastPathComponent))
    }

    @Test func uninstallKeepsWhatOthersChangedOrAdded() throws {
        let prefix = try populatedPrefix()
        #expect(try run(Self.install, ["--prefix", prefix, "--binary", TestSupport.binary, "--no-language-model", "--no-enable"]).status == 0)
        let dictionaries = prefix + "/share/textsvcd/dictionaries"
        try "SET UTF-8\n".write(toFile: dictionaries + "/xx_XX.aff", atomically: true, encoding: .utf8)
        try "# my notes\n".write(toFile: prefix + "/share/doc/textsvcd/README.md", atomically: true, encoding: .utf8)
        let removed = try run(Self.uninstall, ["--prefix", prefix])
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(removed.stderr.contains("kept \(prefix)/share/doc/textsvcd/README.md"))
        let manager = FileManager.default
        #expect(manager.fileExists(atPath: dictionaries + "/xx_XX.aff"))
        #expect(manager.fileExists(atPath: prefix + "/share/doc/textsvcd/README.md"))
        #expect(!manager.fileExists(atPath: dictionaries + "/en_US.dic"))
        #expect(!manager.fileExists(atPath: prefix + "/bin/textsvcd"))
        #expect(!manager.fileExists(atPath: prefix + "/share/man/man1/textsvcd.1"))
        #expect(manager.fileExists(atPath: prefix + "/share/man/man1/other.1"))
        #expect(!manager.fileExists(atPath: prefix + "/share/zsh"))
    }

    @Test func aFailedInstallLeavesNothingBehind() throws {
        let prefix = try populatedPrefix()
        // A file where the manual's folder must go: the install fails at its last file.
        try FileManager.default.removeItem(atPath: prefix + "/share/man/man1/other.1")
        try FileManager.default.removeItem(atPath: prefix + "/share/man/man1")
        try "not a folder\n".write(toFile: prefix + "/share/man/man1", atomically: true, encoding: .utf8)
        let before = listing(prefix)
        let installed = try run(Self.install, ["--prefix", prefix, "--binary", TestSupport.binary, "--no-language-model", "--no-enable"])
        #expect(installed.status == 1)
        #expect(installed.stderr.contains("nothing was left installed"), "\(installed.stderr)")
        #expect(listing(prefix) == before)
    }

    @Test func badUsageExitsTwoAndNothingInstalledExitsOne() throws {
        let prefix = scratch.folder("prefix")
        #expect(try run(Self.install, ["--prefix", prefix, "--colour"]).status == 2)
        #expect(try run(Self.uninstall, ["--prefx", prefix]).status == 2)
        let nothing = try run(Self.uninstall, ["--prefix", prefix])
        #expect(nothing.status == 1)
        #expect(nothing.stderr.contains("no textsvcd installed in \(prefix)"))
        #expect(listing(prefix).isEmpty)
    }
}
