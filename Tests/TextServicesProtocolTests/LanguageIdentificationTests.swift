import Foundation
import Testing
@testable import TextServices
@testable import TextServicesProtocol
@testable import TextServicesTestSupport

/// Language identification (`text.language`, `language: "auto"`), on small texts written for the purpose.
///
/// Needs Debian's hunspell-de-de, hunspell-fr, hunspell-ru, hunspell-uk and hunspell-bg (scripts/install-deps --with-tests).
@Suite(.slow)
struct LanguageIdentificationTests {
    static let candidates = ["en_US", "de_DE", "fr_FR", "ru_RU", "uk_UA", "bg_BG"]
    static let services = Services(configuration: TestSupport.configuration(systemDictionaries: ["/usr/share/hunspell"]))
    static let dispatcher = RequestDispatcher(services: services)

    static let english1 = "The committee met on Tuesday to discuss the budget for next year. Most members agreed that the library needs a new roof before winter."
    static let german = "Der Ausschuss hat am Dienstag über den Haushalt gesprochen. Die meisten Mitglieder waren der Meinung, dass die Bibliothek vor dem Winter ein neues Dach braucht."
    static let english2 = "After the meeting, everyone went home early because of the storm that was coming from the west."
    static let french = "Nous avons toujours aimé cette petite ville au bord de la mer."
    static let russian = "Вчера вечером мы долго гуляли по набережной и разговаривали о будущем."
    static let ukrainian = "Вчора ввечері ми довго гуляли набережною і розмовляли про майбутнє нашої країни."
    static let bulgarian = "Вчера вечерта дълго се разхождахме по крайбрежната улица и говорихме за бъдещето."

