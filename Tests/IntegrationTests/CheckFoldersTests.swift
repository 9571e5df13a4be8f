import Foundation
import Testing
@testable import TextServicesTestSupport

/// `check` and `find` over folders and git work trees, with real repositories made in a temporary folder.
@Suite struct CheckFoldersTests {
    private let scratch = TemporaryFolder("check-folders")

    /// Writes `files` (relative path → text) under `root`, making folders as needed.
    func write(_ files: [String: String], under root: String) throws {
        for (path, text) in files {
            let full = root + "/" + path
            try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
            try text.write(toFile: full, atomically: true, encoding: .utf8)
        }
    }

    /// Runs git in `folder`, expecting it to succeed.
    func git(_ arguments: [String], in folder: String) throws {
        let result = try TestProcess.run("/usr/bin/git", ["-C", folder] + arguments, environment: gitEnvironment)
        #expect(result.status == 0, "git \(arguments): \(result.stderr)")
    }

    var gitEnvironment: [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["GIT_CONFIG_GLOBAL"] = "/dev/null"
        environment["GIT_CONFIG_NOSYSTEM"] = "1"
        return environment
    }

    /// A repository with a tracked file, an untracked file, an ignored file and folder, and a nested repository.
    func repository() throws -> String {
        let root = scratch.folder("check-repo")
        try git(["init", "-q"], in: root)
        try write([
            ".gitignore": "ignored.txt\nbuild/\n",
            "tracked.md": "A tracked wrold.\n",
            "docs/untracked.txt": "A new speling.\n",
            "ignored.txt": "An ignored mistke.\n",
            "build/out.txt": "A built mistke.\n",
            "nested/inner.txt": "A nested misteak.\n",
            "package-lock.json": "{\"name\": \"zzqqxx\"}\n",
        ], under: root)
        try git(["add", ".gitignore", "tracked.md"], in: root)
        try git(["init", "-q"], in: root + "/nested")
        return root
    }

    func listed(_ output: TestProcess.Output) -> Set<String> {
        Set(output.stdout.split(separator: "\n").map(String.init))
    }

    @Test func aRepositoryIsCheckedAsGitListsIt() throws {
        let root = try repository()
        let result = try TestProcess.textsvcd(["check", "--no-daemon", "--format", "list", root])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(listed(result) == ["wrold", "speling", "misteak"])
        #expect(result.stderr.contains("4 files checked (with 1 nested repository)"), "\(result.stderr)")
        #expect(result.stderr.contains("1 generated"), "\(result.stderr)")
    }

    @Test func noPathInAWorkTreeChecksTheWholeTreeFromASubfolder() throws {
        let root = try repository()
        let result = try TestProcess.run(TestSupport.binary, ["check", "--no-daemon", "--guesses", "0"],
                                         environment: TestSupport.isolatedEnvironment(scratch.folder("cli")),
                                         currentDirectory: root + "/docs", stdinFromNull: true)
        #expect(result.status == 1, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("untracked.txt:1:7: speling"), "\(lines)")
        #expect(lines.contains("../tracked.md:1:11: wrold"), "\(lines)")
        #expect(!result.stdout.contains("mistke"))
    }

    @Test func standardInputThatIsAFileIsStillReadWithNoPath() throws {
        let root = try repository()
        let result = try TestProcess.run(TestSupport.binary, ["check", "--no-daemon", "--format", "list"],
                                         stdin: Array("one wrod\n".utf8),
                                         environment: TestSupport.isolatedEnvironment(scratch.folder("cli")),
                                         currentDirectory: root)
        #expect(result.stdout == "wrod\n")
    }

