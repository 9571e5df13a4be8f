import Foundation
import Testing
@testable import TextServices
@testable import TextServicesProtocol
@testable import TextServicesTestSupport

/// en_US of the suite's shared services (its index is built once, on first use).
let suggestionTestEnglish: SpellDictionary = {
    do { return try TestSupport.sharedServices.spelling.dictionary("en_US") } catch { fatalError("cannot load en_US: \(error)") }
}()

@Test func commonMisspellingsGetTheRightFirstGuess() {
    let cases = ["recieve": "receive", "teh": "the", "definately": "definitely", "seperate": "separate",
                 "occured": "occurred", "untill": "until", "wierd": "weird", "becuase": "because",
                 "tommorow": "tomorrow", "accomodate": "accommodate", "freind": "friend", "beleive": "believe"]
    for (typo, expected) in cases {
        #expect(suggestionTestEnglish.guesses(for: typo, limit: 5).first == expected, "\(typo): \(suggestionTestEnglish.guesses(for: typo, limit: 5))")
    }
}

@Test func guessesKeepTheTypedCase() {
    #expect(suggestionTestEnglish.guesses(for: "Teh", limit: 3).first == "The")
    #expect(suggestionTestEnglish.guesses(for: "TEH", limit: 3).first == "THE")
    #expect(suggestionTestEnglish.guesses(for: "Recieve", limit: 3).first == "Receive")
    // A lower-case typo of a proper noun gets the dictionary's capital.
    #expect(suggestionTestEnglish.guesses(for: "londn", limit: 3).first == "London")
    #expect(suggestionTestEnglish.guesses(for: "america", limit: 3).first == "America")
}

@Test func everyGuessIsAcceptedAndNeverTheWordItself() {
    for typo in ["speling", "acheive", "goverment", "thier", "happend", "xylophne", "qzx"] {
        let guesses = suggestionTestEnglish.guesses(for: typo, limit: 10)
        #expect(!guesses.contains(typo))
        for guess in guesses {
            #expect(guess.split(separator: " ").allSatisfy { suggestionTestEnglish.accepts(String($0)) }, "\(typo) -> \(guess)")
        }
    }
    #expect(suggestionTestEnglish.guesses(for: "receive", limit: 5).isEmpty)
}

@Test func runTogetherWordsAreSplit() {
    #expect(suggestionTestEnglish.guesses(for: "alot", limit: 5).contains("a lot"))
    #expect(suggestionTestEnglish.guesses(for: "inthe", limit: 5).contains("in the"))
}

@Test func noSuggestWordsAreNeverOffered() {
    for typo in ["fuk", "fucc", "shitt"] {
        let guesses = suggestionTestEnglish.guesses(for: typo, limit: 10)
        #expect(!guesses.contains { ["fuck", "shit"].contains($0.lowercased()) }, "\(typo): \(guesses)")
    }
}

@Test func learnedWordsCanBeGuessed() throws {
    // A word no other test uses, learned in the shared dictionary only for the length of this test.
    let dictionary = suggestionTestEnglish
    dictionary.addLearned("qwxvlearnt")
    defer { dictionary.removeLearned("qwxvlearnt") }
    #expect(dictionary.guesses(for: "qwxvlaernt", limit: 5).contains("qwxvlearnt"))
    #expect(dictionary.completions(for: "qwxvl", limit: 10).contains("qwxvlearnt"))
}

