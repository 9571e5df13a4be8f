import Foundation
import Testing
@testable import TextServices
@testable import TextServicesTestSupport

/// A dictionary whose forms asked in three spellings pass `FormBudget`'s budget keeps each stem's first forms only.
@Suite struct ExpanderLayerBudgetTests {
    private let scratch = TemporaryFolder("expander-layer")

    /// Ten stems of 41 forms each (the stem and 40 suffixes); Turkish, so no case spelling is inferred unless `language` says.
    private func dictionary(language: String = "tr_TR") throws -> DictionaryInfo {
        let letters = Array("bcdfghjklmnpqrstvwxz")
        let endings = (0..<40).map { String([letters[$0 / 20], "a", letters[$0 % 20]]) }
        var aff = "SET UTF-8\nLANG \(language)\nTRY abcdefghijklmnopqrstuvwxyz\n"
        aff += "SFX S Y \(endings.count)\n" + endings.map { "SFX S 0 \($0) .\n" }.joined()
        let stems = ["alma", "kert", "ház", "fal", "tó", "kő", "víz", "hegy", "rét", "út"]
        return try TestSupport.writeDictionary(in: scratch, tag: "hu_HU", aff: aff, dic: "\(stems.count)\n" + stems.map { "\($0)/S\n" }.joined())
    }

    @Test func theLimitIsTheLargestWhoseCutCountsFitTheBudget() {
        #expect(FormBudget.largestLimit([1, 5, 10, 100], budget: 20) == 7)
        #expect(FormBudget.largestLimit([1, 5, 10, 100], budget: 1000) == 100)
        #expect(FormBudget.largestLimit([3, 3, 3], budget: 2) == 1)
        let counts = [1, 2, 2, 9, 40, 41, 41, 300]
        for budget in [10, 50, 100, 200] {
            let limit = FormBudget.largestLimit(counts, budget: budget)
            #expect(counts.reduce(0) { $0 + min($1, limit) } <= budget)
            #expect(counts.reduce(0) { $0 + min($1, limit + 1) } > budget)
        }
    }

    @Test func aDictionaryPastTheBudgetKeepsEachStemsFirstFormsAndOneWithinItKeepsThemAll() throws {
        let info = try dictionary()
        let every = WordFormExpander.formList(of: info, maximumForms: .max, layerLimit: .max).forms.map(\.word)
        #expect(every.count == 410)
        // 410 forms past a budget of 100: a fifth of it, 20, is two forms a stem.
        let cut = WordFormExpander.formList(of: info, maximumForms: .max, askedFormBudget: 100).forms.map(\.word)
        #expect(cut.count == 20)
        #expect(cut.prefix(2) == ["alma", "almabab"])
        #expect(Set(cut).isSubset(of: Set(every)))
        #expect(WordFormExpander.formList(of: info, maximumForms: .max, askedFormBudget: 410).forms.map(\.word) == every)
        // Case spellings inferred: each form is asked once, and no budget applies.
        let inferring = try dictionary(language: "xx")
        #expect(WordFormExpander.formList(of: inferring, maximumForms: .max, askedFormBudget: 100).count == 410)
    }

    @Test func aSampleOfLinesPastTheBudgetIsFoundOnlyWhenEveryLinesFormsPassIt() throws {
        let info = try dictionary()
        let affixes = try #require(AffixFile.load(path: info.affixPath))
        let text = try String(contentsOfFile: info.wordsPath, encoding: .utf8)
        let expander = WordFormExpander(affixes: affixes, maximumForms: .max, layerLimit: WordFormExpander.compiledLayerLimit)
        // 410 forms asked in three spellings in all; each run of lines samples its first entry, 41 forms.
        #expect(FormBudget.sampleExceeds(expander: expander, dictionaryText: text, budget: 40))
        for budget in [100, 409, 410, 1000, 6560] {
            let exceeds = FormBudget.sampleExceeds(expander: expander, dictionaryText: text, budget: budget)
            #expect(!exceeds || budget < 410, "budget \(budget)")
        }
        #expect(!FormBudget.sampleExceeds(expander: expander, dictionaryText: text, budget: 410))
    }

