import Foundation
import Testing
@testable import TextServices
@testable import TextServicesTestSupport

/// Whether `AffixIndex.derivable` answers every word of `words` (and each with its last one to three bytes, and its
/// first two, taken off) the same searched by root class and entry by entry, hidden homonyms on and off, and with a
/// KEEPCASE filter and the NEEDAFFIX exclusion where the dictionary names them; the words the two disagree on.
private func rootClassDisagreements(_ index: RejectIndex, words: [[UInt8]]) -> [String] {
    guard let rules = index.rules else { return [] }
    let byRoot = AffixIndex(rules.affixes, searchesByRoot: true), byEntry = AffixIndex(rules.affixes, searchesByRoot: false)
    #expect(byRoot.searchesByRoot && !byEntry.searchesByRoot)
    var filters: [HomonymFilter] = [.none]
    if rules.keepCaseFlag != 0 { filters += [.lacking(rules.keepCaseFlag), .holding(rules.keepCaseFlag)] }
    var disagreements: [String] = []
    var variants: [[UInt8]] = []
    for word in words where !word.isEmpty && word.count < 200 {
        variants.append(word)
        for cut in 1...3 where word.count > cut { variants.append(Array(word.dropLast(cut))) }
        if word.count > 2 { variants.append(Array(word.dropFirst(2))) }
    }
    for word in variants {
        let size = max(byRoot.scratchSize(forWordOf: word.count), byEntry.scratchSize(forWordOf: word.count))
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: size)
        defer { scratch.deallocate() }
        word.withUnsafeBufferPointer { bytes in
            for hidden in [false, true] {
                for filter in filters {
                    let a = byRoot.derivable(bytes, hidden: hidden, stems: index.stems, scratch: scratch, filter: filter,
                                             needAffix: rules.needAffixFlag)
                    let b = byEntry.derivable(bytes, hidden: hidden, stems: index.stems, scratch: scratch, filter: filter,
                                              needAffix: rules.needAffixFlag)
                    if a != b { disagreements.append(String(decoding: word, as: UTF8.self) + " (root \(a), entry \(b))") }
                }
            }
        }
    }
    return disagreements
}

@Test func searchingByRootClassAnswersAsSearchingEntryByEntryOnEverySuiteDictionary() throws {
    var searched = 0
    for name in HunspellSuite.names {
        let path = HunspellSuite.folder + "/" + name
        let info = DictionaryInfo(tag: LanguageTag("xx")!, source: .user, path: path)
        let (index, _) = RejectIndex.build(info: info)
        guard index.rules != nil else { continue }
        var words = HunspellSuite.words(path + ".good") + HunspellSuite.words(path + ".wrong")
        // The stems themselves, and each with every appended text of the .aff after it (forms and near misses).
        let stems = TestSupport.wordList(path + ".dic").dropFirst().map { line in Array(line.prefix { $0 != UInt8(ascii: "/") }) }
        words += stems
        let appended = Set(index.rules!.affixes.filter { !$0.isPrefix }.map(\.add)).sorted { $0.lexicographicallyPrecedes($1) }
        for stem in stems.prefix(40) { for add in appended.prefix(40) { words.append(stem + add) } }
        let disagreements = rootClassDisagreements(index, words: words)
        #expect(disagreements.isEmpty, "\(name): \(disagreements.prefix(5))")
        searched += 1
    }
    #expect(searched > 50)
}

@Test func searchingByRootClassAnswersAsSearchingEntryByEntryOnABasqueLikeDictionary() throws {
    let temporary = TemporaryFolder(); defer { temporary.remove() }
    // Groups of one appended text shared by many flags (`en` under A, B and C), strip texts and conditions that split a
    // group into classes, two suffixes through continuation classes, NEEDAFFIX stems and suffixes, and prefixes crossed
    // (or not) with suffixes through the stem's flag or the prefix's continuation classes.
    let aff = """
        SET UTF-8
        NEEDAFFIX !
        KEEPCASE k
        PFX P Y 2
        PFX P 0 berr [aeiou]
        PFX P 0 bir [^haeiou]
        PFX Q N 1
        PFX Q 0 ba/C .
        SFX A Y 4
        SFX A 0 en .
        SFX A 0 en/!D .
        SFX A 0 ak .
        SFX A a en a
        SFX B Y 3
        SFX B 0 en/D .
        SFX B 0 tik .
        SFX B e aren e
        SFX C N 2
        SFX C 0 en .
        SFX C 0 ko/D [^k]
        SFX D Y 3
        SFX D 0 a .
        SFX D 0 en .
        SFX D 0 ak/! .
        SFX E N 1
        SFX E 0 ri/P .

        """
    let dic = "9\netxe/AB!\nmendi/APQ\nhasi/BPk\nkale/CQ!\nbide/E\nEAJ/A!\nargi/DP\nurte/ABCD\nhaur/Q\n"
    let info = try TestSupport.writeDictionary(in: temporary, tag: "xx", aff: aff, dic: dic)
    let (index, reason) = RejectIndex.build(info: info)
    #expect(index.rules != nil, "\(reason ?? "")")
    var words: [[UInt8]] = []
    let stems = ["etxe", "mendi", "hasi", "kale", "bide", "EAJ", "Eaj", "eaj", "argi", "urte", "haur", "etx", "hasa"]
    let ends = ["", "en", "ak", "tik", "aren", "ko", "koa", "kon", "ena", "enen", "ak", "ri", "enak", "tika", "a", "ena"]
    for stem in stems {
        for start in ["", "berr", "bir", "ba", "bai"] {
            for end in ends { for more in ["", "a", "en", "ak"] { words.append(Array((start + stem + end + more).utf8)) } }
        }
    }
    let disagreements = rootClassDisagreements(index, words: words)
    #expect(disagreements.isEmpty, "\(disagreements.prefix(10))")
    // The search finds what it must: a prefixed form of a suffix under a second one, and not a word of no stem.
    let byRoot = AffixIndex(index.rules!.affixes, searchesByRoot: true)
    let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: byRoot.scratchSize(forWordOf: 64))
    defer { scratch.deallocate() }
    func derivable(_ word: String) -> Bool {
        Array(word.utf8).withUnsafeBufferPointer { byRoot.derivable($0, hidden: false, stems: index.stems, scratch: scratch) }
    }
    #expect(derivable("birmendiena") && derivable("mendiak") && derivable("etxaren") && derivable("berrargien"))
    #expect(!derivable("xetxeen") && !derivable("mendikoxa") && !derivable("berretxeen"))
}

@Test func theSearchIsByRootClassWhereClassesHoldThreeEntriesOrMore() {
    func suffix(_ flag: UInt16, strip: String = "", add: String) -> RejectIndex.Affix {
        RejectIndex.Affix(isPrefix: false, flag: flag, strip: Array(strip.utf8), add: Array(add.utf8), continuation: [],
                          condition: AffixCondition(parsing: strip.isEmpty ? "." : Substring(strip)))
    }
    // Basque-like: one appended text under many flags, nothing stripped.
    let shared = (1...6).map { suffix(UInt16($0), add: "en") } + (1...6).map { suffix(UInt16($0), add: "ak") }
    #expect(AffixIndex(shared).searchesByRoot)
    // German-like: each entry strips its own text (a class of its own).
    let own = ["a", "e", "i", "o", "u", "y"].map { suffix(1, strip: $0, add: "en") }
    #expect(!AffixIndex(own).searchesByRoot)
    #expect(AffixIndex(own, searchesByRoot: true).searchesByRoot && !AffixIndex(shared, searchesByRoot: false).searchesByRoot)
}