@Test func languageWithoutFrequenciesKeepsHunspellOrder() throws {
    let scratch = TemporaryFolder(); defer { scratch.remove() }
    let folder = scratch.folder("nofreq")
    let aff = "SET UTF-8\nTRY aeiourstnlmkgbdpvhjz\nREP 1\nREP k c\nSFX S Y 1\nSFX S 0 s .\n"
    let dic = "6\nkatu/S\nkato/S\nkita/S\nmatu/S\nsatu\ncatu\n"
    try aff.write(toFile: folder + "/zz_ZZ.aff", atomically: true, encoding: .utf8)
    try dic.write(toFile: folder + "/zz_ZZ.dic", atomically: true, encoding: .utf8)
    let info = DictionaryInfo(tag: LanguageTag("zz_ZZ")!, source: .user, path: folder + "/zz_ZZ")
    let dictionary = try SpellDictionary(info: info, handles: 1)
    #expect(!dictionary.wordStore.hasFrequencies)
    let hunspell = dictionary.hunspellSuggestions("katuu")
    #expect(!hunspell.isEmpty)
    let guesses = dictionary.guesses(for: "katuu", limit: 10)
    #expect(Array(guesses.prefix(hunspell.count)) == Array(hunspell.prefix(10)))
    for guess in guesses { #expect(dictionary.accepts(guess)) }
}

@Test func editModelPrefersLikelySlips() {
    let model = EditModel(keyboard: .qwerty)
    func cost(_ typed: String, _ intended: String) -> Double {
        model.cost(typed: typed.unicodeScalars.map(\.value), intended: intended.unicodeScalars.map(\.value))
    }
    // A neighbouring key is likelier than a distant one, a swap likelier than two substitutions.
    #expect(cost("tge", "the") < cost("tpe", "the"))
    #expect(cost("teh", "the") < cost("tha", "the") + 0.5)
    #expect(cost("leter", "letter") < cost("lettr", "letter"))
    #expect(cost("the", "the") == 0)
    var scratch: [Int] = []
    let a = "recieve".unicodeScalars.map(\.value)
    let b = "receive".unicodeScalars.map(\.value)
    #expect(EditModel.distance(a[...], b[...], limit: 2, scratch: &scratch) == 1)
    #expect(EditModel.distance(a[...], "xyz".unicodeScalars.map(\.value)[...], limit: 2, scratch: &scratch) == 3)
}

/// The optimal-string-alignment distance over the whole table, uncapped: what the banded `EditModel.distance` must agree with.
private func fullTableDistance(_ a: [UInt32], _ b: [UInt32]) -> Int {
    var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { table[i][0] = i }
    for j in 0...b.count { table[0][j] = j }
    for i in stride(from: 1, through: a.count, by: 1) {
        for j in stride(from: 1, through: b.count, by: 1) {
            var best = min(table[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1), table[i - 1][j] + 1, table[i][j - 1] + 1)
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { best = min(best, table[i - 2][j - 2] + 1) }
            table[i][j] = best
        }
    }
    return table[a.count][b.count]
}

@Test func latinLetterSubstitutionsCostWhatTheirRulesSay() {
    // The 26 by 26 table of a-z pairs and the rules it is made from, and a national layout's letters beside it.
    let model = EditModel(keyboard: .qwerty)
    func cost(_ typed: Unicode.Scalar, _ intended: Unicode.Scalar) -> Double {
        model.substitutionCost(typed: typed.value, intended: intended.value)
    }
    #expect(cost("q", "w") == EditModel.neighbourSubstitution)
    #expect(cost("g", "b") == EditModel.neighbourSubstitution)
    #expect(cost("a", "o") == EditModel.vowelSubstitution)
    #expect(cost("s", "z") == EditModel.neighbourSubstitution)
    #expect(cost("c", "k") == EditModel.soundSubstitution)
    #expect(cost("q", "m") == EditModel.otherSubstitution)
    #expect(cost("e", "\u{E9}") == EditModel.diacriticSubstitution)
    #expect(cost("-", "a") == EditModel.otherSubstitution)
    let german = EditModel(keyboard: KeyboardLayout.national(language: "de")!, similarSounds: EditModel.sounds(for: "de", replacements: []))
    #expect(german.substitutionCost(typed: UInt32(UInt8(ascii: "p")), intended: 0xFC) == EditModel.neighbourSubstitution)
    #expect(german.substitutionCost(typed: UInt32(UInt8(ascii: "z")), intended: UInt32(UInt8(ascii: "u"))) == EditModel.neighbourSubstitution)
    #expect(german.substitutionCost(typed: UInt32(UInt8(ascii: "y")), intended: UInt32(UInt8(ascii: "x"))) == EditModel.neighbourSubstitution)
    #expect(KeyboardLayout.qwerty.areNeighbours(UInt32(UInt8(ascii: "a")), UInt32(UInt8(ascii: "s"))))
    #expect(!KeyboardLayout.qwerty.areNeighbours(UInt32(UInt8(ascii: "a")), UInt32(UInt8(ascii: "p"))))
}

@Test func bandedDistanceAgreesWithTheWholeTableUpToItsLimit() {
    // Words from a small alphabet, so that matches, swaps and near misses are common.
    var generator = SystemRandomNumberGenerator()
    func word() -> [UInt32] { (0..<Int.random(in: 0...9, using: &generator)).map { _ in UInt32.random(in: 97...100, using: &generator) } }
    var scratch: [Int] = []
    for _ in 0..<20_000 {
        let a = word(), b = word(), limit = Int.random(in: 0...4, using: &generator)
        let expected = min(fullTableDistance(a, b), limit + 1)
        let found = EditModel.distance(a[...], b[...], limit: limit, scratch: &scratch)
        #expect(found == expected, "\(a) \(b) limit \(limit)")
        if found != expected { return }
    }
    // Slices that do not start at 0, and a scratch left longer by an earlier call.
    let long = "xxinternationally".unicodeScalars.map(\.value)
    let key = "intrenationaly".unicodeScalars.map(\.value)
    #expect(EditModel.distance(long[2...], key[...], limit: 2, scratch: &scratch) == 2)
}

@Test func deletionIndexFindsEveryWordWithinTwoEdits() {
    let words = ["receive", "relieve", "deceive", "international", "internationally", "the", "then", "a"]
    let store = WordStore(forms: words.map { .init(word: $0, suggestible: true) }, frequencies: nil)
    let index = DeletionIndex(store: store)
    func found(_ typo: String) -> Set<String> {
        let typed = typo.unicodeScalars.map(\.value)
        var scratch: [Int] = []
        var result = Set<String>()
        for range in index.candidateEntries(for: typed) {
            for entry in range {
                let key = store.key(entry).unicodeScalars.map(\.value)
                if EditModel.distance(typed[...], key[...], limit: 2, scratch: &scratch) <= 2 { result.insert(store.key(entry)) }
            }
        }
        return result
    }
    #expect(found("recieve").isSuperset(of: ["receive", "relieve", "deceive"]))
    #expect(found("intrenationaly").contains("internationally"))
    #expect(found("xinternational").contains("international"))
    #expect(found("teh").contains("the"))
}

@Test func aPrefixsGroupsComeInStoreOrderOnceEachHoweverManyTheBucketsHold() {
    // One bucket (mask 0) holds every group number, so every prefix meets all of them: in order, once each, as
    // sorting gives them, whether there are few (sorted) or many (a bit a group), with numbers past the last group
    // (a damaged file) after the rest.
    var generator = SystemRandomNumberGenerator()
    for count in [0, 1, 5, DeletionIndex.mostGroupsSorted, DeletionIndex.mostGroupsSorted + 1, 300, 5_000] {
        let groupCount = Int.random(in: 1...3_000, using: &generator)
        let starts = (0...groupCount).map { UInt32($0 * 2) }
        let groups = (0..<count).map { _ in
            UInt32.random(in: 0..<UInt32(groupCount + (Bool.random(using: &generator) ? 0 : 40)), using: &generator)
        }
        let index = DeletionIndex(groupStarts: Table(starts), bucketOffsets: Table([0, UInt32(groups.count)]),
                                  bucketGroups: Table(groups), bucketMask: 0, prefixLength: 6, maxDistance: 2,
                                  entryCount: groupCount * 2)
        let expected = Set(groups).sorted().map {
            Table<UInt32>.clampedRange(index.groupStarts[Int($0)], index.groupStarts[Int($0) + 1], limit: groupCount * 2)
        }
        #expect(index.candidateEntries(for: "prefix".unicodeScalars.map(\.value)) == expected, "\(count) groups of \(groupCount)")
    }
}

@Test func concurrentFirstUseBuildsOneIndexAndAgrees() throws {
    let scratch = TemporaryFolder(); defer { scratch.remove() }
    let folder = scratch.folder("race")
    try "SET UTF-8\nSFX S Y 1\nSFX S 0 s .\n".write(toFile: folder + "/en_ZZ.aff", atomically: true, encoding: .utf8)
    try "4\nreceive/S\nrelieve/S\nbelieve/S\nthe\n".write(toFile: folder + "/en_ZZ.dic", atomically: true, encoding: .utf8)
    try "the\t7.6\nreceive\t5.2\nbelieve\t5.0\nreceives\t4.5\nrelieve\t4.0\n".write(toFile: folder + "/en.freq", atomically: true, encoding: .utf8)
    let info = DictionaryInfo(tag: LanguageTag("en_ZZ")!, source: .user, path: folder + "/en_ZZ")
    let dictionary = try SpellDictionary(info: info, handles: 2)
    let results = Locked<[(index: Int, words: [String])]>([])
    DispatchQueue.concurrentPerform(iterations: 8) { index in
        let words = index % 2 == 0 ? dictionary.guesses(for: "recieves", limit: 3) : dictionary.completions(for: "re", limit: 3)
        results.withLock { $0.append((index, words)) }
    }
    let all = results.withLock { $0 }
    #expect(all.count == 8)
    #expect(dictionary.wordStore.hasFrequencies)
    #expect(Set(all.filter { $0.index % 2 == 0 }.map(\.words)).count == 1)
    #expect(Set(all.filter { $0.index % 2 == 1 }.map(\.words)).count == 1)
    #expect(dictionary.guesses(for: "recieves", limit: 3).first == "receives")
    #expect(dictionary.completions(for: "re", limit: 3) == ["receive", "receives", "relieve"])
}

@Test func quickGuessesKeepTheFirstGuessAndLeaveHunspellsFarGuessesOut() {
    for typo in ["recieve", "definately", "wierd", "becuase", "speling", "acheive", "goverment", "Teh", "londn"] {
        let quick = suggestionTestEnglish.guesses(for: typo, limit: 3, quick: true)
        #expect(!quick.isEmpty && quick.first == suggestionTestEnglish.guesses(for: typo, limit: 3).first, "\(typo): \(quick)")
    }
    // Code vocabulary far from every word: Hunspell's n-gram suggest answers `straddler` and `plughole`; the ranker has nothing.
    #expect(suggestionTestEnglish.guesses(for: "strbufaddf", limit: 3, quick: true).isEmpty)
    #expect(suggestionTestEnglish.guesses(for: "xyzzyplugh", limit: 3, quick: true).isEmpty)
}

@Test func theGuessersScanFindsEveryWordWithinTwoEditsAmongManyFormsOfOneStem() {
    var generator = SystemRandomNumberGenerator()
    // Thousands of keys under a few six-letter prefixes, as the forms of Portuguese and Czech verbs are.
    let endings = (0..<3000).map { _ in String((0..<Int.random(in: 0...6, using: &generator)).map { _ in "abcd".randomElement(using: &generator)! }) }
    let words = Set(endings.flatMap { ["recupe" + $0, "recapa" + $0, "dabcab" + $0] })
    let store = WordStore(forms: words.map { .init(word: $0, suggestible: true) }, frequencies: nil)
    let guesser = Guesser(store: store, affixes: nil, language: "nl")
    var scratch: [Int] = []
    for _ in 0..<60 {
        var typo = Array(words.randomElement(using: &generator)!.unicodeScalars.map(\.value))
        for _ in 0..<Int.random(in: 1...2, using: &generator) {
            let position = Int.random(in: 0..<typo.count, using: &generator)
            switch Int.random(in: 0..<3, using: &generator) {
            case 0: typo[position] = UInt32.random(in: 0x61...0x65, using: &generator)
            case 1 where typo.count > 4: typo.remove(at: position)
            default: typo.insert(UInt32.random(in: 0x61...0x65, using: &generator), at: position)
            }
        }
        let folded = String(String.UnicodeScalarView(typo.compactMap(Unicode.Scalar.init)))
        let limit = typo.count <= 3 ? 1 : 2
        let expected = Set(words.filter { word in
            let scalars = word.unicodeScalars.map(\.value)
            return EditModel.distance(typo[...], scalars[...], limit: limit, scratch: &scratch) <= limit
        })
        let found = Set(guesser.rank(typed: typo, folded: folded, lowerCase: true, learned: [], splitting: false)
            .flatMap(\.texts).filter { !$0.contains(" ") })
        #expect(found == expected, "\(folded): missing \(expected.subtracting(found).sorted().prefix(3))")
    }
}

@Test func aGroupRefusedWithinItsIndexedPrefixHidesNoWordWithinTwoEditsWhateverItsDiacritics() {
    var generator = SystemRandomNumberGenerator()
    // Stems that differ only by accents share a group of the index; short words make groups of their own.
    let endings = (0..<800).map { _ in String((0..<Int.random(in: 0...4, using: &generator)).map { _ in "abcdé".randomElement(using: &generator)! }) }
    let stems = ["recupe", "récupé", "recupè", "dabcab", "dàbcab", "zyxwvu"]
    let words = Set(endings.flatMap { ending in stems.map { $0 + ending } } + ["abc", "ábc", "abd", "àb", "cab"])
    let store = WordStore(forms: words.map { .init(word: $0, suggestible: true) }, frequencies: nil)
    let guesser = Guesser(store: store, affixes: nil, language: "nl")
    var scratch: [Int] = []
    let letters: [UInt32] = [0x61, 0x62, 0x63, 0x64, 0x65, 0xE9, 0x72, 0x75, 0x7A]
    for _ in 0..<80 {
        var typo = Array(words.randomElement(using: &generator)!.unicodeScalars.map(\.value))
        for _ in 0..<Int.random(in: 1...3, using: &generator) {
            let position = Int.random(in: 0..<typo.count, using: &generator)
            switch Int.random(in: 0..<3, using: &generator) {
            case 0: typo[position] = letters.randomElement(using: &generator)!
            case 1 where typo.count > 2: typo.remove(at: position)
            default: typo.insert(letters.randomElement(using: &generator)!, at: position)
            }
        }
        let folded = String(String.UnicodeScalarView(typo.compactMap(Unicode.Scalar.init)))
        let limit = typo.count <= 3 ? 1 : 2
        // The scan's reach is counted without diacritics.
        let strippedTypo = Diacritics.stripped(typo)
        let expected = Set(words.filter { word in
            let scalars = Diacritics.stripped(word.unicodeScalars.map(\.value))
            return EditModel.distance(strippedTypo[...], scalars[...], limit: limit, scratch: &scratch) <= limit
        })
        let found = Set(guesser.rank(typed: typo, folded: folded, lowerCase: true, learned: [], splitting: false)
            .flatMap(\.texts).filter { !$0.contains(" ") })
        #expect(found == expected, "\(folded): missing \(expected.subtracting(found).sorted().prefix(3)), extra \(found.subtracting(expected).sorted().prefix(3))")
    }
}
