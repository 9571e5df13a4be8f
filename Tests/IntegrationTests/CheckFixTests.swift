import CheckDoor
import Foundation
import Testing
@testable import TextServicesTestSupport
import TextServices

/// `check --fix`: confident first guesses written safely, a diff with `--dry-run`, files that changed or cannot be written left alone.
@Suite struct CheckFixTests {
    private let scratch = TemporaryFolder("check-fix")

    func file(_ name: String, _ text: String, mode: Int = 0o644) throws -> String {
        let path = scratch.folder("fix") + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
        return path
    }

    func mode(_ path: String) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    @Test func confidentGuessesAreWrittenKeepingCaseModeAndEveryOtherByte() throws {
        // "alot" ("a lot", "alto"...) and "teh" ("the", "tech") are not confident: they are reported, not changed.
        let path = try file("notes.txt", "Definately  wrold\r\nBECUASE\tteh alot.\n\u{00A0}end without newline wrold", mode: 0o640)
        let result = try TestProcess.textsvcd(["check", "--no-daemon", "--fix", path])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "Definitely  world\r\nBECAUSE\tteh alot.\n\u{00A0}end without newline world")
        #expect(try mode(path) == 0o640)
        #expect(result.stdout.split(separator: "\n").count == 2)
        #expect(result.stdout.contains("alot") && result.stdout.contains("teh"))
        #expect(result.stderr.contains("\(path): fixed 4 (Definately -> Definitely, wrold -> world, BECUASE -> BECAUSE"), "\(result.stderr)")
        // Nothing left behind in the folder.
        let folder = (path as NSString).deletingLastPathComponent
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["notes.txt"])
    }

    @Test func dryRunPrintsAUnifiedDiffAndWritesNothing() throws {
        let text = "one\ntwo\nthree\nfour becuase\nfive\nsix\nseven\neight\nnine\nten\nwrold\n"
        let path = try file("a.md", text)
        let result = try TestProcess.textsvcd(["check", "--no-daemon", "--fix", "--dry-run", path])
        #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
        #expect(result.status == 1)
        #expect(result.stdout == """
            --- a/\(path)
            +++ b/\(path)
            @@ -1,11 +1,11 @@
             one
             two
             three
            -four becuase
            +four because
             five
             six
             seven
             eight
             nine
             ten
            -wrold
            +world

            """)
        // patch(1) applies it.
        if let patch = TestSupport.which("patch") {
            let diff = scratch.folder("diff") + "/fix.diff"
            try result.stdout.write(toFile: diff, atomically: true, encoding: .utf8)
            let applied = try TestProcess.run(patch, ["-p1", "-i", diff, "-o", "-"], environment: ProcessInfo.processInfo.environment,
                                              currentDirectory: "/")
            #expect(applied.stdout.contains("four because\n"), "\(applied.stderr)")
        }
    }

    @Test func codeIdentifiersAreChangedOnlyWhenAsked() throws {
        let text = "let x = 1 // the wrold_count of becuase wroldMap\n"
        let path = try file("a.txt", text)
        _ = try TestProcess.textsvcd(["check", "--no-daemon", "--fix", path])
        let kept = try String(contentsOfFile: path, encoding: .utf8)
        #expect(kept.contains("wrold_count") && kept.contains("of because "), "\(kept)")
        let joined = try file("b.txt", "the wrold_count\n")
        _ = try TestProcess.textsvcd(["check", "--no-daemon", "--fix", "--fix-identifiers", joined])
        #expect(try String(contentsOfFile: joined, encoding: .utf8) == "the world_count\n")
    }

    @Test func stringsOfCodeEscapesAndRewritesAreReportedNotFixed() throws {
        // A test's expected output, a pattern and a name in code's strings are data; a comment's slip is mended.
        let text = "let expected = \"hello wrold\" // the wrold\nlet pattern = \"\\\\bpython\"\nlet names = [\"Definately\"]\n"
        let path = try file("data.swift", text)
        let result = try TestProcess.textsvcd(["check", "--no-daemon", "--fix", path])
        let kept = try String(contentsOfFile: path, encoding: .utf8)
        #expect(kept == text.replacingOccurrences(of: "the wrold", with: "the world"), "\(kept)")
        #expect(result.stdout.contains("Definately"))
        _ = try TestProcess.textsvcd(["check", "--no-daemon", "--fix", "--fix-strings", path])
        let fixed = try String(contentsOfFile: path, encoding: .utf8)
        #expect(fixed.contains("\"hello world\"") && fixed.contains("\"Definitely\"") && fixed.contains("bpython"), "\(fixed)")
        // A compound split in two, a change of inner case and a name mended to another name are no slips: prose
        // keeps them too.
        let prose = try file("notes.md", "The lockfiles are kept, said Dupont to Mikael.\n")
        _ = try TestProcess.textsvcd(["check", "--no-daemon", "--fix", prose])
        #expect(try String(contentsOfFile: prose, encoding: .utf8) == "The lockfiles are kept, said Dupont to Mikael.\n")
    }

    @Test func aWordAnotherVariantOfTheLanguageSpellsSoIsReportedNotFixed() throws {
        // Two variants of a made-up language "xx", both en_US's data; only xx_BB's word list holds "definately".
        let folder = scratch.folder("variants")
        let bundled = TestSupport.bundledDictionaries
        let manager = FileManager.default
        try manager.copyItem(atPath: bundled + "/en_US.aff", toPath: folder + "/xx_AA.aff")
        try manager.copyItem(atPath: bundled + "/en_US.dic", toPath: folder + "/xx_AA.dic")
        try manager.copyItem(atPath: bundled + "/en.freq", toPath: folder + "/xx.freq")
        let text = "The sky is definately blue.\n"
        let alone = try file("alone.txt", text)
        _ = try TestProcess.textsvcd(["check", "--no-daemon", "--dictionary-path", folder, "--lang", "xx_AA", "--fix", alone])
        #expect(try String(contentsOfFile: alone, encoding: .utf8) == "The sky is definitely blue.\n")
        try manager.copyItem(atPath: bundled + "/en_US.aff", toPath: folder + "/xx_BB.aff")
        try (String(contentsOfFile: bundled + "/en_US.dic", encoding: .utf8) + "definately\n")
            .write(toFile: folder + "/xx_BB.dic", atomically: true, encoding: .utf8)
        let variant = try file("variant.txt", text)
        let result = try TestProcess.textsvcd(["check", "--no-daemon", "--dictionary-path", folder, "--lang", "xx_AA", "--fix", variant])
        #expect(try String(contentsOfFile: variant, encoding: .utf8) == text)
        #expect(result.stdout.contains("definately"))
    }

    @Test func aReadOnlyFileIsReportedAndLeftAlone() throws {
        let path = try file("ro.txt", "a wrold\n", mode: 0o444)
        let result = try TestProcess.textsvcd(["check", "--no-daemon", "--fix", path])
        if geteuid() == 0 {
            // root may write any file: access(2) says so, and the fix is made with the mode kept.
            #expect(try mode(path) == 0o444)
            return
        }
        #expect(result.status == 2)
        #expect(result.stderr.contains("is read-only, not changed"), "\(result.stderr)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "a wrold\n")
    }

    @Test func aFileChangedOrRemovedAfterItWasReadIsRefused() throws {
        let path = try file("moving.txt", "a wrold\n")
        let read = Array("a wrold\n".utf8)
        try "a wrold, edited\n".write(toFile: path, atomically: false, encoding: .utf8)
        #expect(throws: FileSystem.ReplaceRefusal.changed) { try FileSystem.replace(path, expecting: read, with: Array("a world\n".utf8)) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "a wrold, edited\n")
        try FileManager.default.removeItem(atPath: path)
        #expect(throws: FileSystem.ReplaceRefusal.vanished) { try FileSystem.replace(path, expecting: read, with: Array("a world\n".utf8)) }
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: (path as NSString).deletingLastPathComponent).isEmpty)
    }

    @Test func aReplacementFollowsASymbolicLinkAndKeepsIt() throws {
        let target = try file("target.txt", "a wrold\n", mode: 0o600)
        let link = (target as NSString).deletingLastPathComponent + "/link.txt"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "target.txt")
        try FileSystem.replace(link, expecting: Array("a wrold\n".utf8), with: Array("a world\n".utf8))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "target.txt")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "a world\n")
        #expect(try mode(target) == 0o600)
    }

    @Test func theMarginDecidesAndIsExposedOnTheWire() throws {
        let confident = try TestProcess.textsvcd(["call", "--no-daemon", "spell.guesses", #"{"word": "becuase", "margin": true}"#])
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(confident.stdoutBytes)) as? [String: Any])
        #expect((answer["margin"] as? Double ?? 0) >= GuessConfidence.fixMargin)
        let unsure = try TestProcess.textsvcd(["call", "--no-daemon", "spell.guesses", #"{"word": "alot", "margin": true}"#])
        let unsureAnswer = try #require(try JSONSerialization.jsonObject(with: Data(unsure.stdoutBytes)) as? [String: Any])
        #expect((unsureAnswer["margin"] as? Double ?? 0) < GuessConfidence.fixMargin)
        #expect(GuessConfidence.isConfident(margin: nil) == false)
    }
}
