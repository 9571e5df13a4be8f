import Foundation
import Testing
@testable import TextServices
@testable import TextServicesTestSupport

/// The plain forms of a dictionary's expansion, by spelling.
private func plainForms(_ info: DictionaryInfo) -> (plain: Set<String>, all: Set<String>) {
    let list = WordFormExpander.formList(of: info, maximumForms: .max)
    var plain = Set<String>(), all = Set<String>()
    for index in 0..<list.count {
        all.insert(list.word(index))
        if list.isPlain(index) { plain.insert(list.word(index)) }
    }
    return (plain, all)
}

@Test func onlyFormsOfPlainStemsAndAffixesArePlain() throws {
    let scratch = TemporaryFolder(); defer { scratch.remove() }
    let aff = """
        SET UTF-8
        NOSUGGEST n
        SFX S Y 1
        SFX S 0 s .
        PFX P Y 1
        PFX P 0 un .
        SFX C Y 1
        SFX C 0 r/S .
        SFX E Y 1
        SFX E 0 r/Sn .
        SFX T Y 1
        SFX T a 0 [áé].a
        SFX D Y 1
        SFX D 0 ed [^é]

        """
    let dic = "15\nwalk/SPD\nquiet/Sn\nand\\/or/S\nbake/C\nbike/E\nbalustráda/T\ncafé/SD\nzzz/SX\nl’eau/S\nbem-vindo/S\n"
        + "Paris/SP\nÉmile/S\nMcDonald/S\nǅemal/S\n"
    let info = try TestSupport.writeDictionary(in: scratch, tag: "xx", aff: aff, dic: dic)
    let (plain, all) = plainForms(info)
    // A suffix whose continuation names an affix group, and the second suffix through it, are plain (`baker`, `bakers`).
    #expect(plain == ["walk", "walks", "unwalk", "unwalks", "walked", "unwalked", "bake", "baker", "bakers", "bike", "café",
                     "cafés", "balustráda", "bem-vindo", "bem-vindos", "Paris", "Pariss", "Émile", "Émiles"])
    // NOSUGGEST stem, an escaped slash, a continuation holding an option flag, `.` beside a letter beyond ASCII, a flag of
    // no affix, a character not a letter (the apostrophe U+2019), a capital after the first letter (Hunspell may add a
    // hidden homonym), a capital prefixed, a title-case digraph.
    for word in ["quiet", "quiets", "and/or", "biker", "bikers", "balustrád", "zzz", "zzzs", "l’eau", "l’eaus",
                 "McDonald", "McDonalds", "unParis", "ǅemal", "ǅemals"] {
        #expect(all.contains(word) && !plain.contains(word), "\(word)")
    }
}

@Test func wordsHoldingAnICONVScalarOrNotALetterAreNotPlain() throws {
    let scratch = TemporaryFolder(); defer { scratch.remove() }
    let info = try TestSupport.writeDictionary(in: scratch, tag: "xx", aff: "SET UTF-8\nICONV 1\nICONV ’ '\nSFX S Y 1\nSFX S 0 s .\n",
                                               dic: "6\nl’eau/S\nwalk/S\nR2D2/S\nx\(String(repeating: "a", count: 99))\n-ism/S\npre-/S\n")
    let (plain, _) = plainForms(info)
    #expect(plain == ["walk", "walks"])
}

@Test func wordsHoldingAnIGNOREScalarAreNotPlain() throws {
    let scratch = TemporaryFolder(); defer { scratch.remove() }
    let info = try TestSupport.writeDictionary(in: scratch, tag: "xx", aff: "SET UTF-8\nIGNORE \u{301}\nSFX S Y 1\nSFX S 0 s .\n",
                                               dic: "2\nwalk/S\nta\u{301}lk/S\n")
    #expect(plainForms(info).plain == ["walk", "walks"])
}

@Test func underFULLSTRIPOnlyLowerCaseFormsArePlain() throws {
    let scratch = TemporaryFolder(); defer { scratch.remove() }
    // A capitalised form could reach a hidden capitalised homonym through a root the expander never strips to.
    let info = try TestSupport.writeDictionary(in: scratch, tag: "xx", aff: "SET UTF-8\nFULLSTRIP\nSFX S Y 1\nSFX S 0 s .\n",
                                               dic: "2\nwalk/S\nParis/S\n")
    #expect(plainForms(info).plain == ["walk", "walks"])
}

