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
    // KEEPCASE is decided per form (the compiler asks about forms of KEEPCASE stems in every case).
    #expect(inference("SET UTF-8\nKEEPCASE K\n").isEnabled)
    for aff in ["FORBIDDENWORD !\n", "CHECKSHARPS\n", "FORCEUCASE U\n", "WARN W\n", "FORBIDWARN\n",
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

@Test func wordsHoldingAnICONVPatternsCaselessScalarAreNotInferred() {
    // French's ICONV: ligatures, the long s, and accented letters written with a combining mark.
    let french = CaseInference(affixBytes: Array("SET UTF-8\nICONV 4\nICONV ﬁ fi\nICONV ſ s\nICONV a\u{300} à\nICONV A\u{300} À\n".utf8))
    #expect(french.isEnabled)
    for word in ["fin", "voilà", "l’eau"] { #expect(french.followsLowerCase(word), "\(word)") }
    for word in ["ﬁn", "ſe", "voila\u{300}"] { #expect(!french.followsLowerCase(word), "\(word)") }
    #expect(CaseInference.iconvWitness("a\u{300}") == "\u{300}")
    #expect(CaseInference.iconvWitness("ﬁ") == "ﬁ")
    #expect(CaseInference.iconvWitness("ab") == nil)
}

@Test func formsOfAKeepCaseStemAreAskedInEveryCase() throws {
    let info = try TestSupport.writeDictionary(tag: "xx", aff: "SET UTF-8\nKEEPCASE K\nSFX S Y 1\nSFX S 0 s .\n",
                                               dic: "2\nkm/KS\ncat/S\n")
    let forms = WordFormExpander.forms(of: info)
    #expect(Set(forms.filter(\.keepsCase).map(\.word)) == ["km", "kms"])
    let engine = try HunspellEngine(info: info, handles: 1)
    let inferred = verifiedFlags(forms, engine: engine, cases: CaseInference(affixPath: info.affixPath))
    #expect(inferred == verifiedFlags(forms, engine: engine, cases: .disabled))
    #expect(inferred["km"] == AcceptTable.asIs && inferred["cats"] == AcceptTable.asIs | AcceptTable.capitalised | AcceptTable.upper)
}

@Test func inferringScalarByScalarAgreesWithTheWholeWordsMappings() throws {
    let french = CaseInference(affixBytes: Array("SET UTF-8\nICONV 2\nICONV ﬁ fi\nICONV a\u{300} à\n".utf8))
    let latin1 = CaseInference(affixBytes: Array("SET ISO8859-1\n".utf8))
    let utf8 = CaseInference(affixBytes: Array("SET UTF-8\n".utf8))
    let english = try WordFormExpander.forms(of: repositoryEnglishInfo()).map(\.word)
    let words = ["walked", "don't", "ёлка", "café", "żółw", "London", "NASA", "straße", "ıi", "well-known", "etc.", "42", "",
                 "ĸa", "aĸ", "ŉa", "σοφία", "ἀρετή", "ǆx", "ﬁn", "voila\u{300}", "l’eau", "éa", "ÿes", "ǉubav", "nǈ"]
        + stride(from: 0, to: english.count, by: 7).map { english[$0] }
    for cases in [utf8, french, latin1, .disabled] {
        var memo = CaseInference.ScalarMemo()
        for word in words {
            let whole: UInt8? = cases.followsLowerCase(word)
                ? (CaseVariants.capitalised(word) != word ? AcceptTable.capitalised : 0) | (CaseVariants.upper(word) != word ? AcceptTable.upper : 0)
                : nil
            #expect(cases.inferredVariants(word, memo: &memo) == whole, "\(word)")
        }
    }
}

@Test func foldingScalarByScalarGivesTheWholeWordsFold() throws {
    var unchanged: [Unicode.Scalar: Bool] = [:]
    let english = try WordFormExpander.forms(of: repositoryEnglishInfo()).map(\.word)
    let words = ["walked", "London", "ёлка", "Ёлка", "café", "CAFÉ", "żółw", "straße", "ΣΟΦΙΑΣ", "σοφίας", "İstanbul",
                 "l’eau", "L’Eau", "ǅx", "ﬁn", "voila\u{300}", "ŉ", ""] + stride(from: 0, to: english.count, by: 7).map { english[$0] }
    for word in words {
        #expect(Array(WordList.fold(word, unchanged: &unchanged).utf8) == Array(WordList.fold(word).utf8), "\(word)")
    }
}

@Test func directivesInAnAffixFileWithCRLFLineEndsAreSeen() throws {
    // Catalan's .aff ends its lines with CR LF, and `"\r\n"` is one Character: split on "\n" alone, the file was one line.
    let crlf = { (lines: [String]) in Array(lines.joined(separator: "\r\n").utf8) }
    #expect(CaseInference(affixBytes: crlf(["SET UTF-8", "TRY abc", ""])).isEnabled)
    #expect(!CaseInference(affixBytes: crlf(["SET UTF-8", "TRY abc", "FORBIDDENWORD !", ""])).isEnabled)
    let info = try TestSupport.writeDictionary(tag: "xx", aff: ["SET UTF-8", "TRY abc", "COMPOUNDFLAG X", "SFX S Y 1", "SFX S 0 s .", ""]
        .joined(separator: "\r\n"), dic: "2\r\nfoo/SX\r\nbar/X\r\n")
    let built = RejectIndex.build(info: info)
    #expect(!built.index.isUsable && built.reason == "COMPOUNDFLAG", "\(built.reason ?? "usable")")
}
