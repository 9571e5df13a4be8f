import Foundation
import Testing
@testable import TextServices
@testable import TextServicesTestSupport

/// A stem's second-suffix and prefix layers past `WordFormExpander.compiledLayerLimit` are left to Hunspell.
@Suite struct ExpanderLayerTests {
    private let scratch = TemporaryFolder("expander-layer")

    /// Entry texts `bb`, `bc`, ... (two consonants), `count` of them.
    private static func pairs(_ count: Int) -> [String] {
        let letters = Array("bcdfghjklmnpqrstvwxz")
        return (0..<count).map { String([letters[$0 / letters.count], letters[$0 % letters.count]]) }
    }

    /// A dictionary whose `sing` has 300 second suffixes and `do` 300 prefixes; `walk` and `go` have two of each.
    private func dictionary() throws -> DictionaryInfo {
        let many = Self.pairs(300)
        var aff = "SET UTF-8\nTRY abcdefghijklmnopqrstuvwxyz\n"
        aff += "SFX S Y 1\nSFX S 0 er/T .\n"
        aff += "SFX T Y \(many.count)\n" + many.map { "SFX T 0 \($0) .\n" }.joined()
        aff += "SFX U Y 1\nSFX U 0 ed/V .\n"
        aff += "SFX V Y 2\nSFX V 0 s .\nSFX V 0 ly .\n"
        aff += "PFX P Y \(many.count)\n" + many.map { "PFX P 0 \($0) .\n" }.joined()
        aff += "PFX R Y 2\nPFX R 0 re .\nPFX R 0 un .\n"
        aff += "SFX E Y 1\nSFX E 0 s .\n"
        return try TestSupport.writeDictionary(in: scratch, tag: "xx", aff: aff, dic: "4\nsing/S\nwalk/U\ndo/PE\ngo/RE\n")
    }

    @Test func stemsPastTheLimitGetNoneOfThatLayerAndOthersKeepEveryForm() throws {
        let info = try dictionary()
        let limited = Set(WordFormExpander.forms(of: info).map(\.word))
        let every = Set(WordFormExpander.forms(of: info, layerLimit: .max).map(\.word))
        // Unlimited, `sing` has 300 second-suffix forms and `do` 300 prefixed ones and 300 crossed with `s`.
        #expect(every.count == limited.count + 900)
        #expect(every.isSuperset(of: limited))
        #expect(limited == ["sing", "singer", "walk", "walked", "walkeds", "walkedly", "do", "dos",
                            "go", "gos", "rego", "ungo", "regos", "ungos"])
    }

    @Test func wordsOfALayerLeftOutGetHunspellsVerdictFromACompiledForm() throws {
        let info = try dictionary()
        let cache = scratch.folder("layers")
        let compiler = DictionaryCompiler(folder: cache)
        let report = try compiler.compile(info)
        #expect(report.expandedForms == 14)
        let engine = try HunspellEngine(info: info, handles: 1)
        let dictionary = try SpellDictionary(info: info, handles: 1)
        dictionary.useCompiled(try #require(compiler.open(info)))
        let words = ["singerbc", "singerzz", "Singerbc", "SINGERBC", "singerbcb", "bcdo", "bcdos", "Bcdo", "BCDOS", "aado",
                     "walkeds", "walkedba", "rego", "ungos", "bago", "sing", "singers"]
        for word in words {
            #expect(dictionary.accepts(word) == engine.spell(word), "\(word)")
        }
        // The words left out are ones Hunspell accepts; its refusals stay refusals.
        #expect(engine.spell("singerbc") && engine.spell("bcdos") && engine.spell("BCDOS"))
        #expect(!engine.spell("singerzz") && !engine.spell("bago"))
        let compiled = try #require(compiler.open(info))
        #expect(!compiled.accepted.accepts("singerbc") && !compiled.accepted.accepts("bcdos") && compiled.accepted.accepts("regos"))
    }

    @Test func stemsWithThousandsOfSuffixesKeepNoSuffixAndTooManyCrossedFormsNoneCrossed() throws {
        // Three consonants each: 1,100 entry texts.
        let letters = Array("bcdfghjklmnpqrstvwxz")
        let triples = (0..<1100).map { (index: Int) -> String in
            let first: Character = letters[index / 400], second: Character = letters[index / 20 % 20]
            let third: Character = letters[index % 20]
            return String([first, second, third])
        }
        var aff = "SET UTF-8\n"
        aff += "SFX H Y \(triples.count)\n" + triples.map { "SFX H 0 \($0) .\n" }.joined()
        aff += "SFX M Y 200\n" + triples.prefix(200).map { "SFX M 0 \($0) .\n" }.joined()
        aff += "PFX Q Y 100\n" + triples.prefix(100).map { "PFX Q 0 \($0) .\n" }.joined()
        aff += "PFX O Y 2\nPFX O 0 re .\nPFX O 0 un .\n"
        let info = try TestSupport.writeDictionary(in: scratch, tag: "xx", aff: aff, dic: "3\nhaz/HO\nkert/MQ\nut/MO\n")
        let limited = WordFormExpander.forms(of: info).map(\.word)
        let every = WordFormExpander.forms(of: info, layerLimit: .max).map(\.word)
        // `haz`: 1,100 suffixes, so none (nor the crossed forms), but its prefixes; `kert`: 200 suffixes and 100 prefixes,
        // but not their 20,000 crossed forms; `ut`: 200 suffixes crossed with two prefixes, all of them.
        #expect(Set(limited).isSubset(of: Set(every)))
        #expect(limited.filter { $0.hasSuffix("haz") } == ["haz", "rehaz", "unhaz"])
        #expect(limited.filter { $0.contains("kert") }.count == 1 + 200 + 100)
        #expect(limited.filter { $0.contains("ut") && !$0.contains("kert") }.count == 1 + 200 + 2 + 400)
        #expect(every.count == limited.count + 1100 + 2200 + 20_000)
    }
}

/// Expanding on every core (`WordFormExpander.formList` with no cap) gives the serial expansion's list, form for form.
@Test func expandingOnEveryCoreGivesTheSerialListInOrder() throws {
    let scratch = TemporaryFolder(); defer { scratch.remove() }
    let aff = "SET UTF-8\nNOSUGGEST n\nKEEPCASE k\nSFX S Y 2\nSFX S 0 s .\nSFX S y ies y\nPFX P Y 1\nPFX P 0 un .\n"
    // Enough lines that the text is cut into runs; CRLF and LF lines, blank lines, flags that change the traits.
    var dic = "3000\r\n"
    for number in 0..<3000 {
        let flags = ["/SP", "/Sn", "/Sk", "", "/P"][number % 5]
        dic += "w\(number)ord\(number % 7 == 0 ? "y" : "")\(flags)" + (number % 3 == 0 ? "\r\n" : "\n")
        if number % 500 == 0 { dic += "\n" }
    }
    let info = try TestSupport.writeDictionary(in: scratch, tag: "xx", aff: aff, dic: dic)
    let parallel = WordFormExpander.formList(of: info, maximumForms: .max)
    let affixes = try #require(AffixFile.load(path: info.affixPath))
    var serial = FormList()
    WordFormExpander(affixes: affixes, maximumForms: .max, layerLimit: WordFormExpander.compiledLayerLimit)
        .expand(dictionaryText: dic, into: &serial)
    #expect(serial.count > 3000)
    #expect(parallel.bytes == serial.bytes && parallel.ends == serial.ends && parallel.traits == serial.traits)
    #expect(WordFormExpander.lineRuns(dic, count: 8).count == 8)
    #expect(WordFormExpander.lineRuns(dic, count: 8).joined() == dic)
}
