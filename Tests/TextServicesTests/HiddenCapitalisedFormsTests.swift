import Foundation
import Testing
@testable import TextServices
@testable import TextServicesTestSupport

/// The stems and flags of a .dic text's entry lines.
private func entries(_ text: String, affixes: AffixFile) -> [(stem: String, flags: FlagSet)] {
    TextLines(text).enumerated().compactMap { index, line in
        if index == 0, line.allSatisfy({ $0.isNumber || $0 == " " }) { return nil }
        guard let (stem, flagText) = WordFormExpander.splitEntry(line) else { return nil }
        return (stem, flagText.map { affixes.flags($0) } ?? .empty)
    }
}

/// Every form of the stems' hidden homonyms, expanded one by one and lower-cased: what `HiddenCapitalisedForms` stands for.
private func everyForm(_ entries: [(stem: String, flags: FlagSet)], affixes: AffixFile) -> Set<String> {
    let expander = WordFormExpander(affixes: affixes, maximumForms: .max)
    var forms = Set<String>()
    for (stem, flags) in entries {
        let lower = CaseVariants.lower(stem)
        forms.insert(lower)
        for spelling in [lower, CaseVariants.capitalised(lower)] {
            expander.expand(stem: Array(spelling.unicodeScalars), flags: flags) { scalars, _, _, _ in
                var form = String.UnicodeScalarView()
                form.append(contentsOf: scalars)
                forms.insert(CaseVariants.lower(String(form)))
            }
        }
    }
    return forms
}

/// Words near the forms: each form, and it with a letter added, dropped or changed at either end.
private func probes(_ forms: Set<String>) -> Set<String> {
    var words = forms
    for form in forms where !form.isEmpty {
        words.formUnion([form + "a", form + "s", String(form.dropLast()), String(form.dropFirst()), "x" + form.dropFirst(),
                         String(form.dropLast()) + "x", "z" + form])
    }
    return words
}

/// Whether `forms` answers as `every` does: every form held, and each probe of a plain script held exactly when it is a form.
private func expectSameAnswers(_ forms: HiddenCapitalisedForms, _ every: Set<String>, _ name: String) {
    for word in probes(every) where forms.contains(word) != every.contains(word) {
        // A word of other scripts may be taken as held (then asked); a form must never be missed.
        if every.contains(word) || word.unicodeScalars.allSatisfy(HiddenCapitalisedForms.isPlainScript) {
            Issue.record("\(name): \(word) held \(forms.contains(word)), a form \(every.contains(word))")
        }
    }
}

@Test func stemsWhoseFlagsEndUniformlyAreHeldAsEndingsThatAnswerAsEveryForm() throws {
    let scratch = TemporaryFolder(); defer { scratch.remove() }
    // Basque-like: acronyms that need an affix, suffixes that strip nothing and add a second suffix through a class,
    // beside flags that strip, have a condition, or name a prefix group (those stems are expanded one by one).
    let aff = "SET UTF-8\nNEEDAFFIX !\nSFX A Y 3\nSFX A 0 ren .\nSFX A 0 ko/B .\nSFX A 0 k .\nSFX B Y 2\nSFX B 0 a .\n"
        + "SFX B 0 tik .\nSFX S Y 1\nSFX S y ies y\nSFX C Y 1\nSFX C 0 s [^s]\nPFX P Y 1\nPFX P 0 un .\nSFX D Y 1\nSFX D 0 z/P .\n"
    let dic = "9\nEAJ/A!\nAEB/A!\nEHU/AB\nIBM/S\nNASA/C\nUN/P\nOTAN/D\nÑU/A\nMcDonald/A\n"
    let info = try TestSupport.writeDictionary(in: scratch, tag: "xx", aff: aff, dic: dic)
    let affixes = try #require(AffixFile.load(path: info.affixPath))
    let text = try String(contentsOfFile: info.wordsPath, encoding: .utf8)
    let lines = entries(text, affixes: affixes)
    var builder = HiddenCapitalisedForms.Builder(affixes: affixes)
    for (stem, flags) in lines { builder.add(stem: stem, flags: flags) }
    let forms = builder.finished()
    let every = everyForm(lines, affixes: affixes)
    #expect(every.isSuperset(of: ["eaj", "eajren", "eajkoa", "eajkotik", "ehuk", "ehua", "ñuko", "mcdonaldren"]))
    expectSameAnswers(forms, every, "Basque-like")
    // The uniform stems are held as heads; the others one by one.
    #expect(forms.heads.keys.sorted() == ["aeb", "eaj", "ehu", "mcdonald", "ñu"])
    // And what the inference builds from the .dic is the same.
    let cases = CaseInference(affixPath: info.affixPath, wordsPath: info.wordsPath)
    #expect(cases.isEnabled && cases.hiddenCapitalised == forms)
}

@Test func hiddenFormsAnswerAsEveryFormOnEverySuiteDictionary() {
    // Every stem of the suite taken as one with a hidden homonym: far more flags than its capitals alone have.
    var compared = 0, uniform = 0
    for name in HunspellSuite.names {
        let info = DictionaryInfo(tag: LanguageTag("xx")!, source: .user, path: HunspellSuite.folder + "/" + name)
        guard let affixes = AffixFile.load(path: info.affixPath),
              let text = WordFormExpander.dictionaryText(path: info.wordsPath, charset: affixes.charset) else { continue }
        let lines = entries(text, affixes: affixes).filter { !$0.flags.contains(affixes.forbiddenWord) }
        var builder = HiddenCapitalisedForms.Builder(affixes: affixes)
        for (stem, flags) in lines { builder.add(stem: stem, flags: flags) }
        let forms = builder.finished()
        if !forms.heads.isEmpty { uniform += 1 }
        expectSameAnswers(forms, everyForm(lines, affixes: affixes), name)
        compared += 1
    }
    #expect(compared > 50, "only \(compared) suite dictionaries read")
    #expect(uniform > 20, "only \(uniform) suite dictionaries have stems whose flags end uniformly")
}

@Test func theInferenceTellsItsAnswerOnceBeforeItsSets() {
    var told = 0
    for name in HunspellSuite.names {
        let info = DictionaryInfo(tag: LanguageTag("xx")!, source: .user, path: HunspellSuite.folder + "/" + name)
        guard let data = FileManager.default.contents(atPath: info.affixPath) else { continue }
        let bytes = [UInt8](data), affixes = AffixFile(bytes: bytes)
        let text = WordFormExpander.dictionaryText(path: info.wordsPath, charset: affixes.charset)
        var answers: [Bool] = []
        let cases = CaseInference(affixBytes: bytes, affixes: affixes, wordsText: text) { answers.append($0) }
        #expect(answers == [cases.isEnabled], "\(name)")
        told += 1
    }
    #expect(told > 50)
}