@Test func dictionariesWhereAnotherRootCanRefuseTrustNothing() throws {
    let scratch = TemporaryFolder(); defer { scratch.remove() }
    for option in ["ONLYINCOMPOUND c", "COMPLEXPREFIXES", "FORBIDDENWORD !\nSFX F Y 1\nSFX F 0 x/! ."] {
        let info = try TestSupport.writeDictionary(in: scratch, tag: "xx", aff: "SET UTF-8\n\(option)\nSFX S Y 1\nSFX S 0 s .\n",
                                                   dic: "1\nwalk/S\n")
        #expect(plainForms(info).plain.isEmpty, "\(option)")
    }
}

@Test func trustedPlainFormsGetTheFlagsHunspellGives() throws {
    let scratch = TemporaryFolder(); defer { scratch.remove() }
    // Hunspell 1.7.1 refuses `balustrád` (its UTF-8 reading of `[áé].a`): that form is asked, not trusted.
    // Capitalised stems too: `ABC/X` adds a hidden `Abc/X` (ONLYUPCASE) that reaches `Abcxs`, also `Ab` + `cxs`,
    // and Hunspell finds the hidden root first: it refuses `Abcxs`.
    let aff = "SET UTF-8\nFORBIDDENWORD !\nBREAK 1\nBREAK -\nSFX S Y 1\nSFX S 0 s .\nPFX P Y 1\nPFX P 0 un .\nSFX T Y 1\nSFX T a 0 [áé].a\n"
        + "SFX X Y 1\nSFX X 0 xs .\nSFX Y Y 1\nSFX Y 0 cxs .\nSFX R Y 2\nSFX R 0 r/S e\nSFX R 0 ův/S k\n"
    let info = try TestSupport.writeDictionary(in: scratch, tag: "xx", aff: aff,
                                               dic: "15\nwalk/SP\nkg\nKg/!\nbalustráda/T\nżółw/S\nbem-vindo/SP\nParis/S\n"
                                                   + "Émile/S\nŽ/S\nPraha-západ/S\nABC/X\nAb/Y\nMcDonald\nbake/RP\nNovák/R\n")
    let (list, cases, trusted) = try expectTrustedAsAsked(info)
    #expect(cases.isEnabled && (0..<list.count).contains { list.isPlain($0) })
    // Refused as written (`ABCXS` is accepted: Hunspell's capitals path finds the hidden root without ONLYUPCASE mattering).
    for var refused in ["balustrád", "Abcxs"] {
        #expect(refused.withUTF8 { trusted.flags(of: $0) } & AcceptTable.asIs == 0, "\(refused)")
    }
    #expect(["abc", "abcxs", "mcdonald"].allSatisfy(cases.hiddenCapitalised.contains))
    #expect(!cases.hiddenCapitalised.contains("ab") && !cases.hiddenCapitalised.contains("paris"))
    for word in ["Paris", "Pariss", "Émiles", "Ž", "Praha-západs", "Abcxs", "baker", "bakers", "unbaker", "Novákův", "Novákůvs"] {
        #expect((0..<list.count).contains { list.word($0) == word && list.isPlain($0) }, "\(word)")
    }
}

@Test func innerQuotationMarksArePlainAndTrustedAsHunspellAccepts() throws {
    let scratch = TemporaryFolder(); defer { scratch.remove() }
    // Hebrew writes gershayim as `"` (`ב"ה`); Hunspell looks such a form up whole before its BREAK patterns split it.
    let aff = "SET UTF-8\nBREAK 3\nBREAK ^\"\nBREAK \"$\nBREAK ^'\nNEEDAFFIX j\n"
        + "PFX b Y 3\nPFX b 0 ב\" .\nPFX b 0 ה .\nPFX b 0 \" .\nSFX S Y 2\nSFX S 0 s .\nSFX S 0 \" .\n"
    let info = try TestSupport.writeDictionary(in: scratch, tag: "xx", aff: aff,
                                               dic: "6\nשלום/b\nא\"י/b\nדבר/bj\nmy\"word/S\nwalk/S\n\"abc/S\n")
    let (plain, all) = plainForms(info)
    // A NEEDAFFIX stem's prefixed form is plain too (`ב"דבר`): Hunspell's prefix lookup keeps a NEEDAFFIX root.
    #expect(plain.isSuperset(of: ["שלום", "ב\"שלום", "השלום", "א\"י", "ב\"א\"י", "my\"word", "my\"words", "walks", "ב\"דבר"]))
    // At either edge a quotation mark is not plain (as a hyphen is not).
    for word in ["\"שלום", "walk\"", "\"abc", "\"abcs"] {
        #expect(all.contains(word) && !plain.contains(word), "\(word)")
    }
    let (list, cases, _) = try expectTrustedAsAsked(info)
    #expect(cases.isEnabled && list.count > 0)
}

