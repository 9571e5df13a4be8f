import Foundation
import Testing
@testable import TextServices
@testable import TextServicesProtocol
@testable import TextServicesTestSupport

/// Sentence units that know their language, through the real binary: the CLI and the daemon's socket.
@Suite struct SentenceCommandTests {
    @Test(.slow) func theCommandLineKnowsAbbreviationsAndCanTurnThemOff() throws {
        let text = Array("Dr. Smith went to Washington. He arrived at 5 p.m. and left!".utf8)
        let on = try TestProcess.textsvcd(["tokenize", "--no-daemon", "--by", "sentence", "-"], stdin: text)
        #expect(on.stdout == "Dr. Smith went to Washington. \nHe arrived at 5 p.m. and left!\n")
        let off = try TestProcess.textsvcd(["tokenize", "--no-daemon", "--by", "sentence", "--no-abbreviations", "-"], stdin: text)
        #expect(off.stdout == "Dr. \nSmith went to Washington. \nHe arrived at 5 p.m. and left!\n")
        let german = try TestProcess.textsvcd(["tokenize", "--no-daemon", "--by", "sentence", "--lang", "de_DE", "-"],
                                              stdin: Array("Er kam am 21. Januar an. Dann ging er.".utf8))
        #expect(german.stdout == "Er kam am 21. Januar an. \nDann ging er.\n")
    }

    @Test(.slow) func theDaemonKnowsAbbreviationsOverTheSocket() throws {
        let daemon = try DaemonHarness.start()
        defer { daemon.stop() }
        let text = "Статью написала А. Богданова. Она живёт в Киеве."
        let on = try daemon.call("text.tokenize", ["text": .string(text), "granularity": "sentence", "locale": "ru"])
        #expect(on["tokens"]?.arrayValue?.count == 2)
        let off = try daemon.call("text.tokenize", ["text": .string(text), "granularity": "sentence", "locale": "ru",
                                                    "abbreviations": false])
        #expect(off["tokens"]?.arrayValue?.count == 3)
        let cli = try daemon.run(["tokenize", "--by", "sentence", "--locale", "ru", "-"], stdin: text)
        #expect(cli.stdout == "Статью написала А. Богданова. \nОна живёт в Киеве.\n")
    }
}