    @Test func outsideGitHiddenFoldersAreSkippedAndBadFilesReportedWhileTheRunGoesOn() throws {
        let root = scratch.folder("check-plain")
        try write([
            "a.txt": "A wrold.\n",
            ".hidden/b.txt": "A hiden mistke.\n",
            "sub/c.txt": "Another speling.\n",
            "app.min.js": "var zzqqxx;\n",
        ], under: root)
        try Data([0x63, 0x61, 0x66, 0xE9, 0x0A]).write(to: URL(fileURLWithPath: root + "/latin1.txt"))
        try Data([0x61, 0x00, 0x62]).write(to: URL(fileURLWithPath: root + "/image.bin"))
        try Data(repeating: 0x61, count: 5 << 20).write(to: URL(fileURLWithPath: root + "/huge.txt"))
        // A link to its own folder (not followed) and a link loop (reported).
        try FileManager.default.createSymbolicLink(atPath: root + "/sub/self", withDestinationPath: root + "/sub")
        try FileManager.default.createSymbolicLink(atPath: root + "/loop1", withDestinationPath: root + "/loop2")
        try FileManager.default.createSymbolicLink(atPath: root + "/loop2", withDestinationPath: root + "/loop1")
        let result = try TestProcess.textsvcd(["check", "--no-daemon", "--format", "list", root])
        #expect(listed(result) == ["wrold", "speling"])
        #expect(result.status == 2, "a link loop is an error")
        #expect(result.stderr.contains("\(root)/loop1: symbolic link loop, skipped"), "\(result.stderr)")
        #expect(result.stderr.contains("\(root)/latin1.txt: invalid UTF-8 at byte offset 3"), "\(result.stderr)")
        #expect(result.stderr.contains("2 files checked; skipped: 1 binary, 1 over 4 MB, 1 generated, 1 not UTF-8, 1 links to folders"),
                "\(result.stderr)")
    }

    @Test func anUnreadableFolderIsReportedAndTheRestChecked() throws {
        guard getuid() != 0 else { return }  // root reads everything
        let root = scratch.folder("check-unreadable")
        try write(["a.txt": "A wrold.\n", "locked/b.txt": "A speling.\n"], under: root)
        chmod(root + "/locked", 0)
        defer { chmod(root + "/locked", 0o755) }
        let result = try TestProcess.textsvcd(["check", "--no-daemon", "--format", "list", root])
        #expect(result.status == 2)
        #expect(listed(result) == ["wrold"])
        #expect(result.stderr.contains("\(root)/locked: cannot be read"), "\(result.stderr)")
    }

    @Test func findSearchesFoldersThroughTheSameWalker() throws {
        let root = try repository()
        let result = try TestProcess.textsvcd(["find", "--no-daemon", "mis[a-z]+", root])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "\(root)/nested/inner.txt:1:10: A nested misteak.\n")
    }

    @Test func aSubmoduleThatIsNotCheckedOutIsPassedOverNotEnteredAgainAndAgain() throws {
        let root = try repository()
        // A submodule as a fresh clone has it before `git submodule update`: a gitlink in the index and an empty folder.
        try git(["update-index", "--add", "--cacheinfo", "160000,855827c583bc30645ba427885caa40c5b81764d2,vendor/lib"], in: root)
        try FileManager.default.createDirectory(atPath: root + "/vendor/lib", withIntermediateDirectories: true)
        let check = try TestProcess.run(TestSupport.binary, ["check", "--no-daemon", "--format", "list"],
                                        environment: TestSupport.isolatedEnvironment(scratch.folder("cli")),
                                        currentDirectory: root, stdinFromNull: true)
        #expect(check.status == 1, "\(check.stderr)")
        #expect(listed(check) == ["wrold", "speling", "misteak"])
        #expect(!check.stderr.contains("nested too deep"), "\(check.stderr)")
        #expect(check.stderr.contains("1 submodule not checked out"), "\(check.stderr)")
        let find = try TestProcess.run(TestSupport.binary, ["find", "--no-daemon", "mis[a-z]+"],
                                       environment: TestSupport.isolatedEnvironment(scratch.folder("cli")),
                                       currentDirectory: root, stdinFromNull: true)
        #expect(find.status == 0, "\(find.stderr)")
        #expect(find.stdout == "nested/inner.txt:1:10: A nested misteak.\n")
    }

    @Test func aLongListingIsCheckedInGitsOrderWithItsLinksGeneratedFilesAndNestedRepository() throws {
        // Over `FileWalker.fewestLookedUpInParallel` names, so the walk looks them up on every core.
        let root = scratch.folder("check-long-listing")
        try git(["init", "-q"], in: root)
        var files: [String: String] = [:]
        for index in 0..<300 { files[String(format: "notes/n%03d.md", index)] = "A plain note.\n" }
        files["notes/n007.md"] = "One wrold.\n"
        files["notes/n150.md"] = "One speling.\n"
        files["notes/n299.md"] = "One mistke.\n"
        files["notes/yarn.lock"] = "zzqqxx\n"
        files["notes/zz/inner.md"] = "A nested misteak.\n"
        try write(files, under: root)
        try FileManager.default.createSymbolicLink(atPath: root + "/notes/link", withDestinationPath: root + "/notes/zz")
        try git(["init", "-q"], in: root + "/notes/zz")
        let result = try TestProcess.textsvcd(["check", "--no-daemon", "--guesses", "0", root])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").map(String.init) == [
            "\(root)/notes/n007.md:1:5: wrold", "\(root)/notes/n150.md:1:5: speling", "\(root)/notes/n299.md:1:5: mistke",
            "\(root)/notes/zz/inner.md:1:10: misteak",
        ], "\(result.stdout)")
        #expect(result.stderr.contains("301 files checked (with 1 nested repository); skipped: 1 generated, 1 links to folders"),
                "\(result.stderr)")
    }

    /// A repository of 22 files: `frobnicator` in three of them, `zyxxy` three times in one, one `recieve` and one `wrold`.
    func repositoryWithItsOwnWords() throws -> String {
        let root = scratch.folder("check-vocabulary")
        try git(["init", "-q"], in: root)
        var files: [String: String] = [:]
        for index in 0..<22 { files[String(format: "notes/n%02d.md", index)] = "A plain note.\n" }
        for index in 0..<3 { files[String(format: "notes/n%02d.md", index)] = "The frobnicator runs.\n" }
        files["notes/n10.md"] = "Zyxxy, zyxxy and Zyxxy.\n"
        files["notes/n11.md"] = "We recieve mail.\n"
        files["notes/n12.md"] = "Hello wrold.\n"
        try write(files, under: root)
        try git(["add", "."], in: root)
        return root
    }

    @Test func wordsTheTreeUsesAgainAndAgainAreNotReportedAndOneOffTyposAre() throws {
        let root = try repositoryWithItsOwnWords()
        let result = try TestProcess.textsvcd(["check", "--no-daemon", "--guesses", "1", root])
        #expect(result.status == 1, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines == ["\(root)/notes/n11.md:1:4: recieve -> receive", "\(root)/notes/n12.md:1:7: wrold -> world"], "\(lines)")
        #expect(result.stderr.contains("22 files checked; 2 recurring words taken as the repository's own"), "\(result.stderr)")
    }

    @Test func aWordACommentMentionsThatTheCodeUsesAsANameIsNotReported() throws {
        let root = try repositoryWithItsOwnWords()
        try write(["src/node.c": "static int nodeptr = 0;\n/* Move nodeptr on; a commant typo. */\n"], under: root)
        try git(["add", "."], in: root)
        let result = try TestProcess.textsvcd(["check", "--no-daemon", "--guesses", "0", root])
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines == ["\(root)/notes/n11.md:1:4: recieve", "\(root)/notes/n12.md:1:7: wrold", "\(root)/src/node.c:2:23: commant"],
                "\(lines)")
        #expect(result.stderr.contains("1 word its code uses as names"), "\(result.stderr)")
    }

    @Test func plainTextThatQuotesLoremIpsumLetsItsWordsPassAndItsTyposAreStillReported() throws {
        let root = scratch.folder("check-lorem")
        try write(["cursor-test.txt": "Lorem ipsum dolor sit amet, consectetur adipiscing elit.\nThe end of teh test.\n",
                   "letter.txt": "Quis elit?\n"], under: root)
        let result = try TestProcess.textsvcd(["check", "--no-daemon", "--format", "list", root])
        // `quis` and `elit` outside a text that quotes the filler are checked as any word.
        #expect(listed(result) == ["teh", "Quis", "elit"], "\(result.stdout)")
    }

    @Test func aWordAConfigurationFilesValueNamesIsNotReportedInAComment() throws {
        let root = try repositoryWithItsOwnWords()
        // `frobz` is a tag's name and `quuxgen` part of a value: both are names the tree uses, as its code's are.
        try write(["pom.xml": "<project>\n  <frobz>on</frobz>\n  <artifactId>quuxgen-maven-plugin</artifactId>\n</project>\n",
                   "src/Build.java": "/* Runs the frobz quuxgen plugin; a commant typo. */\nclass Build {}\n"], under: root)
        try git(["add", "."], in: root)
        let result = try TestProcess.textsvcd(["check", "--no-daemon", "--guesses", "0", root])
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines == ["\(root)/notes/n11.md:1:4: recieve", "\(root)/notes/n12.md:1:7: wrold", "\(root)/src/Build.java:1:37: commant"],
                "\(lines)")
    }

    @Test func aPartOfASnakeCaseNameTheCodeUsesIsNotReportedInAComment() throws {
        let root = try repositoryWithItsOwnWords()
        // The comment names `bit_nclear`, which the code defines: its part `nclear` is no typo. `bit_nsett` is no name.
        try write(["src/bits.h": "#define bit_nclear(name, start, stop) 0\n/* Use bit_nclear, not bit_nsett; a commant typo. */\n"],
                  under: root)
        try git(["add", "."], in: root)
        let result = try TestProcess.textsvcd(["check", "--no-daemon", "--guesses", "0", root])
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines == ["\(root)/notes/n11.md:1:4: recieve", "\(root)/notes/n12.md:1:7: wrold", "\(root)/src/bits.h:2:28: nsett",
                          "\(root)/src/bits.h:2:37: commant"], "\(lines)")
    }

    @Test func aWordWrittenAsAnAcronymCountsTowardsTheTreesOwnWords() throws {
        let root = try repositoryWithItsOwnWords()
        // `CIDR` passes as an acronym and still counts: with it, `cidr` is in two files.
        try write(["notes/n13.md": "A CIDR block.\n", "src/net.c": "/* Parse the cidr form; a commant typo. */\n"], under: root)
        try git(["add", "."], in: root)
        let result = try TestProcess.textsvcd(["check", "--no-daemon", "--guesses", "0", root])
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines == ["\(root)/notes/n11.md:1:4: recieve", "\(root)/notes/n12.md:1:7: wrold", "\(root)/src/net.c:1:27: commant"],
                "\(lines)")
    }

    @Test func aNameCreditedInAChangeLogIsNotReportedAndStillCountsTowardsTheTreesOwnWords() throws {
        let root = try repositoryWithItsOwnWords()
        // `Sztoch` is credited once: not reported. `Wrzeszcz` is credited once in the change log and written once in
        // AUTHORS: two files, the tree's own.
        try write([
            "CHANGELOG.md": "* Fix a crash (Zbigniew Wrzeszcz, issue 512)\n* Speed up (Przemyslaw Sztoch)\n* Handle teh input (see notes)\n",
            "AUTHORS.md": "Zbigniew Wrzeszcz\n",
        ], under: root)
        try git(["add", "."], in: root)
        let result = try TestProcess.textsvcd(["check", "--no-daemon", "--guesses", "0", root])
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines == ["\(root)/CHANGELOG.md:3:10: teh", "\(root)/notes/n11.md:1:4: recieve", "\(root)/notes/n12.md:1:7: wrold"],
                "\(lines)")
    }

    @Test func aWalkedTreeIsGuessedOnceARunFromTheRankerWithTheProjectsWordsNear() throws {
        let root = try repositoryWithItsOwnWords()
        try write([
            "notes/n13.md": "Calls xyzzyplugh twice: xyzzyplugh.\n",
            "notes/n14.md": "The frobnicatr again, and we beleive.\n",
            ".textsvcd/words.txt": "frobnicator\n",
        ], under: root)
        try git(["add", "."], in: root)
        let result = try TestProcess.textsvcd(["check", "--no-daemon", "--guesses", "1", root])
        #expect(result.status == 1, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        // Hunspell's suggest would offer `plughole` for the identifier; a whole-tree run asks the ranker alone.
        #expect(lines == [
            "\(root)/notes/n11.md:1:4: recieve -> receive", "\(root)/notes/n12.md:1:7: wrold -> world",
            "\(root)/notes/n13.md:1:7: xyzzyplugh", "\(root)/notes/n13.md:1:25: xyzzyplugh",
            "\(root)/notes/n14.md:1:5: frobnicatr -> frobnicator", "\(root)/notes/n14.md:1:30: beleive -> believe",
        ], "\(lines)")
    }

    @Test func noRepositoryWordsReportsEveryWord() throws {
        let root = try repositoryWithItsOwnWords()
        let result = try TestProcess.textsvcd(["check", "--no-daemon", "--format", "list", "--no-repository-words", root])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(listed(result) == ["frobnicator", "Zyxxy", "zyxxy", "recieve", "wrold"])
        #expect(result.stdout.split(separator: "\n").count == 8)
        #expect(result.stderr.contains("22 files checked\n"), "\(result.stderr)")
    }

    @Test func namedFilesAreNotLearnedFrom() throws {
        let root = try repositoryWithItsOwnWords()
        let paths = (0..<22).map { String(format: "\(root)/notes/n%02d.md", $0) }
        let result = try TestProcess.textsvcd(["check", "--no-daemon", "--format", "list"] + paths)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(listed(result).contains("frobnicator"))
    }

    /// A gettext catalog: an English source string, and a translation with the header's `Language:`.
    func catalog(language: String, translation: String) -> String {
        """
        msgid ""
        msgstr ""
        "Language: \(language)\\n"

        msgid "Open the wrold"
        msgstr "\(translation)"

        """
    }

    @Test func catalogTranslationsAreCheckedOnlyInALanguageAskedFor() throws {
        let root = scratch.folder("check-catalogs")
        try write([
            "po/de.po": catalog(language: "de", translation: "Die Straße öffnen, nicht die Strase"),
            "po/xx.po": catalog(language: "xx", translation: "Qwzrt vlmnop"),
        ], under: root)
        let asked = try TestProcess.textsvcd(["check", "--no-daemon", "--format", "list", "--no-repository-words", "--lang", "en_US,de_DE", root])
        #expect(asked.status == 1, "\(asked.stderr)")
        #expect(asked.stdout == "wrold\nStrase\nwrold\n", "\(asked.stdout)")
        #expect(asked.stderr.contains("2 files checked; translations not checked (language not asked for): xx"), "\(asked.stderr)")
        let english = try TestProcess.textsvcd(["check", "--no-daemon", "--format", "list", "--no-repository-words", root])
        #expect(english.stdout == "wrold\nwrold\n", "\(english.stdout)")
        #expect(english.stderr.contains("translations not checked (language not asked for): de, xx"), "\(english.stderr)")
        // A translation's misspelling says its language, and its guesses come from that dictionary.
        let worded = try TestProcess.textsvcd(["check", "--no-daemon", "--guesses", "1", "--lang", "en_US,de", root + "/po/de.po"])
        #expect(worded.stdout.contains("po/de.po:6:38: Strase [de] -> Stra"), "\(worded.stdout)")
    }

    @Test func aNamedCatalogNotCheckedIsSummarizedOnce() throws {
        let root = scratch.folder("check-catalog-named")
        try write(["ko.po": catalog(language: "zz_ZZ", translation: "Qwzrt vlmnop")], under: root)
        let result = try TestProcess.textsvcd(["check", "--no-daemon", "--format", "list", root + "/ko.po"])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stdout == "wrold\n")
        #expect(result.stderr.contains("translations not checked (language not asked for): zz_ZZ"), "\(result.stderr)")
    }
}
