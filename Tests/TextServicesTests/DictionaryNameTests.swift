import Foundation
import Testing
@testable import TextServices
@testable import TextServicesProtocol

@Test func dictionaryNamesNormaliseTagsAndKeepOtherFileNames() {
    #expect(LanguageTag(dictionaryName: "en-us")?.tag == "en_US")
    #expect(LanguageTag(dictionaryName: "de_DE_frami")?.tag == "de_DE_frami")
    #expect(LanguageTag(dictionaryName: "checkcompoundcase")?.tag == "checkcompoundcase")
    #expect(LanguageTag(dictionaryName: "medical.v2")?.tag == "medical.v2")
    #expect(LanguageTag(dictionaryName: "1463589_utf")?.tag == "1463589_utf")
    #expect(LanguageTag(dictionaryName: "no-such-dictionary")?.tag == "no-such-dictionary")
    for refused in ["", "  ", "a/b", ".hidden", "tab\tname"] {
        #expect(LanguageTag(dictionaryName: refused) == nil, "\(refused.debugDescription)")
    }
}

/// The acceptance of issue 15: every dictionary of Hunspell's own test suite loads by its file name.
@Test func everyHunspellTestDictionaryIsFoundByItsFileName() throws {
    var configuration = TestSupport.configuration()
    configuration.dictionaryPaths = [HunspellSuite.folder]
    let locator = DictionaryLocator(configuration: configuration)
    let names = HunspellSuite.names
    #expect(names.count > 150)
    for name in names {
        let info = try locator.locate(name)
        #expect(info.path == HunspellSuite.folder + "/" + name, "\(name) resolved to \(info.path)")
    }
    let listed = Set(locator.available().map(\.tag.tag))
    #expect(listed.isSuperset(of: ["checkcompoundcase", "nepali", "utf8_nonbmp", "en_US"]))
}

@Test(.tags(.slow), .skippedInFastRuns)
func theCommandLineTakesAnyDictionaryNameForLangAndDashD() throws {
    let folder = HunspellSuite.folder
    let good = HunspellSuite.words(folder + "/checkcompoundcase.good").map { String(decoding: $0, as: UTF8.self) }
    let wrong = HunspellSuite.words(folder + "/checkcompoundcase.wrong").map { String(decoding: $0, as: UTF8.self) }
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
