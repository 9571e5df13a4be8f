import Foundation
import Testing
@testable import TextServices
@testable import TextServicesTestSupport

/// The accept table's flags, word by word, of `words` verified with `cases`.
private func verifiedFlags(_ words: [String], engine: HunspellEngine, cases: CaseInference) -> [String: UInt8] {
    let forms = words.map { WordFormExpander.Form(word: $0, suggestible: true) }
    let (table, _) = DictionaryCompiler.verify(forms, engine: engine, cases: cases) { _ in }
    var flags: [String: UInt8] = [:]
    for word in words {
        var key = word
        flags[word] = key.withUTF8 { table.flags(of: $0) }
    }
    return flags
}

@Test func forceUpperCaseLeavesInferringOnWithTheDicAndOffWithoutIt() throws {
    let scratch = TemporaryFolder(); defer { scratch.remove() }
    let info = try TestSupport.writeDictionary(in: scratch, tag: "xx", aff: "SET UTF-8\nFORCEUCASE A\nCOMPOUNDFLAG C\nSFX S Y 1\nSFX S 0 s .\n",
                                               dic: "3\nfoo/C\nbaz/CAS\nwalk/S\n")
    let cases = CaseInference(affixPath: info.affixPath, wordsPath: info.wordsPath)
    #expect(cases.isEnabled)
    // Without the .dic the entries carrying the flag are unknown.
    #expect(!CaseInference(affixPath: info.affixPath).isEnabled)
    #expect(CaseInference.decidedByAffixes(Array(try String(contentsOfFile: info.affixPath, encoding: .utf8).utf8)) == nil)
    var memo = CaseInference.ScalarMemo()
    #expect(cases.inferredVariants("walks", memo: &memo) == AcceptTable.capitalised | AcceptTable.upper)
    // Words ending in a form of `baz` (the stem, `bazs`) are asked in every case; `bazaar` does not end in one.
    for word in ["baz", "foobaz", "foobazs", "xbazs"] { #expect(cases.inferredVariants(word, memo: &memo) == nil, "\(word)") }
    #expect(cases.inferredVariants("bazaar", memo: &memo) != nil)
    #expect(!cases.followsLowerCase("foobaz") && cases.followsLowerCase("foowalks"))
}

@Test func aCompoundWhoseCapitalsMeetCompoundRepIsAskedUnderForceUpperCase() throws {
    let scratch = TemporaryFolder(); defer { scratch.remove() }
    // `foobaz` is accepted in lower case through COMPOUNDRULE (`baz/2`, no FORCEUCASE), but capitalised and in capitals
    // the flag-compound pass keeps `baz/CA` as the last part, and CHECKCOMPOUNDREP (`z` to `x` gives `foobax`) refuses it.
    let info = try TestSupport.writeDictionary(
        in: scratch, tag: "xx",
        aff: "SET UTF-8\nFORCEUCASE A\nCOMPOUNDFLAG C\nCOMPOUNDRULE 1\nCOMPOUNDRULE 12\nCHECKCOMPOUNDREP\nREP 1\nREP z x\n",
        dic: "4\nfoo/C1\nbaz/CA\nbaz/2\nfoobax\n")
    let engine = try HunspellEngine(info: info, handles: 1)
    #expect(engine.spell("foobaz") && !engine.spell("Foobaz") && !engine.spell("FOOBAZ"))
    let cases = CaseInference(affixPath: info.affixPath, wordsPath: info.wordsPath)
    #expect(cases.isEnabled)
    let words = ["foobaz", "foobax", "foo", "baz"]
    let asked = verifiedFlags(words, engine: engine, cases: .disabled)
    #expect(asked["foobaz"] == AcceptTable.asIs)
    #expect(verifiedFlags(words, engine: engine, cases: cases) == asked)
}

@Test func forceUpperCaseEndingsCoverFormsOnlyCompoundsAllow() throws {
    let scratch = TemporaryFolder(); defer { scratch.remove() }
    // `gatan` is ONLYINCOMPOUND and its suffix `-s` NEEDAFFIX-free but ONLYINCOMPOUND too: neither is a word alone, both end compounds.
    let info = try TestSupport.writeDictionary(
        in: scratch, tag: "xx",
        aff: "SET UTF-8\nFORCEUCASE c\nCOMPOUNDFLAG X\nONLYINCOMPOUND Z\nSFX A Y 1\nSFX A 0 s/Z .\n",
        dic: "2\ngatan/AcXZ\nstor/X\n")
    let cases = CaseInference(affixPath: info.affixPath, wordsPath: info.wordsPath)
    #expect(cases.isEnabled)
    var memo = CaseInference.ScalarMemo()
    #expect(cases.inferredVariants("storgatan", memo: &memo) == nil)
    #expect(cases.inferredVariants("storgatans", memo: &memo) == nil)
    #expect(cases.inferredVariants("stor", memo: &memo) != nil)
    let engine = try HunspellEngine(info: info, handles: 1)
    let words = ["storgatan", "storgatans", "stor", "storstor"]
    #expect(verifiedFlags(words, engine: engine, cases: cases) == verifiedFlags(words, engine: engine, cases: .disabled))
}

@Test func aCompoundPatternReplacementUnderForceUpperCaseMakesItsWitnessAsked() throws {
    let scratch = TemporaryFolder(); defer { scratch.remove() }
    // Hunspell reads a comment after CHECKCOMPOUNDPATTERN's two fields as the replacement (`#`): words holding it are asked.
    let info = try TestSupport.writeDictionary(
        in: scratch, tag: "xx", aff: "SET UTF-8\nFORCEUCASE A\nCOMPOUNDFLAG C\nCHECKCOMPOUNDPATTERN 1\nCHECKCOMPOUNDPATTERN o b # note\n",
        dic: "2\nfoo/C\nbaz/CA\n")
    let cases = CaseInference(affixPath: info.affixPath, wordsPath: info.wordsPath)
    #expect(cases.isEnabled && cases.witnesses.contains("#"))
    // Without FORCEUCASE the replacement changes no case verdict.
    let plain = try TestSupport.writeDictionary(
        in: scratch, tag: "xx", aff: "SET UTF-8\nCOMPOUNDFLAG C\nCHECKCOMPOUNDPATTERN 1\nCHECKCOMPOUNDPATTERN o b # note\n", dic: "1\nfoo/C\n")
    #expect(CaseInference(affixPath: plain.affixPath, wordsPath: plain.wordsPath).witnesses.isEmpty)
}

@Test func wordEndingsMatchWholeSpellingsAtTheEndOnly() {
    let endings = WordEndings(["baz", "bazs", "ärm", ""])
    for word in ["baz", "foobaz", "foobazs", "överärm"] { #expect(endings.endsAny(word), "\(word)") }
    for word in ["az", "bazaar", "ba", "", "ärmar"] { #expect(!endings.endsAny(word), "\(word)") }
    #expect(WordEndings.none.isEmpty && !WordEndings.none.endsAny("baz"))
}

@Test func flagsNamedAboveTheFlagLineAreReadInItsMode() throws {
    let scratch = TemporaryFolder(); defer { scratch.remove() }
    // Dutch names KEEPCASE, WARN and FORCEUCASE before `FLAG long`: Hunspell reads FLAG first, wherever it stands.
    let affixes = AffixFile(bytes: Array("SET UTF-8\nKEEPCASE Kc\nFORCEUCASE Fu\nFLAG long\nSFX Aa Y 1\nSFX Aa 0 s .\n".utf8))
    #expect(affixes.flagMode == .long)
    #expect(affixes.keepCase == AffixFlagMode.long.parseSingle("Kc") && affixes.forceUpperCase == AffixFlagMode.long.parseSingle("Fu"))
    // A KEEPCASE stem's forms are asked in every case, so its capitals stay refused as Hunspell refuses them.
    let info = try TestSupport.writeDictionary(
        in: scratch, tag: "xx", aff: "SET UTF-8\nKEEPCASE Kc\nFORCEUCASE Fu\nFLAG long\nCOMPOUNDFLAG Cc\nSFX Aa Y 1\nSFX Aa 0 s .\n",
        dic: "3\ncd/KcAa\nstraat/CcFu\nwalk/Aa\n")
    let cases = CaseInference(affixPath: info.affixPath, wordsPath: info.wordsPath)
    #expect(cases.isEnabled && cases.forcedCaseEndings.endsAny("dorpstraat"))
    let words = WordFormExpander.forms(of: info).map(\.word) + ["dorpstraat"]
    let engine = try HunspellEngine(info: info, handles: 1)
    let asked = verifiedFlags(words, engine: engine, cases: .disabled)
    #expect(asked["cd"] == AcceptTable.asIs && asked["walks"] == AcceptTable.asIs | AcceptTable.capitalised | AcceptTable.upper)
    let forms = WordFormExpander.forms(of: info) + [WordFormExpander.Form(word: "dorpstraat", suggestible: true)]
    let (table, _) = DictionaryCompiler.verify(forms, engine: engine, cases: cases) { _ in }
    for word in words {
        var key = word
        #expect(key.withUTF8 { table.flags(of: $0) } == asked[word], "\(word)")
    }
}

@Test func aFormOfASCIIWithoutCapitalsIsToldFromItsBytes() {
    var forms = FormList()
    for word in ["walk", "don't", "Walk", "nASA", "café", ""] { forms.append(Array(word.unicodeScalars), suggestible: true) }
    #expect((0..<forms.count).map { forms.isASCIIWithoutCapitals($0) } == [true, true, false, false, false, true])
    // The same answer as the fold test it stands in for, on every ASCII form.
    var memo = ScalarByteMemo()
    for index in 0..<4 {
        let ownFold = WordList.isOwnFold(forms.word(index), unchanged: &memo)
        #expect(forms.isASCIIWithoutCapitals(index) == ownFold, "\(forms.word(index))")
    }
}
