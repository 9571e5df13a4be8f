import Foundation
import Testing
@testable import TextServices
@testable import TextServicesProtocol
@testable import TextServicesTestSupport

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
    let scratch = TemporaryFolder(); defer { scratch.remove() }
    var configuration = TestSupport.configuration(dataHome: scratch.folder("data"))
    configuration.dictionaryPaths = [TestSupport.hunspellSuite]
    let locator = DictionaryLocator(configuration: configuration)
    let names = HunspellSuite.names
    #expect(names.count > 150)
    for name in names {
        let info = try locator.locate(name)
        #expect(info.path == TestSupport.hunspellSuite + "/" + name, "\(name) resolved to \(info.path)")
    }
    let listed = Set(locator.available().map(\.tag.tag))
    #expect(listed.isSuperset(of: ["checkcompoundcase", "nepali", "utf8_nonbmp", "en_US"]))
}
