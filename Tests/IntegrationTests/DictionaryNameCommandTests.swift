import Foundation
import Testing
@testable import TextServices
@testable import TextServicesProtocol
@testable import TextServicesTestSupport

@Test(.slow)
func theCommandLineTakesAnyDictionaryNameForLangAndDashD() throws {
    let folder = TestSupport.hunspellSuite
    let good = TestSupport.wordList(folder + "/checkcompoundcase.good").map { String(decoding: $0, as: UTF8.self) }
    let wrong = TestSupport.wordList(folder + "/checkcompoundcase.wrong").map { String(decoding: $0, as: UTF8.self) }
    #expect(!good.isEmpty && !wrong.isEmpty)
    let text = (good + wrong).joined(separator: "\n") + "\n"
    let check = try TestProcess.textsvcd(["check", "--no-daemon", "--format", "list", "--dictionary-path", folder,
                                          "--lang", "checkcompoundcase", "-"], stdin: Array(text.utf8))
    #expect(check.status == 1, "\(check.stderr)")
    #expect(Set(check.stdout.split(separator: "\n").map(String.init)) == Set(wrong))
    let list = try TestProcess.textsvcd(["-l", "-d", folder + "/checkcompoundcase"], stdin: Array(text.utf8))
    #expect(list.status == 0, "\(list.stderr)")
    #expect(list.stdout.split(separator: "\n").map(String.init) == wrong)
    let languages = try TestProcess.textsvcd(["languages", "--no-daemon", "--dictionary-path", folder])
    #expect(languages.stdout.split(separator: "\n").contains { $0.hasPrefix("checkcompoundcase ") })
    let unknown = try TestProcess.textsvcd(["check", "--no-daemon", "--lang", "no-such-dictionary-here", "-"], stdin: Array("x".utf8))
    #expect(unknown.status == 2)
    #expect(unknown.stderr.contains("no-such-dictionary-here"))
}
