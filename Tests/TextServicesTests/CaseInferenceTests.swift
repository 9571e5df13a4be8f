import Foundation
import Testing
@testable import TextServices
@testable import TextServicesTestSupport

/// The accept table's flags, key by key, of forms verified with `cases`.
private func verifiedFlags(_ forms: [WordFormExpander.Form], engine: HunspellEngine, cases: CaseInference) -> [String: UInt8] {
    let (table, _) = DictionaryCompiler.verify(forms, engine: engine, cases: cases) { _ in }
    var flags: [String: UInt8] = [:]
    for form in forms where !form.word.isEmpty {
        var key = form.word
        flags[form.word] = key.withUTF8 { table.flags(of: $0) }
    }
    return flags
}

@Test func inferringCaseSpellingsGivesTheFlagsHunspellGivesOnEveryDictionaryOfItsSuite() throws {
    var compared = 0
    for name in HunspellSuite.names {
        let info = DictionaryInfo(tag: LanguageTag("xx")!, source: .user, path: HunspellSuite.folder + "/" + name)
        let cases = CaseInference(affixPath: info.affixPath)
        guard cases.isEnabled else { continue }
        let forms = WordFormExpander.forms(of: info)
        guard !forms.isEmpty, let engine = try? HunspellEngine(info: info, handles: 1) else { continue }
        let asked = verifiedFlags(forms, engine: engine, cases: .disabled)
        let inferred = verifiedFlags(forms, engine: engine, cases: cases)
        let differing = asked.keys.filter { asked[$0] != inferred[$0] }.sorted()
        #expect(differing.isEmpty, "\(name): \(differing.prefix(10).map { "\($0) asked \(asked[$0]!) inferred \(inferred[$0]!)" })")
        compared += 1
    }
    #expect(compared > 20, "only \(compared) suite dictionaries allow inferring")
}

@Test func inferringCaseSpellingsGivesTheFlagsHunspellGivesOnEnglish() throws {
    let info = try repositoryEnglishInfo()
    let cases = CaseInference(affixPath: info.affixPath)
    #expect(cases.isEnabled)
    let forms = WordFormExpander.forms(of: info)
    // An even sample: asking Hunspell three times about every form takes long in a debug build.
    let sample = stride(from: 0, to: forms.count, by: max(1, forms.count / 20_000)).map { forms[$0] }
    let engine = try HunspellEngine(info: info, handles: 1)
    let asked = verifiedFlags(sample, engine: engine, cases: .disabled)
    let inferred = verifiedFlags(sample, engine: engine, cases: cases)
    #expect(asked == inferred, "\(asked.keys.filter { asked[$0] != inferred[$0] }.sorted().prefix(10))")
    #expect(sample.count { cases.followsLowerCase($0.word) } > sample.count / 2)
}

@Test func directivesThatLookAtCaseTurnInferringOff() {
    func inference(_ aff: String) -> CaseInference { CaseInference(affixBytes: Array(aff.utf8)) }
    #expect(inference("SET UTF-8\nTRY abc\n").isEnabled)
    #expect(inference("SET UTF-8\nBREAK 3\nBREAK -\nBREAK ^-\nBREAK -$\n").isEnabled)
    #expect(inference("SET UTF-8\nICONV 1\nICONV ’ '\n").isEnabled)
    for aff in ["KEEPCASE K\n", "FORBIDDENWORD !\n", "CHECKSHARPS\n", "FORCEUCASE U\n", "WARN W\n", "FORBIDWARN\n",
                "IGNORE a\n", "CHECKCOMPOUNDCASE\n", "LANG tr_TR\n", "LANG az\n", "LANG hu_HU\n", "LANG crh\n",
                "BREAK 1\nBREAK '\n", "ICONV 1\nICONV A a\n"] {
        #expect(!inference("SET UTF-8\n" + aff).isEnabled, "\(aff)")
    }
}

@Test func onlyLowerCaseWordsWhoseVariantsMapBackAreInferred() {
    let utf8 = CaseInference(affixBytes: Array("SET UTF-8\n".utf8))
    for word in ["walked", "don't", "ёлка", "café", "żółw"] { #expect(utf8.followsLowerCase(word), "\(word)") }
    // Capitals, a sharp s (upper-cased to SS), a dotless i, hyphens and periods (word breaking and abbreviations), digits alone.
    for word in ["London", "NASA", "straße", "ıi", "well-known", "etc.", "42", ""] {
        #expect(!utf8.followsLowerCase(word), "\(word)")
    }
    let latin1 = CaseInference(affixBytes: Array("SET ISO8859-1\n".utf8))
    #expect(latin1.followsLowerCase("walked") && !latin1.followsLowerCase("café"))
}