    static func identify(_ text: String, granularity: LanguageGranularity = .paragraph) throws -> [(String, String)] {
        let buffer = TextBuffer(text)
        return try services.languages.identify(buffer, candidates: candidates, granularity: granularity)
            .map { ($0.language, buffer.string($0.range).trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    @Test func aGermanParagraphBetweenEnglishOnesIsItsOwnRange() throws {
        let found = try Self.identify([Self.english1, Self.german, Self.english2].joined(separator: "\n\n"))
        #expect(found.map(\.0) == ["en_US", "de_DE", "en_US"])
        #expect(found[1].1 == Self.german)
    }

    @Test func aQuotedFrenchSentenceCutsItsEnglishParagraph() throws {
        let text = "The guide closed the book and looked at us. \"\(Self.french)\" Everyone nodded and walked back to the hotel in silence."
        let found = try Self.identify(text)
        #expect(found.map(\.0) == ["en_US", "fr_FR", "en_US"])
        #expect(found[1].1 == "\"\(Self.french)\"")
    }

    @Test func cyrillicTextIsToldApartAsRussianUkrainianAndBulgarian() throws {
        let found = try Self.identify([Self.russian, Self.ukrainian, Self.bulgarian].joined(separator: "\n\n"))
        #expect(found.map(\.0) == ["ru_RU", "uk_UA", "bg_BG"])
        for sentence in try Self.identify([Self.russian, Self.ukrainian, Self.bulgarian].joined(separator: " "), granularity: .sentence) {
            #expect(["ru_RU", "uk_UA", "bg_BG"].contains(sentence.0))
        }
        #expect(try Self.identify([Self.russian, Self.ukrainian, Self.bulgarian].joined(separator: " "), granularity: .sentence).map(\.0)
                    == ["ru_RU", "uk_UA", "bg_BG"])
    }

    @Test func documentGranularityGivesOneRangeWithRankedHypotheses() throws {
        let buffer = TextBuffer(Self.english1 + "\n\n" + Self.german + " " + Self.german)
        let found = try Self.services.languages.identify(buffer, candidates: Self.candidates, granularity: .document, maximum: 2)
        #expect(found.count == 1)
        #expect(found[0].range == buffer.fullRange)
        #expect(found[0].hypotheses.map(\.language).sorted() == ["de_DE", "en_US"])
        #expect(found[0].hypotheses[0].confidence >= found[0].hypotheses[1].confidence)
    }

    @Test func textWithoutLettersEmojiOnlyAndMixedScriptWordsGetNoRange() throws {
        #expect(try Self.identify("12345 -- 3.14, (42)!").isEmpty)
        #expect(try Self.identify("🎉🎉 👍🏽 🇩🇪").isEmpty)
        #expect(try Self.identify("").isEmpty)
        // "Hеllo" with a Cyrillic е: evidence for no language.
        #expect(try Self.identify("H\u{435}llo w\u{43E}rld").isEmpty)
    }

    @Test func oneWordGetsItsLikeliestLanguageWithLowerConfidenceThanASentence() throws {
        let word = try Self.services.languages.identify(TextBuffer("Bibliothek"), candidates: Self.candidates)
        #expect(word.map(\.language) == ["de_DE"])
        #expect(word[0].hypotheses.count == 3)
        let cyrillic = try Self.services.languages.identify(TextBuffer("її"), candidates: Self.candidates)
        #expect(cyrillic.map(\.language) == ["uk_UA"])
    }

    @Test func hintsWeighCandidates() throws {
        let buffer = TextBuffer("die")
        let plain = try Self.services.languages.identify(buffer, candidates: ["en_US", "de_DE"], maximum: 2)
        let hinted = try Self.services.languages.identify(buffer, candidates: ["en_US", "de_DE"],
                                                          hints: ["en_US": 1e6], maximum: 2)
        #expect(plain[0].language == "de_DE")
        #expect(hinted[0].language == "en_US")
    }

    @Test func aParagraphSeenBeforeKeepsItsVerdictWhereverItMoves() throws {
        let quoted = "The guide closed the book and looked at us. \"\(Self.french)\" Everyone nodded and walked back to the hotel in silence."
        let first = try Self.identify([Self.german, quoted].joined(separator: "\n\n"))
        #expect(first.map(\.0) == ["de_DE", "en_US", "fr_FR", "en_US"])
        let moved = try Self.identify([Self.russian, Self.english2, quoted, Self.german].joined(separator: "\n\n"))
        #expect(moved.map(\.0) == ["ru_RU", "en_US", "en_US", "fr_FR", "en_US", "de_DE"])
        #expect(Array(moved[2...4].map(\.1)) == Array(first[1...3].map(\.1)))
        #expect(moved[5].1 == Self.german)
    }

    @Test func aWordScoresTheSameRememberedFreshOrPastTheMemosCap() throws {
        // The variant's words are remembered; the filler (more distinct words than the memo keeps) fills the memo,
        // so the German paragraph after it mixes remembered words with words scored afresh and not kept.
        let variant = Self.german.replacingOccurrences(of: "Dienstag", with: "Mittwoch")
        var letters = Array("aaaa".unicodeScalars)
        var filler: [String] = []
        for _ in 0..<(LanguageScorer.memoWords + 1_000) {
            filler.append("q" + String(String.UnicodeScalarView(letters)))
            var index = letters.count - 1
            while letters[index] == "z" { letters[index] = "a"; index -= 1 }
            letters[index] = Unicode.Scalar(letters[index].value + 1)!
        }
        let buffer = TextBuffer([variant, filler.joined(separator: " "), Self.german].joined(separator: "\n\n"))
        // A `maximum` of its own keeps the paragraphs' verdicts apart from those other requests left.
        let filled = try Self.services.languages.identify(buffer, candidates: Self.candidates, maximum: 5)
        let alone = try Self.services.languages.identify(TextBuffer(Self.german), candidates: Self.candidates, maximum: 4)
        let last = try #require(filled.last)
        #expect(buffer.string(last.range) == Self.german)
        #expect(last.hypotheses.prefix(4).map(\.language) == alone[0].hypotheses.map(\.language))
        #expect(last.hypotheses.prefix(4).map(\.confidence) == alone[0].hypotheses.map(\.confidence))
    }

    /// Each candidate's summed score of the words of `text`, computed plainly: every word scored afresh, every
    /// trigram of an unknown word summed, then clamped (the scorer's model, without its memo and shortcuts).
    static func plainScores(_ text: String, model: LanguageModel, indices: [Int]) -> [Double] {
        let bytes = Array(text.utf8)
        let ln10 = log(10.0)
        let unseen = ln10 * (LanguageScorer.unseenZipf - 9)
        var sums = [Double](repeating: 0, count: indices.count)
        LanguageWordScanner.forEachWord(in: bytes, range: 0..<bytes.count) { word in
            guard word.script != .mixed, word.script != .other,
                  indices.contains(where: { model.scripts[$0] == word.script }) else { return }
            let folded = word.folded(in: bytes)
            var known = [UInt8](repeating: 0, count: model.languages.count)
            model.forEachWordScore(folded) { known[$0] = $1 }
            var trigrams = [Float](repeating: 0, count: model.languages.count)
            var previous: (UInt32, UInt32) = (0x5E, 0x5E)
            for next in folded.unicodeScalars.map(\.value) + [0x24] {
                var named = Set<Int>()
                model.forEachTrigramScore(LanguageModel.trigramHash(previous.0, previous.1, next)) { language, value in
                    trigrams[language] -= Float(value) / LanguageModel.trigramScale
                    named.insert(language)
                }
                for index in indices where !named.contains(index) { trigrams[index] += model.unseenTrigram[index] }
                previous = (previous.1, next)
            }
            let scores = indices.map { index -> Double in
                if model.scripts[index] != word.script { return -.infinity }
                if known[index] > 0 { return ln10 * (Double(known[index]) / 10 - 9) }
                return unseen + LanguageScorer.trigramWeight * Double(trigrams[index])
            }
            let best = scores.max()!
            for position in indices.indices { sums[position] += max(scores[position], best - LanguageScorer.clamp) - best }
        }
        return sums
    }

    @Test func theScorersSumsAreThoseOfScoringEveryWordAndTrigramPlainly() throws {
        let candidates = try Self.services.languages.candidates(Self.candidates)
        let model = try Self.services.languages.model(for: candidates)
        let indices = candidates.map { model.languages.firstIndex(of: $0.code)! }
        // Common and rare words, names, typos, words no list holds, words in two scripts, repeated words.
        let texts = [Self.english1, Self.german, Self.french, Self.russian, Self.ukrainian, Self.bulgarian,
                     "Zyxwvut Qwrtzp Hrmpfl ggggg Xylophonist Blatherskite Kvetching Schadenfreude Weltanschauung",
                     "Grüße aus Köln und Zürich: Straßenbahn, Ärger, Öffnungszeiten, Übermut; Вася Pupkin Mоscow",
                     [Self.english1, Self.english1, Self.german, Self.english2].joined(separator: " ")]
        for text in texts {
            var scorer = LanguageScorer(model: model, indices: indices, priors: [Double](repeating: 0, count: indices.count))
            let bytes = Array(text.utf8)
            // Twice: the second pass takes every word from the memo.
            for _ in 0..<2 {
                let evidence = scorer.evidence(bytes, range: 0..<bytes.count)
                #expect(evidence.scores == Self.plainScores(text, model: model, indices: indices), "\(text)")
            }
        }
    }

    @Test func partsOfARangeReadAheadScoreAsPartsScannedAlone() throws {
        let candidates = try Self.services.languages.candidates(Self.candidates)
        let model = try Self.services.languages.model(for: candidates)
        let indices = candidates.map { model.languages.firstIndex(of: $0.code)! }
        let priors = [Double](repeating: 0, count: indices.count)
        let text = [Self.english1, Self.german, "Grüße aus Köln: Straßenbahn, Ärger; Вася Pupkin Mоscow.", Self.english1]
            .joined(separator: " ")
        let bytes = Array(text.utf8)
        // Parts that end between words (as sentences do), and two that cut a word, which the kept words cannot serve.
        var cuts = [0]
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: " ") && offset % 3 == 0 { cuts.append(offset + 1) }
        let middle = try #require(text.utf8.firstIndex(of: UInt8(ascii: "K")).map { text.utf8.distance(from: text.utf8.startIndex, to: $0) + 1 })
        cuts.append(middle)
        cuts.append(bytes.count)
        cuts.sort()
        var ahead = LanguageScorer(model: model, indices: indices, priors: priors)
        var scanned = LanguageScorer(model: model, indices: indices, priors: priors)
        // Twice: the second time every word was met before.
        for _ in 0..<2 {
            ahead.readAhead(bytes, range: 0..<bytes.count)
            for (start, end) in zip(cuts, cuts.dropFirst()) where start < end {
                let kept = ahead.evidence(bytes, range: start..<end), alone = scanned.evidence(bytes, range: start..<end)
                #expect(kept.scores == alone.scores, "\(start)..<\(end)")
                #expect(kept.known == alone.known && kept.words == alone.words, "\(start)..<\(end)")
            }
        }
    }

    @Test func theLikeliestCandidateByTotalsIsTheFullRankingsFirstInTiesAndNearTiesToo() throws {
        let candidates = try Self.services.languages.candidates(Self.candidates)
        let model = try Self.services.languages.model(for: candidates)
        let indices = candidates.map { model.languages.firstIndex(of: $0.code)! }
        var generator = SystemRandomNumberGenerator()
        for priors in [[Double](repeating: 0, count: indices.count), indices.map { _ in Double.random(in: -2...2, using: &generator) }] {
            var scorer = LanguageScorer(model: model, indices: indices, priors: priors)
            var cases: [LanguageEvidence] = []
            for text in [Self.english1, Self.german, Self.french, Self.russian, Self.ukrainian, Self.bulgarian, "Haus house"] {
                let bytes = Array(text.utf8)
                cases.append(scorer.evidence(bytes, range: 0..<bytes.count))
            }
            for _ in 0..<2_000 {
                var evidence = LanguageEvidence(candidates: indices.count)
                evidence.words = 1
                // Near 0 a unit in the last place is far below what `exp` tells apart from 1: there probabilities tie.
                let top = Bool.random(using: &generator) ? Double.random(in: -80...0, using: &generator) : Double.random(in: -1e-3...0, using: &generator)
                for position in indices.indices {
                    // Exact ties, totals a few units in the last place apart, near ties, and clear gaps.
                    switch Int.random(in: 0..<4, using: &generator) {
                    case 0: evidence.scores[position] = top - priors[position]
                    case 1: evidence.scores[position] = (top + Double(Int.random(in: -3...3, using: &generator)) * top.ulp) - priors[position]
                    case 2: evidence.scores[position] = top - priors[position] - Double.random(in: 0...1e-5, using: &generator)
                    default: evidence.scores[position] = top - priors[position] - Double.random(in: 0...20, using: &generator)
                    }
                }
                cases.append(evidence)
            }
            for evidence in cases {
                #expect(scorer.best(evidence) == scorer.ranked(evidence)[0].candidate, "\(evidence.scores)")
            }
        }
    }

    @Test func listingsKeptForATextServeOnlyTheSameWords() throws {
        let model = try Self.services.languages.model(for: try Self.services.languages.candidates(Self.candidates))
        let store = WordListings()
        let text = ContentHash(Array("Ein Haus, a house.".utf8))
        let plain = { (words: [String]) in words.map { WordListings.listing($0, model: model) } }
        #expect(store.listings(["Haus", "house"], model: model, text: text) == plain(["Haus", "house"]))
        // The same text with other misspellings (a word learned since): looked up afresh, not the kept listings.
        #expect(store.listings(["maison", "Haus"], model: model, text: text) == plain(["maison", "Haus"]))
        #expect(store.listings(["maison", "Haus"], model: model, text: text) == plain(["maison", "Haus"]))
        #expect(store.listings(["Haus"], model: model, text: nil) == plain(["Haus"]))
    }

    @Test func keptItemsMoveWithTheirTextAndEmptyWhenFull() {
        let range = LanguageRange(range: UTF8Offset(10)..<UTF8Offset(25), language: "de_DE", confidence: 1,
                                  hypotheses: [LanguageHypothesis(language: "de_DE", confidence: 1)])
        let key = KeptByContent<LanguageRange>.Key(content: ContentHash(Array("Ein Absatz.".utf8)), settings: ContentHash([1]))
        let verdicts = KeptByContent<LanguageRange>(capacity: 8)
        verdicts.keep([range], key, startingAt: UTF8Offset(10))
        #expect(verdicts.items(key, startingAt: UTF8Offset(100))?.map(\.range) == [UTF8Offset(100)..<UTF8Offset(115)])
        #expect(verdicts.items(key, startingAt: UTF8Offset(100))?.first?.hypotheses == range.hypotheses)
        #expect(verdicts.items(.init(content: key.content, settings: ContentHash([2])), startingAt: UTF8Offset(0)) == nil)
        for index in 1..<verdicts.capacity {
            verdicts.keep([], .init(content: ContentHash([UInt8(index)]), settings: key.settings), startingAt: UTF8Offset(0))
        }
        #expect(verdicts.count == verdicts.capacity)
        verdicts.keep([], .init(content: ContentHash([0xFF, 0xFF, 0xFF]), settings: key.settings), startingAt: UTF8Offset(0))
        #expect(verdicts.count == 1)
        #expect(verdicts.items(key, startingAt: UTF8Offset(0)) == nil)
        let spans = KeptByContent<LanguageSpan>(capacity: 2)
        let text = KeptByContent<LanguageSpan>.Key(content: ContentHash(Array("Ein Text.".utf8)), settings: ContentHash([1]))
        spans.keep([LanguageSpan(range: UTF8Offset(10)..<UTF8Offset(19), language: "de_DE")], text, startingAt: UTF8Offset(10))
        #expect(spans.items(text, startingAt: UTF8Offset(0)) == [LanguageSpan(range: UTF8Offset(0)..<UTF8Offset(9), language: "de_DE")])
    }

    @Test func wordListingsKeepWhatTheModelSaysOfEachWord() throws {
        let languages = Self.services.languages
        let model = try languages.model(for: try languages.candidates(Self.candidates))
        let german = UInt8(try #require(model.languages.firstIndex(of: "de")))
        let words = ["nicht", "Wettr", "Рим", "H\u{435}llo", "nicht", "42"]
        let listings = WordListings()
        let first = listings.listings(words, model: model)
        #expect(first == words.map { WordListings.listing($0, model: model) })
        #expect(first[0].script == .latin && first[0].languages.contains(german))
        #expect(first[1].script == .latin && first[1].languages.isEmpty)
        #expect(first[2].script == .cyrillic && first[3].script == .mixed && first[5].script == .other)
        #expect(listings.count == 5)
        #expect(listings.listings(words.reversed(), model: model) == first.reversed())
        #expect(listings.count == 5)
    }

    @Test func aRecheckAnswersAsTheFirstCheckAndAChangedParagraphIsIdentifiedAgain() throws {
        // Texts no other test sends, so the first check of each finds nothing kept.
        let english = "The train from the Bahnhof was nicht crowded this morning, and the conductor smiled at every passenger."
        let german = "Der Zug aus dem Norden war heute morgen pünktlich, und die Schaffnerin grüßte jeden Fahrgast freundlich. Das Wettr war schön."
        let french = "Le train du matin était à l'heure, et le contrôleur saluait chaque voyageur avec le sourire. Le tmeps était beau."
        func check(_ text: String) throws -> [JSONValue] {
            let result = try #require(TestSupport.call(Self.dispatcher, "spell.check",
                                                       ["text": .string(text), "language": "auto",
                                                        "candidates": .array(Self.candidates.map { .string($0) })]).value)
            return result.objectValue?["misspellings"]?.arrayValue ?? []
        }
        func described(_ misspellings: [JSONValue]) -> [String] {
            misspellings.compactMap(\.objectValue).map { found in
                let alsoIn = found["alsoIn"]?.arrayValue?.compactMap(\.stringValue) ?? []
                return "\(found["word"]?.stringValue ?? "") \(found["language"]?.stringValue ?? "") \(alsoIn)"
            }
        }
        let first = try check([english, german].joined(separator: "\n\n"))
        #expect(described(first) == ["Bahnhof en_US [\"de_DE\"]", "nicht en_US [\"de_DE\"]", "Wettr de_DE []"])
        #expect(try check([english, german].joined(separator: "\n\n")) == first)
        // The German paragraph replaced by a French one: a new text, whose changed paragraph is checked in French.
        #expect(described(try check([english, french].joined(separator: "\n\n")))
                    == ["Bahnhof en_US [\"de_DE\"]", "nicht en_US [\"de_DE\"]", "tmeps fr_FR []"])
    }

    @Test func anUninstalledCandidateIsUnknownLanguageWithTheAvailableList() {
        let result = TestSupport.call(Self.dispatcher, "text.language", ["text": "hello", "candidates": ["en_US", "zz_ZZ"]])
        #expect(result.errorCode == -32001)
        if case .failure(let error) = result {
            let available = error.data?.objectValue?["available"]?.arrayValue?.compactMap(\.stringValue) ?? []
            #expect(available.contains("en_US") && available.contains("de_DE"))
        }
        #expect(TestSupport.call(Self.dispatcher, "text.language", ["text": "hello", "granularity": "word"]).errorCode == -32602)
        #expect(TestSupport.call(Self.dispatcher, "text.language", ["text": "hello", "hints": ["en_US": -1]]).errorCode == -32602)
        #expect(TestSupport.call(Self.dispatcher, "spell.check", ["text": "hello", "candidates": ["en_US"]]).errorCode == -32602)
    }

    @Test func textLanguageOnTheWireGivesRangesInTheClientsUnits() throws {
        let text = "Zürich ist schön. \n\nThe weather in Zurich is lovely today and the lake is calm."
        let result = try #require(TestSupport.call(Self.dispatcher, "text.language",
                                                   ["text": .string(text), "candidates": ["en_US", "de_DE"]]).value)
        let ranges = try #require(result.objectValue?["ranges"]?.arrayValue)
        #expect(ranges.compactMap { $0.objectValue?["language"]?.stringValue } == ["de_DE", "en_US"])
        // UTF-16 units: the first paragraph (through its first line break) ends at 19 (ü and ö are one unit each).
        #expect(ranges[0].objectValue?["range"]?.objectValue?["end"]?.intValue == 19)
    }

    @Test func autoCheckingUsesEachParagraphsDictionaryAndSaysAlsoIn() throws {
        let text = "We took the train from the Bahnhof and it was nicht very crowded today.\n\nDer Zug war pünktlich, aber die Fahrkarte war sehr teuer und das Wetter war schlecht."
        let result = try #require(TestSupport.call(Self.dispatcher, "spell.check",
                                                   ["text": .string(text), "language": "auto",
                                                    "candidates": .array(Self.candidates.map { .string($0) })]).value)
        let misspellings = (result.objectValue?["misspellings"]?.arrayValue ?? []).compactMap { $0.objectValue }
        let words = misspellings.compactMap { $0["word"]?.stringValue }
        #expect(words == ["Bahnhof", "nicht"])
        #expect(misspellings.allSatisfy { $0["language"]?.stringValue == "en_US" })
        #expect(misspellings.allSatisfy { $0["alsoIn"]?.arrayValue?.compactMap(\.stringValue) == ["de_DE"] })
        // The union accepts both German words in the English paragraph.
        let union = try #require(TestSupport.call(Self.dispatcher, "spell.check",
                                                  ["text": .string(text), "languages": ["en_US", "de_DE"]]).value)
        #expect(union.objectValue?["misspellings"]?.arrayValue?.isEmpty == true)
    }

    @Test func aRecheckedTextsAlsoInFollowsAWordLearnedSince() throws {
        let word = "Qwzlbrmfiks"
        let text = TextBuffer("We took the train from the Bahnhof to \(word) and it was very crowded today.\n\n"
            + "Der Zug war pünktlich, aber die Fahrkarte war sehr teuer und das Wetter war schlecht.")
        /// Each misspelled word with its `alsoIn`.
        func alsoIn() throws -> [String: [String]] {
            let found = try Self.services.languages.check(text, candidates: Self.candidates, documentId: nil).misspellings
            return Dictionary(found.map { ($0.misspelling.word, $0.alsoIn) }, uniquingKeysWith: { first, _ in first })
        }
        #expect(try alsoIn() == ["Bahnhof": ["de_DE"], word: []])
        #expect(try alsoIn() == ["Bahnhof": ["de_DE"], word: []])
        try Self.services.spelling.learn(word, language: "de_DE")
        defer { try? Self.services.spelling.unlearn(word, language: "de_DE") }
        // The same text, the same misspellings: the German dictionary now accepts the word, and says so.
        #expect(try alsoIn() == ["Bahnhof": ["de_DE"], word: ["de_DE"]])
    }

    @Test func autoCheckingFlagsAGermanTypoWithItsLanguageAndNoLatinAlsoInFromUkrainian() throws {
        let text = "Der Zug war pünktlich, aber die Fahrkarte war sehr teuer und das Wettr war schlecht."
        let result = try #require(TestSupport.call(Self.dispatcher, "spell.check",
                                                   ["text": .string(text), "language": "auto:de_DE,en_US,uk_UA", "guesses": 3]).value)
        let misspellings = (result.objectValue?["misspellings"]?.arrayValue ?? []).compactMap { $0.objectValue }
        #expect(misspellings.compactMap { $0["word"]?.stringValue } == ["Wettr"])
        #expect(misspellings.first?["language"]?.stringValue == "de_DE")
        #expect(misspellings.first?["alsoIn"] == nil)
        #expect(misspellings.first?["guesses"]?.arrayValue?.compactMap(\.stringValue).contains("Wetter") == true)
    }

    @Test func aShortParagraphStaysInTheTextsLanguageUnlessItsScriptDiffers() throws {
        // "Leitmotiv analysis" on its own suits German best, and "Рим" (Rome) is Cyrillic: short paragraphs in an English text.
        let text = [Self.english1, "Leitmotiv analysis", Self.english2, "Рим"].joined(separator: "\n\n")
        let candidates = JSONValue.array(["en_US", "de_DE", "ru_RU"])
        let detected = try #require(TestSupport.call(Self.dispatcher, "text.language",
                                                     ["text": .string(text), "candidates": candidates]).value)
        #expect(detected.objectValue?["ranges"]?.arrayValue?.compactMap { $0.objectValue?["language"]?.stringValue }
                    == ["en_US", "de_DE", "en_US", "ru_RU"])
        let checked = try #require(TestSupport.call(Self.dispatcher, "spell.check",
                                                    ["text": .string(text), "language": "auto", "candidates": candidates]).value)
        // Checked as German, "analysis" would be a misspelling; checked as English, nothing is. Рим stays Russian.
        #expect(checked.objectValue?["misspellings"]?.arrayValue?.isEmpty == true)
        let rim = (text as NSString).range(of: "Рим")
        let guessed = try #require(TestSupport.call(Self.dispatcher, "spell.guesses",
            ["text": .string(text), "range": ["start": .int(rim.location), "end": .int(rim.location + rim.length)],
             "language": "auto", "candidates": candidates]).value)
        #expect(guessed.objectValue?["language"]?.stringValue == "ru_RU")
    }

    @Test func optionLettersHashesAndContractionsLeaveEnglishTechnicalLinesInEnglish() throws {
        // Each line had ranges of its own in another language: the letters of options and hashes, and the parts of
        // contractions, counted for languages whose lists hold letters (French, German) and against English's.
        let lines = [
            "  -H, --highlight-line <N:M>",
            "          Highlight lines N through M.",
            " * We didn't URL decode \"file:///path/to/repo\" correctly when path/to/repo",
            "   had percent-encoded characters (638794c, 9d2e942, ce83eda, 3c73a1d).",
            " * Options that weren't given a value weren't accepted, and it's what we'll mend.",
        ]
        let text = [Self.english1, lines.joined(separator: "\n"), Self.english2].joined(separator: "\n\n")
        let candidates = JSONValue.array(["en_US", "de_DE", "fr_FR"])
        let checked = try #require(TestSupport.call(Self.dispatcher, "spell.check",
                                                    ["text": .string(text), "language": "auto", "candidates": candidates]).value)
        let languages = Set(checked.objectValue?["misspellings"]?.arrayValue?.compactMap {
            $0.objectValue?["language"]?.stringValue } ?? [])
        #expect(languages.subtracting(["en_US"]).isEmpty, "\(languages)")
        let detected = try #require(TestSupport.call(Self.dispatcher, "text.language",
                                                     ["text": .string("-H, --highlight"), "candidates": candidates]).value)
        #expect(detected.objectValue?["ranges"]?.arrayValue?.first?.objectValue?["language"]?.stringValue == "en_US")
    }

    @Test func checkingScoresOnlyTheTextsScriptsAndDecidesAsScoringEveryCandidate() throws {
        let languages = Self.services.languages
        let candidates = try languages.candidates(Self.candidates)
        let cyrillic = Set(["ru_RU", "uk_UA", "bg_BG"])
        let texts = [
            [Self.english1, Self.german, Self.english2, "Leitmotiv analysis"].joined(separator: "\n\n"),
            "The guide closed the book and looked at us. \"\(Self.french)\" Everyone nodded and walked back in silence.",
            [Self.english1, Self.russian, Self.ukrainian, "Рим", Self.bulgarian].joined(separator: "\n\n"),
        ]
        for (number, text) in texts.enumerated() {
            let buffer = TextBuffer(text)
            let checking = try languages.checkingRanges(buffer, range: buffer.fullRange, candidates: candidates)
            let every = try languages.identify(buffer, range: nil, among: candidates, hints: [:], granularity: .paragraph,
                                               maximum: 1, joiningLines: true)
            #expect(checking.map(\.range) == every.map(\.range))
            #expect(checking.map(\.language) == every.map(\.language))
            #expect(checking.map(\.words) == every.map(\.words))
            for (found, plain) in zip(checking, every) {
                for (index, candidate) in candidates.enumerated() {
                    let unscored = number < 2 && cyrillic.contains(candidate.tag)
                    #expect(found.scores[index] == (unscored ? -.infinity : plain.scores[index]), "\(candidate.tag)")
                    #expect(found.knownWords[index] == (unscored ? 0 : plain.knownWords[index]), "\(candidate.tag)")
                }
            }
        }
        let mixed = Array("Leitmotiv × Рим π".utf8)
        #expect(LanguageWordScanner.scripts(in: mixed, range: 0..<mixed.count)
                    == [LanguageScript.latin, .cyrillic, .greek].reduce(0) { $0 | 1 << UInt32($1.rawValue) })
        #expect(LanguageWordScanner.scripts(in: mixed, range: 0..<9) == 1 << UInt32(LanguageScript.latin.rawValue))
    }

    @Test func blocksTheDefaultDictionaryAcceptsWholeAreSettledUnscoredAndTheRestAreScored() throws {
        let languages = Self.services.languages
        let candidates = try languages.candidates(Self.candidates)
        let typo = "After the meeting, everyone went home erly last night because of the cold storm that was coming from the west."
        let typos = "After the meeting, everyone went home erly because of the strom that was coming from the west and north."
        let unknown = "The comittee met on Tuesdy to discuss the budgte for next year and the libary roof."
        let bahnhof = "We took the train from the Bahnhof and it was nicht very crowded today."
        let blocks = [Self.english1, Self.german, typo, typos, unknown, bahnhof, "Leitmotiv analysis",
                      "The ratio of a circle to its diameter is π, as every student knows."]
        let buffer = TextBuffer(blocks.joined(separator: "\n\n"))
        let reference = try #require(languages.referenceCheck(buffer, range: buffer.fullRange, candidates: candidates, documentId: nil))
        #expect(reference.settled.language == "en_US")
        let checking = try languages.checkingRanges(buffer, range: buffer.fullRange, candidates: candidates, settled: reference.settled)
        // Settled: the first paragraph; the next English one, whose one typo no list holds; and one with four such typos.
        // Not settled: the German paragraph; an English one of 19 words with a typo that is a German word (`strom`);
        // one with two German words; "Leitmotiv analysis" (two words); and a short paragraph with a Greek letter, which
        // English rejects. Each of those is scored as without settling.
        #expect(checking.map(\.settled) == [true, false, true, false, true, false, false, false])
        #expect(checking.map(\.language) == ["en_US", "de_DE", "en_US", "en_US", "en_US", "en_US", "de_DE", "en_US"])
        // An ASCII block of Latin words settles on its first words, which are all that is counted.
        #expect(checking[0].words == LanguageIdentifier.minimumSentenceWords && checking[0].scores.isEmpty)
        #expect(checking.filter { !$0.settled }.allSatisfy { $0.scores.count == candidates.count })
        // The check answers as checking each paragraph in its own language's dictionary.
        let checked = try languages.check(buffer, candidates: Self.candidates, documentId: nil)
        #expect(checked.misspellings.map(\.misspelling.word)
                    == ["erly", "erly", "strom", "comittee", "Tuesdy", "budgte", "libary", "Bahnhof", "nicht", "π"])
        #expect(checked.misspellings.allSatisfy { $0.language == "en_US" })
        #expect(checked.wordCount == reference.settled.wordCount)
        // A default language of another script settles no block of Latin words, even one its dictionary accepts
        // (Debian's Ukrainian dictionary accepts every Latin word).
        let ukrainian = SettledBlocks(language: "uk_UA", script: .cyrillic, misspellings: [], foreign: [], wordCount: 0)
        #expect(ukrainian.words(ofSettled: checking[0].range, in: buffer.bytes) == nil)
        #expect(reference.settled.words(ofSettled: checking[0].range, in: buffer.bytes) == LanguageIdentifier.minimumSentenceWords)
        // Latin letters beyond ASCII settle a block on its first words as ASCII does; one word of another script
        // (every word is then counted) leaves the block unsettled.
        let english = SettledBlocks(language: "en_US", script: .latin, misspellings: [], foreign: [], wordCount: 0)
        let accented = TextBuffer("The café on the corner serves crème brûlée every day.")
        #expect(english.words(ofSettled: accented.fullRange, in: accented.bytes) == LanguageIdentifier.minimumSentenceWords)
        let mixed = TextBuffer("The word мир means peace and world in Russian.")
        #expect(english.words(ofSettled: mixed.fullRange, in: mixed.bytes) == nil)
    }

    @Test func theDefaultLanguagesFirstVerdictsDecideWhetherItChecksTheWholeText() throws {
        let languages = Self.services.languages
        let candidates = try languages.candidates(Self.candidates)
        // A German text: English rejects its start, which is scored German, and German checks it, as German alone would.
        let german = TextBuffer(Array(repeating: Self.german + " Der Auschuss tagt.", count: 4).joined(separator: "\n\n"))
        let inGerman = try #require(languages.referenceCheck(german, range: german.fullRange, candidates: candidates, documentId: nil))
        #expect(inGerman.settled.language == "de_DE")
        let alone = try Self.services.spelling.checker(languages: ["de_DE"]).check(german)
        #expect(inGerman.settled.misspellings.map(\.word) == ["Auschuss", "Auschuss", "Auschuss", "Auschuss"])
        #expect(inGerman.settled.misspellings == alone.misspellings && inGerman.settled.wordCount == alone.wordCount)
        let checking = try languages.checkingRanges(german, range: german.fullRange, candidates: candidates, settled: inGerman.settled)
        #expect(checking.map(\.settled) == [true, true, true, true])
        // Without German among the candidates, no candidate accepts the start, and nothing is checked ahead.
        let others = try languages.candidates(["en_US", "fr_FR", "ru_RU"])
        #expect(languages.referenceCheck(german, range: german.fullRange, candidates: others, documentId: nil) == nil)
        // More misspellings than the first look stops at, spread thinly, and some of them parts of one token (a regular
        // expression's alternatives): the check is the whole text's, as one pass over it would find.
        let sentence = "The committee met on Tuesday to discuss the budget for next year and the new roof of the library."
        let alternatives = (0..<30).map { "qz" + String(repeating: "x", count: $0 % 5 + 1) + ["tics", "range", "data"][$0 % 3] }
        let typos = (0..<30).map { "Tuesdy\($0 % 2 == 0 ? "" : "s") wnet" }
        let paragraphs = Array(repeating: sentence, count: 6) + ["\\b(" + alternatives.joined(separator: "|") + ")\\b"]
            + typos.map { "\(sentence) \($0) \(sentence)" }
        let english = TextBuffer(paragraphs.joined(separator: "\n\n"))
        let reference = try #require(languages.referenceCheck(english, range: english.fullRange, candidates: candidates, documentId: nil))
        let whole = try Self.services.spelling.checker(languages: ["en_US"]).check(english)
        #expect(whole.misspellings.count == 90)
        #expect(reference.settled.misspellings == whole.misspellings)
        #expect(reference.settled.wordCount == whole.wordCount)
    }

    @Test func theFirstLanguagesCheckLeavesOutThePartsInAnotherLanguage() throws {
        let languages = Self.services.languages
        let candidates = try languages.candidates(Self.candidates)
        let germanPart = Array(repeating: Self.german + " Der Auschuss tagt.", count: 12).joined(separator: "\n\n")
        let englishPart = Array(repeating: Self.english1 + " We met on Tuesdy.", count: 60).joined(separator: "\n\n")
        let text = TextBuffer([germanPart, englishPart, germanPart, germanPart].joined(separator: "\n\n"))
        let reference = try #require(languages.referenceCheck(text, range: text.fullRange, candidates: candidates, documentId: nil))
        #expect(reference.settled.language == "de_DE")
        // German covers its start (2 KB to a blank line) and the German end, and leaves out the parts where the text is
        // English (each cut at a blank line, so a part may hold the edge of both languages).
        let englishStart = UTF8Offset(germanPart.utf8.count + 2), germanAgain = UTF8Offset(englishStart.rawValue + englishPart.utf8.count + 2)
        let parts = try #require(reference.settled.parts)
        #expect(parts.count == 2 && parts[0].lowerBound == text.fullRange.lowerBound && parts[1].upperBound == text.fullRange.upperBound)
        #expect(parts[0].upperBound.rawValue >= LanguageIdentification.referenceProbeBytes && parts[0].upperBound <= englishStart)
        #expect(parts[1].lowerBound >= germanAgain && parts[1].lowerBound.rawValue < germanAgain.rawValue + 5_000)
        #expect(reference.settled.misspellings.allSatisfy { $0.word == "Auschuss" })
        // The check answers as each language's part checked in its own language, and counts each word once.
        let checked = try languages.check(text, candidates: Self.candidates, documentId: nil)
        let german = try Self.services.spelling.checker(languages: ["de_DE"])
        let english = try Self.services.spelling.checker(languages: ["en_US"])
        let pieces = [german.check(text, range: text.fullRange.lowerBound..<englishStart), english.check(text, range: englishStart..<germanAgain),
                      german.check(text, range: germanAgain..<text.fullRange.upperBound)]
        #expect(checked.misspellings.map(\.misspelling) == pieces.flatMap(\.misspellings))
        #expect(checked.misspellings.map(\.language) == Array(repeating: "de_DE", count: 12) + Array(repeating: "en_US", count: 60)
                    + Array(repeating: "de_DE", count: 24))
        #expect(checked.wordCount == pieces.reduce(0) { $0 + $1.wordCount })
        // A block settles only inside a covered part.
        #expect(reference.settled.covers(text.fullRange.lowerBound..<UTF8Offset(100)))
        #expect(!reference.settled.covers(englishStart..<UTF8Offset(englishStart.rawValue + 100)))
        #expect(reference.settled.pieces(of: text.fullRange).map(\.covered) == [true, false, true])
    }

    @Test func aHardWrappedSentencesLastLineIsPartOfItsSentence() throws {
        // A French sentence whose last line names two English commands: read alone, that line is English.
        let french = "Si configurée à On, le programme d'historique tente de placer le curseur\n"
            + "au même endroit sur chaque ligne d'historique récupérée\n"
            + "avec previous-history ou next-history. Nous avons toujours aimé cette ville."
        let text = [Self.english1, french, Self.english2].joined(separator: "\n\n")
        let checked = try #require(TestSupport.call(Self.dispatcher, "spell.check",
                                                    ["text": .string(text), "language": "auto:en_US,fr_FR,de_DE"]).value)
        let flagged = checked.objectValue?["misspellings"]?.arrayValue ?? []
        #expect(!flagged.isEmpty)
        // `avec` and `ou` are French: they are never flagged; the English words are, in French.
        for misspelling in flagged {
            #expect(misspelling.objectValue?["language"]?.stringValue == "fr_FR", "\(misspelling.serialized)")
        }
        let buffer = TextBuffer(french)
        let sentences = try LanguageIdentifier.sentencesOfBlock(buffer, buffer.fullRange)
        #expect(sentences.map { String(decoding: buffer.bytes[$0.ints], as: UTF8.self) }
                    == [String(french.prefix(through: french.firstIndex(of: ".")!)) + " ", "Nous avons toujours aimé cette ville."])
    }

    @Test func aLineBrokenAtAHyphenOfAnyKindContinuesItsBlock() throws {
        for hyphen in ["-", "\u{2010}", "\u{00AD}"] {
            let text = "Recherche dans les nou\(hyphen)\nvelles pages de manuel.\nAutre chose.\n"
            let buffer = TextBuffer(text)
            let lines = try Tokenizer(granularity: .paragraph).tokens(in: buffer, range: buffer.fullRange).map(\.range)
            let blocks = LanguageIdentifier.blocks(of: lines, in: buffer.bytes)
            #expect(blocks.map { String(decoding: buffer.bytes[$0.ints], as: UTF8.self) }
                        == ["Recherche dans les nou\(hyphen)\nvelles pages de manuel.\n", "Autre chose.\n"])
        }
    }

    @Test func aHeadingOrAnOptionOverADeeperIndentedBodyIsABlockOfItsOwn() throws {
        // As `man` lays out a page: a heading at 3 columns and an option at 7 over bodies at 7 and 14 columns; a list
        // item's next line is aligned with its text, and a paragraph's lines with each other.
        let text = "   Hinweise zur Sicherheit\n       Linux supports the standard signals listed\n       below.\n"
            + "       -b, --number-nonblank\n\t      numéroter les lignes non vides.\n"
            + "- a list item that wraps\n  onto its next line\n"
        let buffer = TextBuffer(text)
        let lines = try Tokenizer(granularity: .paragraph).tokens(in: buffer, range: buffer.fullRange).map(\.range)
        let blocks = LanguageIdentifier.blocks(of: lines, in: buffer.bytes)
        #expect(blocks.map { String(decoding: buffer.bytes[$0.ints], as: UTF8.self) }
                    == ["   Hinweise zur Sicherheit\n", "       Linux supports the standard signals listed\n       below.\n",
                        "       -b, --number-nonblank\n", "\t      numéroter les lignes non vides.\n",
                        "- a list item that wraps\n  onto its next line\n"])
        // In a German text, the heading over an untranslated English paragraph is checked in German.
        let page = [Self.german, "   Hinweise zur Sicherheit\n       " + Self.english1, Self.german].joined(separator: "\n\n")
        let checked = try #require(TestSupport.call(Self.dispatcher, "spell.check",
                                                    ["text": .string(page), "language": "auto:de_DE,en_US,fr_FR"]).value)
        #expect(checked.objectValue?["misspellings"]?.arrayValue?.isEmpty == true, "\(checked.serialized)")
    }

    @Test func aShortLineOfCodeInAnotherScriptIsLeftToTheTextsMainLanguage() throws {
        // A compiler's command line in a Russian manual page suits some Latin language best, which flagged its words;
        // in the text's main language they are left alone by `check` (`WritingScripts`; the socket reports them as
        // Russian's verdict). An English sentence that is decided keeps its own language, and its typo is English's.
        let russian = Self.russian + " Потом мы вернулись домой и долго пили чай на кухне."
        let text = [russian, "       $ cc -g -fPIC -shared -Wl,-soname,libdemo.so.1 -o prog prog.c -ldemo", russian,
                    "When printing dates, use the format that your systme expects.", russian].joined(separator: "\n\n")
        let checked = try #require(TestSupport.call(Self.dispatcher, "spell.check",
                                                    ["text": .string(text), "language": "auto:ru_RU,uk_UA,en_US,de_DE,fr_FR"]).value)
        let flagged = (checked.objectValue?["misspellings"]?.arrayValue ?? []).compactMap { $0.objectValue }
        #expect(flagged.contains { $0["word"]?.stringValue == "systme" && $0["language"]?.stringValue == "en_US" })
        for misspelling in flagged where misspelling["word"]?.stringValue != "systme" {
            #expect(misspelling["language"]?.stringValue == "ru_RU", "\(misspelling)")
        }
    }

    @Test func aLineOfTheMainLanguageThatDoesNotLeadEnglishByTheMarginIsCheckedInTheMainLanguage() throws {
        // A French manual page's synopsis: French's list holds more of its words, but its lead over English is short of
        // the margin, so it was checked in English, the default language, and its French words were flagged.
        let french = Self.french + " Les enfants jouent dans le jardin pendant que les parents préparent le repas."
        let text = [french, "SYNOPSIS\n       debian/substvars, debian/paquet-binaire.substvars, variables", french]
            .joined(separator: "\n\n")
        let checked = try #require(TestSupport.call(Self.dispatcher, "spell.check",
                                                    ["text": .string(text), "language": "auto:fr_FR,en_US,de_DE"]).value)
        let flagged = (checked.objectValue?["misspellings"]?.arrayValue ?? []).compactMap { $0.objectValue }
        #expect(!flagged.contains { ["paquet", "binaire"].contains($0["word"]?.stringValue) }, "\(flagged)")
        for misspelling in flagged {
            #expect(misspelling["language"]?.stringValue == "fr_FR", "\(misspelling)")
        }
    }

    @Test func aShortBlockTakesTheLanguageOfTheDecidedRestOfItsParagraph() throws {
        // The Russian paragraph's last sentence starts on a line of its own, so it is a block of its own; with its
        // typos it is too short to be decided, and the text's main language (Ukrainian, the longer paragraph) must
        // not check it.
        let ukrainian = "Якщо із цією змінною не пов'язано значення, нарощувальний пошук можна буде перервати "
            + "натисканням клавіші або комбінації клавіш. Натискання комбінації клавіш призведе до переривання "
            + "нарощувального пошуку і відновлення початкового рядка. Ця змінна також впливає на інші команди "
            + "редагування рядка, і її значення можна змінити у файлі налаштувань."
        let russian = "Вместо шестнадцатеричного кода используются биты. При этом вместо обычного\n"
            + "представления используются наборы из восьми символов.\n"
            + "Каждая строка предваряется нмоером в шестнадцатеричном вдие, а\n"
            + "завершается символьным предсталвением (в виде ascii или ebcdic).\n"
        let text = ukrainian + "\n\n" + russian
        let checked = try #require(TestSupport.call(Self.dispatcher, "spell.check",
                                                    ["text": .string(text), "language": "auto:ru_RU,uk_UA,bg_BG,en_US"]).value)
        let flagged = checked.objectValue?["misspellings"]?.arrayValue ?? []
        let words = flagged.compactMap { $0.objectValue?["word"]?.stringValue }
        #expect(words.contains("нмоером"), "\(words)")
        for misspelling in flagged {
            #expect(misspelling.objectValue?["language"]?.stringValue == "ru_RU", "\(misspelling.serialized)")
        }
    }

    @Test func eachLineOfAHardWrappedParagraphIsCheckedInThatParagraphsLanguage() throws {
        // Wrapped as an editor wraps plain text: the French paragraph's last line, "amis et voisins.", is too short to
        // be judged alone, and checked in the text's English it would give two misspellings.
        let french = "Nous avons toujours aimé cette petite ville au bord de la mer, et nous la\n"
            + "visitons chaque été avec nos enfants, nos parents et quelques bons\namis et voisins."
        let text = [Self.english1, french, Self.english2].joined(separator: "\n\n")
        let checked = try #require(TestSupport.call(Self.dispatcher, "spell.check",
                                                    ["text": .string(text), "language": "auto:en_US,fr_FR,de_DE"]).value)
        #expect(checked.objectValue?["misspellings"]?.arrayValue?.isEmpty == true, "\(checked.serialized)")
        // A typo on that short line is flagged as French.
        let typo = text.replacingOccurrences(of: "voisins", with: "viosins")
        let flagged = try #require(TestSupport.call(Self.dispatcher, "spell.check",
                                                    ["text": .string(typo), "language": "auto:en_US,fr_FR,de_DE"]).value)
        let misspellings = (flagged.objectValue?["misspellings"]?.arrayValue ?? []).compactMap { $0.objectValue }
        #expect(misspellings.compactMap { $0["word"]?.stringValue } == ["viosins"])
        #expect(misspellings.first?["language"]?.stringValue == "fr_FR")
        // text.language still gives a range a line: a paragraph there is what ends at a line break.
        let detected = try #require(TestSupport.call(Self.dispatcher, "text.language",
                                                     ["text": .string(text), "candidates": ["en_US", "fr_FR", "de_DE"]]).value)
        #expect(detected.objectValue?["ranges"]?.arrayValue?.count == 5)
    }

    @Test func autoGuessesAndCompletionsUseTheLanguageAtTheRange() throws {
        let text = "The weather was fine and we walked along the river.\n\nDas Wettr war schön und wir sind am Fluss entlang gegangen."
        let start = (text as NSString).range(of: "Wettr")
        let guesses = try #require(TestSupport.call(Self.dispatcher, "spell.guesses",
            ["text": .string(text), "range": ["start": .int(start.location), "end": .int(start.location + start.length)],
             "language": "auto", "candidates": ["en_US", "de_DE"]]).value)
        #expect(guesses.objectValue?["language"]?.stringValue == "de_DE")
        #expect(guesses.objectValue?["guesses"]?.arrayValue?.first?.stringValue == "Wetter")
        let completions = try #require(TestSupport.call(Self.dispatcher, "spell.complete",
            ["prefix": "Fahrkar", "language": "auto", "candidates": ["en_US", "de_DE"]]).value)
        #expect(completions.objectValue?["language"]?.stringValue == "de_DE")
    }
}