    @Test func aDictionaryPastTheEstimateOfEveryFormKeepsEachStemsFirstForms() throws {
        // Case spellings inferred, so no budget of forms asked three times applies; 410 forms, every line sampled below.
        let info = try dictionary(language: "xx")
        let affixes = try #require(AffixFile.load(path: info.affixPath))
        let text = try String(contentsOfFile: info.wordsPath, encoding: .utf8)
        let expander = WordFormExpander(affixes: affixes, maximumForms: .max)
        #expect(expander.formCount(line: "alma/S") == 41)
        // The sample is every 16th entry: only the first of ten, 41 forms, estimated at 656.
        #expect(FormBudget.everyFormLimit(expander: expander, dictionaryText: text, estimated: 656) == .max)
        #expect(FormBudget.everyFormLimit(expander: expander, dictionaryText: text, estimated: 655, kept: 160) == 10)
        var limited = expander
        limited.countsEveryForm = true
        limited.stemFormLimit = 10
        var forms: [String] = []
        limited.expand(stem: Array("שלום".unicodeScalars), flags: affixes.flags("S")) { scalars, _, _, _ in
            forms.append(String(String.UnicodeScalarView(scalars)))
        }
        // Caseless forms count too (Arabic's, Hebrew's).
        #expect(forms.count == 10)
    }

    @Test func aStemsFormsStopAtTheLimitInTheUnlimitedOrder() throws {
        let info = try dictionary()
        let affixes = try #require(AffixFile.load(path: info.affixPath))
        let expander = WordFormExpander(affixes: affixes, maximumForms: .max)
        #expect(expander.askedForms(line: "alma/S", limit: 100) == (41, false))
        #expect(expander.askedForms(line: "alma/S", limit: 7) == (7, true))
        var first: [String] = []
        expander.expand(stem: Array("alma".unicodeScalars), flags: affixes.flags("S"), limit: 7) { scalars, _, _, _ in
            first.append(String(String.UnicodeScalarView(scalars)))
        }
        var all: [String] = []
        expander.expand(stem: Array("alma".unicodeScalars), flags: affixes.flags("S")) { scalars, _, _, _ in
            all.append(String(String.UnicodeScalarView(scalars)))
        }
        #expect(first == Array(all.prefix(7)))
        // Forms with no letter that changes in capitals are not counted: Hebrew's are asked once.
        #expect(!FormBudget.isAsked(Array("שלום".unicodeScalars)) && FormBudget.isAsked(Array("ház".unicodeScalars)))
    }

    @Test func wordsLeftOutByTheBudgetGetHunspellsVerdictFromACompiledForm() throws {
        let info = try dictionary()
        let cache = scratch.folder("budget")
        let compiler = DictionaryCompiler(folder: cache)
        let report = try compiler.compile(info, askedFormBudget: 100)
        #expect(report.expandedForms == 20)
        let compiled = try #require(compiler.open(info))
        let engine = try HunspellEngine(info: info, handles: 1)
        let dictionary = try SpellDictionary(info: info, handles: 1)
        dictionary.useCompiled(compiled)
        let every = WordFormExpander.formList(of: info, maximumForms: .max, layerLimit: .max).forms.map(\.word)
        #expect(every.filter { compiled.accepted.accepts($0) }.count == 20)
        var words: [String] = []
        for word in every {
            let letters = Array(word)
            let swapped = String([letters[1], letters[0]] + letters.dropFirst(2))
            words += [word, CaseVariants.capitalised(word), CaseVariants.upper(word), swapped, word + "x"]
        }
        for word in words {
            #expect(dictionary.accepts(word) == engine.spell(word), "\(word)")
        }
        // The words left out are ones Hunspell accepts.
        #expect(engine.spell("almacaz") && !compiled.accepted.accepts("almacaz") && dictionary.accepts("Almacaz"))
    }
}
