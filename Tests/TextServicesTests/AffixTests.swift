import Foundation
import Testing
@testable import TextServices
@testable import TextServicesProtocol
@testable import TextServicesTestSupport

/// Writes a small dictionary (raw bytes, any charset) into a fresh folder in `scratch` and returns its info.
private func writeDictionary(in scratch: TemporaryFolder, tag: String, aff: [UInt8], dic: [UInt8]) throws -> DictionaryInfo {
    let folder = scratch.folder("affix")
    let base = folder + "/" + tag
    try Data(aff).write(to: URL(fileURLWithPath: base + ".aff"))
    try Data(dic).write(to: URL(fileURLWithPath: base + ".dic"))
    return DictionaryInfo(tag: LanguageTag(tag)!, source: .user, path: base)
}

private func utf8(_ text: String) -> [UInt8] { Array(text.utf8) }

@Test func longFlagsExpandPrefixSuffixCrossProduct() throws {
    let scratch = TemporaryFolder(); defer { scratch.remove() }
    let aff = """
    SET UTF-8
    FLAG long
    PFX Aa Y 1
    PFX Aa 0 un .

    SFX Bb Y 2
    SFX Bb y ies [^aeiou]y
    SFX Bb 0 s [aeiou]y

    SFX Cc N 1
    SFX Cc 0 ed [^y]
    """
    let dic = """
    3
    tidy/AaBb
    play/BbCc
    toy/Bb
    """
    let info = try writeDictionary(in: scratch, tag: "xx_LF", aff: utf8(aff), dic: utf8(dic))
    let forms = Set(WordFormExpander.forms(of: info).map(\.word))
    #expect(forms == ["tidy", "tidies", "untidy", "untidies", "play", "plays", "toy", "toys"])
    // Every form is one Hunspell accepts, and nothing Hunspell rejects slipped in.
    let engine = try HunspellEngine(info: info, handles: 1)
    for form in forms { #expect(engine.spell(form), "Hunspell rejects generated form \(form)") }
    #expect(!engine.spell("played"))
}

@Test func elisionPrefixesGoOnStemsButNotOnSuffixedFormsWhoseVerdictStaysHunspells() throws {
    let scratch = TemporaryFolder(); defer { scratch.remove() }
    let aff = """
    SET UTF-8
    PFX L Y 2
    PFX L 0 l' [aeiou]
    PFX L 0 dell' [aeiou]

    PFX R Y 1
    PFX R 0 ri .

    SFX S Y 1
    SFX S a e a
    """
    let dic = """
    2
    acqua/LS
    ora/RS
    """
    let info = try writeDictionary(in: scratch, tag: "xx_EL", aff: utf8(aff), dic: utf8(dic))
    let forms = Set(WordFormExpander.forms(of: info).map(\.word))
    // `ri` crosses with the suffix; the elisions `l'` and `dell'` go on the stem only.
    #expect(forms == ["acqua", "acque", "l'acqua", "dell'acqua", "ora", "ore", "riora", "riore"])
    let engine = try HunspellEngine(info: info, handles: 1)
    for form in forms { #expect(engine.spell(form), "Hunspell rejects generated form \(form)") }
    // The forms left out are Hunspell's to decide, and a compiled form gives its verdict on them.
    #expect(engine.spell("l'acque") && engine.spell("dell'acque"))
    let cache = scratch.folder("elision")
    let compiler = DictionaryCompiler(folder: cache)
    try compiler.compile(info)
    let dictionary = try SpellDictionary(info: info, handles: 1)
    dictionary.useCompiled(try #require(compiler.open(info)))
    for word in ["l'acqua", "l'acque", "dell'acque", "L'acque", "l'ore", "riore"] {
        #expect(dictionary.accepts(word) == engine.spell(word), "\(word)")
    }
}

@Test func flagAliasesNumericFlagsAndContinuationClasses() throws {
    let scratch = TemporaryFolder(); defer { scratch.remove() }
    let aff = """
    SET UTF-8
    FLAG num
    AF 2
    AF 10,20
    AF 30
    SFX 10 Y 1
    SFX 10 0 ing/2 .
    SFX 20 Y 1
    SFX 20 0 er .
    SFX 30 Y 1
    SFX 30 0 s .
    """
    let dic = """
    2
    walk/1
    run/2
    """
    let info = try writeDictionary(in: scratch, tag: "xx_AF", aff: utf8(aff), dic: utf8(dic))
    let forms = Set(WordFormExpander.forms(of: info).map(\.word))
    #expect(forms == ["walk", "walking", "walkings", "walker", "run", "runs"])
    let engine = try HunspellEngine(info: info, handles: 1)
    for form in forms { #expect(engine.spell(form), "Hunspell rejects generated form \(form)") }
}

@Test func needAffixForbiddenAndNoSuggestFlagsAreHonoured() throws {
    let scratch = TemporaryFolder(); defer { scratch.remove() }
    let aff = """
    SET UTF-8
    NEEDAFFIX X
    FORBIDDENWORD F
    NOSUGGEST N
    SFX S Y 1
    SFX S 0 s .
    """
    let dic = """
    4
    bound/XS
    banned/FS
    rude/NS
    nice/S
    """
    let info = try writeDictionary(in: scratch, tag: "xx_NA", aff: utf8(aff), dic: utf8(dic))
    let forms = WordFormExpander.forms(of: info)
    let words = Set(forms.map(\.word))
    #expect(words == ["bounds", "rude", "rudes", "nice", "nices"])
    #expect(forms.filter { !$0.suggestible }.map(\.word).sorted() == ["rude", "rudes"])
}

@Test func isoLatin1DictionaryIsDecodedAndExpanded() throws {
    let scratch = TemporaryFolder(); defer { scratch.remove() }
    var aff = utf8("SET ISO8859-1\nTRY esiaénrtolcdugmfphbyvkw\nSFX S Y 1\nSFX S 0 s .\n")
    aff = aff.flatMap { $0 == 0xC3 ? [] as [UInt8] : [$0 == 0xA9 ? 0xE9 : $0] }
    let dic: [UInt8] = utf8("2\ncaf") + [0xE9] + utf8("/S\nna") + [0xEF] + utf8("ve\n")
    let info = try writeDictionary(in: scratch, tag: "xx_L1", aff: aff, dic: dic)
    let affixes = try #require(AffixFile.load(path: info.affixPath))
    #expect(affixes.tryCharacters.contains("é"))
    let forms = Set(WordFormExpander.forms(of: info).map(\.word))
    #expect(forms == ["café", "cafés", "naïve"])
    let dictionary = try SpellDictionary(info: info, handles: 1)
    #expect(dictionary.accepts("cafés"))
    #expect(dictionary.guesses(for: "cafes", limit: 5).contains("cafés"))
    #expect(dictionary.completions(for: "ca", limit: 5).contains("café"))
}

@Test func conditionsAndStripFollowHunspellRules() {
    let condition = AffixCondition(parsing: "[^aeiou]y")
    #expect(condition.matchesEnd(of: Array("try".unicodeScalars)))
    #expect(!condition.matchesEnd(of: Array("toy".unicodeScalars)))
    #expect(!condition.matchesEnd(of: Array("y".unicodeScalars)))
    let prefix = AffixCondition(parsing: "[ab].c")
    #expect(prefix.matchesStart(of: Array("axcd".unicodeScalars)))
    #expect(!prefix.matchesStart(of: Array("cxcd".unicodeScalars)))
    #expect(AffixCondition(parsing: ".").matchesEnd(of: Array("a".unicodeScalars)))
}

@Test func enUSExpandedFormsAreAcceptedByHunspell() throws {
    let info = try repositoryEnglishInfo()
    let forms = WordFormExpander.forms(of: info)
    let distinct = Set(forms.map(\.word))
    // 49k stems become well over a hundred thousand forms, and not absurdly many.
    #expect(distinct.count > 120_000 && distinct.count < 400_000, "\(distinct.count) forms")
    let expected: Set = ["walked", "walking", "receives", "unhappiness", "hello", "London's"]
    #expect(expected.subtracting(distinct).isEmpty, "missing \(expected.subtracting(distinct))")
    let engine = try HunspellEngine(info: info, handles: 1)
    let sorted = distinct.sorted()
    let step = max(1, sorted.count / 5000)
    var rejected: [String] = []
    for index in stride(from: 0, to: sorted.count, by: step) where !engine.spell(sorted[index]) {
        rejected.append(sorted[index])
    }
    #expect(rejected.isEmpty, "Hunspell rejects \(rejected.count) sampled forms: \(rejected.prefix(20))")
    // NOSUGGEST words are generated (they are correct) but not suggestible.
    #expect(forms.contains { $0.word == "fucking" && !$0.suggestible })
}

/// The en_US dictionary bundled in the repository's `dictionaries/` folder.
func repositoryEnglishInfo() throws -> DictionaryInfo {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let path = root.appendingPathComponent("dictionaries/en_US").path
    return DictionaryInfo(tag: LanguageTag("en_US")!, source: .bundled, path: path)
}

@Test func expansionStopsAddingAffixedFormsPastItsBudget() {
    var affixes = AffixFile()
    affixes.suffixes[UInt32(UInt8(ascii: "S"))] = [
        AffixEntry(kind: .suffix, flag: UInt32(UInt8(ascii: "S")), crossProduct: true, strip: [], add: ["s"],
                   continuation: .empty, condition: .always),
    ]
    let expander = WordFormExpander(affixes: affixes, maximumForms: 2)
    let forms = expander.expand(dictionaryText: "3\ncat/S\ndog/S\nbird/S\n").map(\.word)
    #expect(forms == ["cat", "cats", "dog", "bird"])
}

@Test func unicodeFlagsAndTwoLevelSuffixesMatchHunspell() throws {
    let scratch = TemporaryFolder(); defer { scratch.remove() }
    let aff = """
    SET UTF-8
    FLAG UTF-8
    SFX Ä Y 1
    SFX Ä 0 ness/Ö [^y]
    SFX Ö Y 1
    SFX Ö 0 es .
    PFX ß Y 1
    PFX ß 0 un .
    """
    let dic = "1\nkind/Äß\n"
    let info = try writeDictionary(in: scratch, tag: "xx_UF", aff: utf8(aff), dic: utf8(dic))
    let forms = Set(WordFormExpander.forms(of: info).map(\.word))
    #expect(forms == ["kind", "kindness", "kindnesses", "unkind", "unkindness", "unkindnesses"])
    let engine = try HunspellEngine(info: info, handles: 1)
    for form in forms { #expect(engine.spell(form), "Hunspell rejects generated form \(form)") }
}

@Test func affixGroupsOfferEveryEntryThatAppliesInFileOrderOnEverySuiteDictionary() throws {
    var words = 0
    for name in HunspellSuite.names {
        let info = DictionaryInfo(tag: LanguageTag("xx")!, source: .user, path: HunspellSuite.folder + "/" + name)
        guard let affixes = AffixFile.load(path: info.affixPath) else { continue }
        // The suite's forms, their stems and every one-scalar edge the affixes name: words each entry's edge fits, and ones it does not.
        var samples = Set(WordFormExpander.forms(of: info).map(\.word))
        for entry in Array(affixes.suffixes.values.joined()) + Array(affixes.prefixes.values.joined()) {
            samples.insert(String(String.UnicodeScalarView(entry.strip + entry.add)) + "x")
            samples.insert("x" + String(String.UnicodeScalarView(entry.strip + entry.add)))
        }
        for (kind, table) in [(AffixEntry.Kind.suffix, affixes.suffixes), (.prefix, affixes.prefixes)] {
            for entries in table.values {
                let group = AffixGroup(entries)
                for sample in samples {
                    let word = Array(sample.unicodeScalars)
                    let all = entries.filter { $0.applies(to: word) }.map { $0.add + [" "] + $0.strip }
                    let offered = group.candidates(for: word, kind: kind).filter { $0.applies(to: word) }.map { $0.add + [" "] + $0.strip }
                    #expect(all == offered, "\(name): \(sample)")
                    words += 1
                }
            }
        }
    }
    #expect(words > 10_000)
}
