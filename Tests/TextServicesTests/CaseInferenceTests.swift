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

/// The accept table's flags, key by key, of the expander's forms (plain ones trusted when `cases` infers them).
private func verifiedFlags(_ forms: FormList, engine: HunspellEngine, cases: CaseInference) -> [String: UInt8] {
    let (table, _) = DictionaryCompiler.verify(forms, engine: engine, cases: cases) { _ in }
    var flags: [String: UInt8] = [:]
    for index in 0..<forms.count {
        var key = forms.word(index)
        guard !key.isEmpty else { continue }
        flags[key] = key.withUTF8 { table.flags(of: $0) }
    }
    return flags
}

@Test func inferringCaseSpellingsGivesTheFlagsHunspellGivesOnEveryDictionaryOfItsSuite() throws {
    var compared = 0, withForbidden = 0, trusted = 0
    for name in HunspellSuite.names {
        let info = DictionaryInfo(tag: LanguageTag("xx")!, source: .user, path: HunspellSuite.folder + "/" + name)
        let cases = CaseInference(affixPath: info.affixPath, wordsPath: info.wordsPath)
        guard cases.isEnabled else { continue }
        if !cases.forbiddenSpellings.isEmpty { withForbidden += 1 }
        // The expander's own list: its plain forms are trusted without asking Hunspell (`PlainForms`).
        let forms = WordFormExpander.formList(of: info, maximumForms: .max)
        guard forms.count > 0, let engine = try? HunspellEngine(info: info, handles: 1) else { continue }
        trusted += (0..<forms.count).count { forms.isPlain($0) }
        let asked = verifiedFlags(forms, engine: engine, cases: .disabled)
        let inferred = verifiedFlags(forms, engine: engine, cases: cases)
        let differing = asked.keys.filter { asked[$0] != inferred[$0] }.sorted()
        #expect(differing.isEmpty, "\(name): \(differing.prefix(10).map { "\($0) asked \(asked[$0]!) inferred \(inferred[$0]!)" })")
        compared += 1
    }
    #expect(compared > 20, "only \(compared) suite dictionaries allow inferring")
    #expect(withForbidden > 0, "no suite dictionary with FORBIDDENWORD entries was inferred")
    #expect(trusted > 100, "only \(trusted) plain forms in the suite")
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
    // Portuguese breaks `ex-` and `pós-` off: words with a hyphen are asked in every case anyway.
    #expect(inference("SET UTF-8\nBREAK 3\nBREAK ^ex-\nBREAK ^pós-\nBREAK -feira$\n").isEnabled)
    #expect(inference("SET UTF-8\nICONV 1\nICONV ’ '\n").isEnabled)
    // KEEPCASE is decided per form (the compiler asks about forms of KEEPCASE stems in every case).
    #expect(inference("SET UTF-8\nKEEPCASE K\n").isEnabled)
    // WARN alone changes no verdict; FORBIDWARN does.
    #expect(inference("SET UTF-8\nWARN W\n").isEnabled)
    // CHECKCOMPOUNDCASE refuses compounds only; Hungarian's own rules concern dashes and compounds.
    #expect(inference("SET UTF-8\nCOMPOUNDFLAG X\nCHECKCOMPOUNDCASE\n").isEnabled)
    #expect(inference("SET UTF-8\nLANG hu_HU\n").isEnabled)
    for aff in ["FORBIDDENWORD !\n", "CHECKSHARPS\n", "FORCEUCASE U\n", "WARN W\nFORBIDWARN\n", "FORBIDWARN\n",
                "IGNORE ǅ\n", "LANG tr_TR\n", "LANG az\n", "LANG crh\n",
                "BREAK 1\nBREAK ǅ\n", "ICONV 1\nICONV ǅ dž\n", "ICONV 1\nICONV \u{212A} k\n"] {
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
    #expect(CaseInference.patternWitness("a\u{300}") == "\u{300}")
    #expect(CaseInference.patternWitness("ﬁ") == "ﬁ")
    #expect(CaseInference.patternWitness("ab") == "a")
    #expect(CaseInference.patternWitness("A") == "a")
    // The caseless mark, not the letter: French writes `é` as `e` + U+0301.
    #expect(CaseInference.patternWitness("e\u{301}") == "\u{301}")
    #expect(CaseInference.patternWitness("Ab") == "b")
    #expect(CaseInference.patternWitness("ǅ") == nil)
}

@Test func wordsHoldingAWitnessOfAnIGNOREICONVOrBREAKPatternAreNotInferred() {
    // Ukrainian: the stress mark ignored, Latin letters converted; French: breaks at an apostrophe and a middle dot.
    let ukrainian = CaseInference(affixBytes: Array("SET UTF-8\nIGNORE \u{301}\nICONV 2\nICONV a 0\nICONV A 0\n".utf8))
    let french = CaseInference(affixBytes: Array("SET UTF-8\nBREAK 4\nBREAK -\nBREAK ·\nBREAK ^'\nBREAK '$\n".utf8))
    #expect(ukrainian.isEnabled && french.isEnabled)
    for word in ["мама", "вода", "bcd"] { #expect(ukrainian.followsLowerCase(word), "\(word)") }
    for word in ["ма\u{301}ма", "bad"] { #expect(!ukrainian.followsLowerCase(word), "\(word)") }
    #expect(french.followsLowerCase("eau"))
    for word in ["l'eau", "aujourd'hui", "para·lel"] { #expect(!french.followsLowerCase(word), "\(word)") }
}

@Test func formsOfAKeepCaseStemAreAskedInEveryCase() throws {
    let scratch = TemporaryFolder(); defer { scratch.remove() }
    let info = try TestSupport.writeDictionary(in: scratch, tag: "xx", aff: "SET UTF-8\nKEEPCASE K\nSFX S Y 1\nSFX S 0 s .\n",
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
    var unchanged = ScalarByteMemo()
    let english = try WordFormExpander.forms(of: repositoryEnglishInfo()).map(\.word)
    let words = ["walked", "London", "ёлка", "Ёлка", "café", "CAFÉ", "żółw", "straße", "ΣΟΦΙΑΣ", "σοφίας", "İstanbul",
                 "l’eau", "L’Eau", "ǅx", "ﬁn", "voila\u{300}", "ŉ", ""] + stride(from: 0, to: english.count, by: 7).map { english[$0] }
    for word in words {
        #expect(Array(WordList.fold(word, unchanged: &unchanged).utf8) == Array(WordList.fold(word).utf8), "\(word)")
    }
}

@Test func directivesInAnAffixFileWithCRLFLineEndsAreSeen() throws {
    let scratch = TemporaryFolder(); defer { scratch.remove() }
    // Catalan's .aff ends its lines with CR LF, and `"\r\n"` is one Character: split on "\n" alone, the file was one line.
    let crlf = { (lines: [String]) in Array(lines.joined(separator: "\r\n").utf8) }
    #expect(CaseInference(affixBytes: crlf(["SET UTF-8", "TRY abc", ""])).isEnabled)
    #expect(!CaseInference(affixBytes: crlf(["SET UTF-8", "TRY abc", "FORBIDDENWORD !", ""])).isEnabled)
    let info = try TestSupport.writeDictionary(in: scratch, tag: "xx", aff: ["SET UTF-8", "TRY abc", "COMPOUNDFLAG X", "SFX S Y 1", "SFX S 0 s .", ""]
        .joined(separator: "\r\n"), dic: "2\r\nfoo/SX\r\nbar/X\r\n")
    let built = RejectIndex.build(info: info)
    #expect(!built.index.isUsable && built.reason == "COMPOUNDFLAG", "\(built.reason ?? "usable")")
}

@Test func forbiddenStemsAreAskedInEveryCaseAndOtherFormsInferred() throws {
    let scratch = TemporaryFolder(); defer { scratch.remove() }
    // `Kg` is forbidden as written: `kg` is accepted, `Kg` is not, and `KG` is (through `kg`).
    let info = try TestSupport.writeDictionary(in: scratch, tag: "xx", aff: "SET UTF-8\nFORBIDDENWORD !\nSFX S Y 1\nSFX S 0 s .\n",
                                               dic: "3\nkg\nKg/!\nwalk/S\n")
    let cases = CaseInference(affixPath: info.affixPath, wordsPath: info.wordsPath)
    #expect(cases.isEnabled && cases.forbiddenSpellings == ["kg"])
    #expect(!CaseInference(affixPath: info.affixPath).isEnabled)
    var memo = CaseInference.ScalarMemo()
    #expect(cases.inferredVariants("kg", memo: &memo) == nil)
    #expect(cases.inferredVariants("walks", memo: &memo) == AcceptTable.capitalised | AcceptTable.upper)
    let forms = WordFormExpander.forms(of: info)
    let engine = try HunspellEngine(info: info, handles: 1)
    let asked = verifiedFlags(forms, engine: engine, cases: .disabled)
    #expect(asked["kg"] == AcceptTable.asIs)
    #expect(verifiedFlags(forms, engine: engine, cases: cases) == asked)
}

@Test func formsOfAForbiddenEntryWithAffixesAreAskedInEveryCase() throws {
    let scratch = TemporaryFolder(); defer { scratch.remove() }
    // `Kgs` is derived from the forbidden `Kg`, so Hunspell forbids it: `kgs` is accepted (from `kg`), `Kgs` is not.
    let info = try TestSupport.writeDictionary(in: scratch, tag: "xx", aff: "SET UTF-8\nFORBIDDENWORD !\nSFX S Y 1\nSFX S 0 s .\n",
                                               dic: "3\nkg/S\nKg/!S\nwalk/S\n")
    let cases = CaseInference(affixPath: info.affixPath, wordsPath: info.wordsPath)
    #expect(cases.isEnabled && cases.forbiddenSpellings == ["kg", "kgs"])
    var memo = CaseInference.ScalarMemo()
    #expect(cases.inferredVariants("kgs", memo: &memo) == nil)
    #expect(cases.inferredVariants("walks", memo: &memo) == AcceptTable.capitalised | AcceptTable.upper)
    let forms = WordFormExpander.forms(of: info)
    let engine = try HunspellEngine(info: info, handles: 1)
    let asked = verifiedFlags(forms, engine: engine, cases: .disabled)
    #expect(asked["kgs"] == AcceptTable.asIs)
    #expect(verifiedFlags(forms, engine: engine, cases: cases) == asked)
    // An elision prefix on a forbidden entry leaves inferring off: the expander never crosses it with suffixes.
    let elided = try TestSupport.writeDictionary(in: scratch, tag: "xx", aff: "SET UTF-8\nFORBIDDENWORD !\nPFX L Y 1\nPFX L 0 l' .\n",
                                                 dic: "2\nkg\nKg/!L\n")
    #expect(!CaseInference(affixPath: elided.affixPath, wordsPath: elided.wordsPath).isEnabled)
}

@Test func eightBitCaseTablesAreProvenLetterByLetter() throws {
    let polish = CaseInference.provenEightBitLetters(charset: "ISO8859-2")
    for letter in ["ą", "ę", "ł", "ó", "ś", "ź", "ż", "ć", "ń"] { #expect(polish.contains(Unicode.Scalar(letter)!), "\(letter)") }
    // Capitals, caseless letters and letters whose capital is outside the charset are never proven.
    for letter in ["Ą", "ß", "˘"] { #expect(!polish.contains(Unicode.Scalar(letter)!), "\(letter)") }
    #expect(CaseInference.provenEightBitLetters(charset: "UTF-8").isEmpty)
}

@Test func eightBitDictionariesInferTheirProvenLettersAsHunspellAnswers() throws {
    let scratch = TemporaryFolder(); defer { scratch.remove() }
    let converter = try CharsetConverter(charset: "ISO8859-2")
    let folder = scratch.folder("latin2")
    let aff = "SET ISO8859-2\nTRY aąbcćeęlłnńoóśzźż\nSFX A Y 2\nSFX A 0 ą .\nSFX A 0 ość .\nPFX N Y 1\nPFX N 0 nie .\n"
    let dic = "5\nżółw/A\nłąka/AN\ngęś\nŁódź\nźdźbło/N\n"
    try Data(converter.encode(aff)!).write(to: URL(fileURLWithPath: folder + "/pl_XX.aff"))
    try Data(converter.encode(dic)!).write(to: URL(fileURLWithPath: folder + "/pl_XX.dic"))
    let info = DictionaryInfo(tag: LanguageTag("pl")!, source: .user, path: folder + "/pl_XX")
    let cases = CaseInference(affixPath: info.affixPath, wordsPath: info.wordsPath)
    #expect(cases.isEnabled && cases.followsLowerCase("żółwą") && !cases.followsLowerCase("Łódź"))
    let forms = WordFormExpander.forms(of: info)
    #expect(forms.count > 8)
    let engine = try HunspellEngine(info: info, handles: 1)
    let asked = verifiedFlags(forms, engine: engine, cases: .disabled)
    #expect(asked["żółwą"] == AcceptTable.asIs | AcceptTable.capitalised | AcceptTable.upper)
    #expect(verifiedFlags(forms, engine: engine, cases: cases) == asked)
}

/// Every dictionary in the folder `TEXTSVCD_INFERENCE_DICTIONARIES` names (bench/case-inference.sh: all of Debian's):
/// the forms of every `TEXTSVCD_INFERENCE_STRIDE`-th .dic line (default 50), asked in all three spellings and inferred.
@Test(.enabled(if: ProcessInfo.processInfo.environment["TEXTSVCD_INFERENCE_DICTIONARIES"] != nil,
               "set TEXTSVCD_INFERENCE_DICTIONARIES to a folder of dictionaries (bench/case-inference.sh)"))
func inferringCaseSpellingsGivesTheFlagsHunspellGivesOnSampledInstalledDictionaries() throws {
    let environment = ProcessInfo.processInfo.environment
    let folder = environment["TEXTSVCD_INFERENCE_DICTIONARIES"] ?? ""
    let stride = max(1, Int(environment["TEXTSVCD_INFERENCE_STRIDE"] ?? "") ?? 50)
    let only = environment["TEXTSVCD_INFERENCE_TAGS"].flatMap { $0.isEmpty ? nil : Set($0.split(separator: " ").map(String.init)) }
    let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".dic") }.sorted()
    var compared = 0
    for name in names {
        let base = String(name.dropLast(4)), path = folder + "/" + base
        if let only, !only.contains(base) { continue }
        // Regional aliases are symbolic links to another dictionary's files.
        guard (try? FileManager.default.destinationOfSymbolicLink(atPath: path + ".dic")) == nil,
              FileManager.default.fileExists(atPath: path + ".aff") else { continue }
        let info = DictionaryInfo(tag: LanguageTag("xx")!, source: .user, path: path)
        let cases = CaseInference(affixPath: info.affixPath, wordsPath: info.wordsPath)
        guard cases.isEnabled, let affixes = AffixFile.load(path: info.affixPath),
              let data = FileManager.default.contents(atPath: info.wordsPath),
              let text = AffixFile.decode([UInt8](data), charset: affixes.charset) else {
            print("case inference, \(base): not inferred")
            continue
        }
        let lines = text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
        let sample = Swift.stride(from: 1, to: lines.count, by: stride).map { lines[$0] }.joined(separator: "\n")
        var forms = FormList()
        // The forms a compile makes: Hungarian's stems give hundreds of thousands each past the layer bounds.
        WordFormExpander(affixes: affixes, maximumForms: .max, layerLimit: WordFormExpander.compiledLayerLimit)
            .expand(dictionaryText: "0\n" + sample, into: &forms)
        let engine = try HunspellEngine(info: info, handles: 1)
        let asked = verifiedFlags(forms, engine: engine, cases: .disabled)
        // Inferred, with the plain forms trusted as Hunspell's acceptances (`PlainForms`).
        let inferred = verifiedFlags(forms, engine: engine, cases: cases)
        let differing = asked.keys.filter { asked[$0] != inferred[$0] }.sorted()
        let plain = (0..<forms.count).count { forms.isPlain($0) }
        print("case inference, \(base): \(asked.count) forms compared (\(plain) of \(forms.count) plain), \(differing.count) differ")
        #expect(differing.isEmpty, "\(base): \(differing.prefix(10).map { "\($0) asked \(asked[$0]!) inferred \(inferred[$0]!)" })")
        compared += 1
    }
    #expect(compared > 0)
}