/// Compiles `info`'s forms twice, asking Hunspell about every spelling and trusting the plain forms, and expects the
/// same flags for every form; returns the forms, the case inference and the trusting compile's table.
private func expectTrustedAsAsked(_ info: DictionaryInfo) throws -> (FormList, CaseInference, AcceptTable) {
    let list = WordFormExpander.formList(of: info, maximumForms: .max)
    let cases = CaseInference(affixPath: info.affixPath, wordsPath: info.wordsPath)
    let engine = try HunspellEngine(info: info, handles: 1)
    let (asked, askedCount) = DictionaryCompiler.verify(list, engine: engine, cases: .disabled) { _ in }
    let (trusted, trustedCount) = DictionaryCompiler.verify(list, engine: engine, cases: cases) { _ in }
    #expect(askedCount == trustedCount)
    for index in 0..<list.count {
        var word = list.word(index)
        let a = word.withUTF8 { asked.flags(of: $0) }, t = word.withUTF8 { trusted.flags(of: $0) }
        #expect(a == t, "\(word): asked \(a), trusted \(t)")
    }
    return (list, cases, trusted)
}

@Test func formsOfNeedAffixStemsAndOfFirstSuffixesThatNeedASecondArePlainAndTrustedAsHunspellAccepts() throws {
    let scratch = TemporaryFolder(); defer { scratch.remove() }
    // Basque-like: the stems and a first suffix carry NEEDAFFIX (`gati` is no word, `gatik` is). Hunspell finds a
    // NEEDAFFIX root through an affix, and a NEEDAFFIX first suffix under the second one its class names.
    let aff = "SET UTF-8\nNEEDAFFIX !\nSFX A Y 3\nSFX A 0 k .\nSFX A 0 gati/!B .\nSFX A 0 ren/C .\nSFX B Y 1\nSFX B 0 k .\n"
        + "SFX C Y 1\nSFX C 0 a .\n"
    let info = try TestSupport.writeDictionary(in: scratch, tag: "xx", aff: aff, dic: "3\netxe/A!\nmendi/A\nbide/!\n")
    let (plain, all) = plainForms(info)
    #expect(plain == ["etxek", "etxegatik", "etxeren", "etxerena", "mendi", "mendik", "mendigatik", "mendiren", "mendirena"])
    #expect(!all.contains("etxe") && !all.contains("etxegati") && !all.contains("bide"))
    _ = try expectTrustedAsAsked(info)
    // A flag NEEDAFFIX shares with another option (here KEEPCASE) keeps its stems' forms asked.
    let shared = try TestSupport.writeDictionary(in: scratch, tag: "xx", aff: "SET UTF-8\nNEEDAFFIX !\nKEEPCASE !\nSFX A Y 1\nSFX A 0 k .\n",
                                                 dic: "1\netxe/A!\n")
    #expect(plainForms(shared).plain.isEmpty)
}

@Test func prefixedFormsOfSuffixesThatNeedAnotherAffixArePlainAndTrustedAsHunspellAccepts() throws {
    let scratch = TemporaryFolder(); defer { scratch.remove() }
    // Basque-like: `dur` needs another affix (NEEDAFFIX in its continuation, and a class for a second suffix). Beside the
    // stem's own prefix Hunspell's cross-product lookup allows it (`berrhasidur`, `birtxertadur`), as it does not alone
    // (`hasidur`); a prefix that itself holds NEEDAFFIX (`des`) gives no plain form.
    let aff = "SET UTF-8\nNEEDAFFIX !\nPFX P Y 2\nPFX P 0 berr [aeiouh]\nPFX P 0 bir [^haeiou]\nPFX D Y 1\nPFX D 0 des/! .\n"
        + "SFX A Y 3\nSFX A 0 dur/!B .\nSFX A 0 pen .\nSFX A 0 pen/!B .\nSFX B Y 1\nSFX B 0 a .\n"
    let info = try TestSupport.writeDictionary(in: scratch, tag: "xx", aff: aff, dic: "3\nhasi/AP!\ntxerta/APD!\nlagun/AD\n")
    let (plain, all) = plainForms(info)
    for word in ["berrhasidur", "birtxertadur", "berrhasipen", "birtxertapen", "hasipen", "txertapen", "lagunpen",
                 "hasidura"] {
        #expect(plain.contains(word), "\(word)")
    }
    // A prefix on two suffixes is no plain form (as before).
    #expect(all.contains("berrhasidura") && !plain.contains("berrhasidura"))
    for word in ["destxertadur", "destxertapen", "deslagundur", "deslagunpen"] {
        #expect(all.contains(word) && !plain.contains(word), "\(word)")
    }
    #expect(!all.contains("hasidur") && !all.contains("lagundur"))
    _ = try expectTrustedAsAsked(info)
}
