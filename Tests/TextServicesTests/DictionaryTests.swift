import Foundation
import Testing
@testable import TextServices
@testable import TextServicesProtocol
@testable import TextServicesTestSupport

@Suite struct DictionaryTests {
    private let scratch = TemporaryFolder("dictionary")

    @Test(arguments: ["en-US", "en_us", "en_US", "EN-us", " en_US "])
    func normalisesLanguageTags(raw: String) {
        #expect(LanguageTag(raw)?.tag == "en_US")
    }

    @Test func tagsAlreadyNormalComeBackAsTheyAreAndOthersAreNormalised() {
        for tag in ["en", "de", "en_US", "ast_ES", "pt_BR"] { #expect(LanguageTag(tag)?.tag == tag) }
        #expect(LanguageTag("en_Us")?.tag == "en_US")
        #expect(LanguageTag("en_USA")?.tag == "en_USA")
        #expect(LanguageTag("enus_US")?.tag == "enus_US")
        #expect(LanguageTag("de_DE ")?.tag == "de_DE")
        #expect(LanguageTag("e_US") == nil)
    }

    @Test func keepsScriptsAndRejectsGarbage() {
        #expect(LanguageTag("sr-latn-rs")?.tag == "sr_Latn_RS")
        #expect(LanguageTag("") == nil)
        #expect(LanguageTag("e") == nil)
        #expect(LanguageTag("en/../../etc") == nil)
    }

    @Test func bareLanguageFallsBackToARegionalDictionary() throws {
        let locator = DictionaryLocator(configuration: TestSupport.configuration(dataHome: scratch.folder("data")))
        #expect(try locator.locate("en").tag.tag == "en_US")
        #expect(try locator.locate("en-us").source == .bundled)
    }

    @Test func searchOrderPutsUserFoldersFirst() throws {
        let folder = scratch.folder("dicts")
        try "SET UTF-8\n".write(toFile: folder + "/en_US.aff", atomically: true, encoding: .utf8)
        try "1\nzyzzyva\n".write(toFile: folder + "/en_US.dic", atomically: true, encoding: .utf8)
        let locator = DictionaryLocator(configuration: TestSupport.configuration(dataHome: scratch.folder("data"), extraDictionaries: [folder]))
        let found = try locator.locate("en_US")
        #expect(found.source == .user)
        #expect(found.path == folder + "/en_US")
    }

    @Test func missingDictionaryIsAClearErrorNamingFilesAndSearchPath() throws {
        let services = TestSupport.services(dataHome: scratch.folder("data"))
        #expect {
            _ = try services.spelling.checker(languages: ["tlh_KL"])
        } throws: { error in
            guard let domain = error as? TextServicesError else { return false }
            let error = ServiceError(domain)
            return error.code == -32001 && error.message.contains("tlh_KL.aff") && error.message.contains("tlh_KL.dic")
                && error.message.contains(TestSupport.bundledDictionaries)
                && error.data?["available"]?.arrayValue?.contains(.string("en_US")) == true
        }
    }

    @Test func unreadableDictionaryIsAnError() throws {
        let folder = scratch.folder("broken")
        // A .dic without its .aff is not offered at all.
        try "1\nword\n".write(toFile: folder + "/zz_ZZ.dic", atomically: true, encoding: .utf8)
        let locator = DictionaryLocator(configuration: TestSupport.configuration(dataHome: scratch.folder("data"), extraDictionaries: [folder]))
        #expect(!locator.available().contains { $0.tag.tag == "zz_ZZ" })
        #expect(throws: DictionaryError.self) { try locator.locate("zz_ZZ") }
    }

    @Test func latin1DictionaryConvertsBothWays() throws {
        let services = TestSupport.services(dataHome: scratch.folder("data"))
        let dictionary = try services.spelling.dictionary("xx_LATIN1")
        #expect(dictionary.engine.charset.uppercased().contains("8859-1"))
        #expect(dictionary.accepts("café"))
        #expect(dictionary.accepts("cafés"))
        #expect(dictionary.accepts("façades"))
        #expect(dictionary.accepts("undo"))
        #expect(dictionary.accepts("smörgåsbord"))
        #expect(!dictionary.accepts("cafe"))
        // Characters ISO-8859-1 cannot hold are misspelled, not mangled into '?'.
        #expect(!dictionary.accepts("café€"))
        #expect(!dictionary.accepts("日本"))
        // Guesses come back decoded to proper Unicode.
        #expect(dictionary.hunspellSuggestions("cafe").contains("café"))
        // Learning a word works in the dictionary's charset too.
        try services.spelling.learn("ångström", language: "xx_LATIN1")
        #expect(dictionary.accepts("ångström"))
    }

    @Test func engineIsSafeFromManyThreads() async throws {
        let dictionary = try TestSupport.services(dataHome: scratch.folder("data")).spelling.dictionary("en_US")
        let words = ["hello", "wrold", "receive", "recieve", "don't", "naïve", "the", "teh"]
        await withTaskGroup(of: Bool.self) { group in
            for task in 0..<16 {
                group.addTask {
                    for round in 0..<200 {
                        let word = words[(task + round) % words.count]
                        let expected = ["hello", "receive", "don't", "the"].contains(word)
                        if dictionary.engine.spell(word) != expected { return false }
                        if round % 50 == 0 { _ = dictionary.engine.suggest(word) }
                    }
                    return true
                }
            }
            for await ok in group { #expect(ok) }
        }
    }
}
