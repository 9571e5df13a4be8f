import Foundation
import Testing
@testable import TextServices
@testable import TextServicesTestSupport

/// Scopes of one spelling service share what they load.
@Suite struct SpellingScopeTests {
    private let scratch = TemporaryFolder("spelling-scope")

    @Test func scopesWhoseNamesResolveToTheSameFilesShareOneLoadedDictionary() throws {
        let info = try TestSupport.writeDictionary(in: scratch, tag: "medical", aff: "SET UTF-8\n", dic: "1\nfemur\n")
        let folder = (info.path as NSString).deletingLastPathComponent
        let other = try TestSupport.writeDictionary(in: scratch, tag: "medical", aff: "SET UTF-8\n", dic: "1\ntibia\n")
        let otherFolder = (other.path as NSString).deletingLastPathComponent
        let service = TestSupport.services(dataHome: scratch.folder("scopes")).spelling
        let first = service.scoped(to: SpellingContext(dictionaryPaths: [folder], defaultLanguage: "medical"))
        let second = service.scoped(to: SpellingContext(dictionaryPaths: ["/nonexistent", folder], defaultLanguage: nil))
        let third = service.scoped(to: SpellingContext(dictionaryPaths: [otherFolder], defaultLanguage: nil))
        #expect(try first.dictionary(nil) === second.dictionary("medical"))
        #expect(try third.dictionary("medical") !== first.dictionary(nil))
        #expect(try third.checker(languages: ["medical"]).accepts("tibia"))
        #expect(try !first.checker().accepts("tibia"))
        #expect(throws: TextServicesError.self) { try service.dictionary("medical") }
    }

    @Test func aWordLearnedInOneScopeIsKnownInAnotherThatLoadedTheLanguageFromOtherFiles() throws {
        let info = try TestSupport.writeDictionary(in: scratch, tag: "medical", aff: "SET UTF-8\n", dic: "1\nfemur\n")
        let other = try TestSupport.writeDictionary(in: scratch, tag: "medical", aff: "SET UTF-8\n", dic: "1\ntibia\n")
        let service = TestSupport.services(dataHome: scratch.folder("scopes")).spelling
        let first = service.scoped(to: SpellingContext(dictionaryPaths: [(info.path as NSString).deletingLastPathComponent],
                                                       defaultLanguage: nil))
        let second = service.scoped(to: SpellingContext(dictionaryPaths: [(other.path as NSString).deletingLastPathComponent],
                                                        defaultLanguage: nil))
        _ = try second.dictionary("medical")
        try first.learn("patella", language: "medical")
        #expect(try second.checker(languages: ["medical"]).accepts("patella"))
    }

    @Test func theLocaleGivesTheDefaultLanguageOnlyWhenADictionaryHasIt() {
        let bundled = TestSupport.bundledDictionaries
        var environment = ["HOME": "/nonexistent", "TEXTSVCD_BUNDLED_DICTIONARIES": bundled, "LANG": "en_US.UTF-8"]
        #expect(Configuration.fromEnvironment(environment: environment).defaultLanguage == "en_US")
        environment["LANG"] = "zz_ZZ.UTF-8"
        #expect(Configuration.fromEnvironment(environment: environment).defaultLanguage == "en_US")
        environment["LC_ALL"] = "C"
        #expect(Configuration.localeLanguage(environment: environment) == nil)
        #expect(Configuration.localeLanguage(environment: ["LANG": "de_DE.UTF-8@euro"]) == "de_DE")
        #expect(Configuration.localeLanguage(environment: ["LC_MESSAGES": "fr_FR", "LANG": "de_DE"]) == "fr_FR")
    }
}

/// Language identification follows a session's spelling scope.
@Suite struct LanguageIdentificationScopeTests {
    private let scratch = TemporaryFolder("spelling-scope")

    @Test func aScopesDictionaryPathGivesItsCandidatesAndOnlyToThatScope() throws {
        let info = try TestSupport.writeDictionary(in: scratch, tag: "eo", aff: "SET UTF-8\n", dic: "2\nkato\nhundo\n",
                                                   frequencies: "kato\t4.2\nhundo\t3.9\n")
        let services = TestSupport.services(dataHome: scratch.folder("language-scopes"))
        let scope = services.spelling.scoped(to: SpellingContext(dictionaryPaths: [(info.path as NSString).deletingLastPathComponent],
                                                                 defaultLanguage: nil))
        let scoped = services.languages.scoped(to: scope)
        #expect(try scoped.candidates(["eo"]).map(\.tag) == ["eo"])
        #expect(throws: TextServicesError.self) { try services.languages.candidates(["eo"]) }
        #expect(services.languages.scoped(to: services.spelling) === services.languages)
    }
}
