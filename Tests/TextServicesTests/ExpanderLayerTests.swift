import Foundation
import Testing
@testable import TextServices
@testable import TextServicesTestSupport

/// A stem's second-suffix and prefix layers past `WordFormExpander.compiledLayerLimit` are left to Hunspell.
@Suite struct ExpanderLayerTests {
    /// Entry texts `ba`, `bb`, ... (two letters from `b` to `u`), `count` of them.
    private static func pairs(_ count: Int) -> [String] {
        let letters = Array("bcdfghjklmnpqrstvwxz")
        return (0..<count).map { String([letters[$0 / letters.count], letters[$0 % letters.count]]) }
    }

    /// A dictionary whose `sing` has 300 second suffixes and `do` 300 prefixes; `walk` and `go` have two of each.
    private static func dictionary() throws -> DictionaryInfo {
        let many = pairs(300)
        var aff = "SET UTF-8\nTRY abcdefghijklmnopqrstuvwxyz\n"
        aff += "SFX S Y 1\nSFX S 0 er/T .\n"
        aff += "SFX T Y \(many.count)\n" + many.map { "SFX T 0 \($0) .\n" }.joined()
        aff += "SFX U Y 1\nSFX U 0 ed/V .\n"
        aff += "SFX V Y 2\nSFX V 0 s .\nSFX V 0 ly .\n"
        aff += "PFX P Y \(many.count)\n" + many.map { "PFX P 0 \($0) .\n" }.joined()
        aff += "PFX R Y 2\nPFX R 0 re .\nPFX R 0 un .\n"
        aff += "SFX E Y 1\nSFX E 0 s .\n"
        return try TestSupport.writeDictionary(tag: "xx", aff: aff, dic: "4\nsing/S\nwalk/U\ndo/PE\ngo/RE\n")
    }

    @Test func stemsPastTheLimitGetNoneOfThatLayerAndOthersKeepEveryForm() throws {
        let info = try Self.dictionary()
        let limited = Set(WordFormExpander.forms(of: info).map(\.word))
        let every = Set(WordFormExpander.forms(of: info, layerLimit: .max).map(\.word))
        // Unlimited, `sing` has 300 second-suffix forms and `do` 300 prefixed ones and 300 crossed with `s`.
        #expect(every.count == limited.count + 900)
        #expect(every.isSuperset(of: limited))
        #expect(limited == ["sing", "singer", "walk", "walked", "walkeds", "walkedly", "do", "dos",
                            "go", "gos", "rego", "ungo", "regos", "ungos"])
    }

    @Test func wordsOfALayerLeftOutGetHunspellsVerdictFromACompiledForm() throws {
        let info = try Self.dictionary()
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("textsvcd-layers-\(UUID().uuidString)").path
        let compiler = DictionaryCompiler(folder: cache)
        let report = try compiler.compile(info)
        #expect(report.expandedForms == 14)
        let engine = try HunspellEngine(info: info, handles: 1)
        let dictionary = try SpellDictionary(info: info, handles: 1)
        dictionary.useCompiled(try #require(compiler.open(info)))
        let words = ["singerba", "singerzz", "Singerba", "SINGERBA", "singerbab", "bado", "bados", "Bado", "BADOS", "aado",
                     "walkeds", "walkedba", "rego", "ungos", "bago", "sing", "singers"]
        for word in words {
            #expect(dictionary.accepts(word) == engine.spell(word), "\(word)")
        }
        #expect(engine.spell("singerba") && engine.spell("bados") && !engine.spell("singerzz") && !engine.spell("bago"))
    }
}
