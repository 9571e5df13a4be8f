import Foundation
import Synchronization
import Testing
@testable import TextServices
@testable import TextServicesTestSupport

/// The compiler reads each dictionary file once, builds one case inference, and verifies a large one on one handle.
@Suite struct CompileSharedFilesTests {
    /// A suite dictionary's .aff bytes, parsed .aff and decoded .dic, as the compiler shares them.
    private static func shared(_ info: DictionaryInfo) -> (bytes: [UInt8], affixes: AffixFile, text: String)? {
        guard let data = FileManager.default.contents(atPath: info.affixPath) else { return nil }
        let bytes = [UInt8](data), affixes = AffixFile(bytes: bytes)
        guard let text = WordFormExpander.dictionaryText(path: info.wordsPath, charset: affixes.charset) else { return nil }
        return (bytes, affixes, text)
    }

    @Test func theInferenceFromSharedFilesIsTheInferenceFromTheirPaths() {
        var compared = 0, forbidding = 0
        for name in HunspellSuite.names {
            let info = DictionaryInfo(tag: LanguageTag("xx")!, source: .user, path: HunspellSuite.folder + "/" + name)
            guard let (bytes, affixes, text) = Self.shared(info) else { continue }
            let fromPaths = CaseInference(affixPath: info.affixPath, wordsPath: info.wordsPath)
            let fromShared = CaseInference(affixBytes: bytes, affixes: affixes, wordsText: text)
            #expect(fromShared.isEnabled == fromPaths.isEnabled, "\(name)")
            #expect(fromShared.forbiddenSpellings == fromPaths.forbiddenSpellings, "\(name)")
            #expect(fromShared.hiddenCapitalised == fromPaths.hiddenCapitalised, "\(name)")
            #expect(fromShared.witnesses == fromPaths.witnesses, "\(name)")
            // The .aff alone decides unless FORBIDDENWORD leaves it to the .dic, and then it agrees.
            if let decided = CaseInference.decidedByAffixes(bytes) {
                #expect(decided == CaseInference.infersCase(affixPath: info.affixPath, wordsPath: info.wordsPath), "\(name)")
            } else {
                forbidding += 1
            }
            compared += 1
        }
        #expect(compared > 50, "only \(compared) suite dictionaries read")
        #expect(forbidding > 0, "no suite dictionary left the decision to its .dic")
    }

    @Test func formsFromSharedFilesAreTheFormsFromTheirPathsAndAskTheInferenceOnce() throws {
        var compared = 0
        for name in HunspellSuite.names {
            let info = DictionaryInfo(tag: LanguageTag("xx")!, source: .user, path: HunspellSuite.folder + "/" + name)
            guard let (bytes, affixes, text) = Self.shared(info) else { continue }
            // A small budget, so that dictionaries that do not infer case are cut to their stems' first forms.
            for budget in [FormBudget.askedForms, 20] {
                let fromPaths = WordFormExpander.formList(of: info, maximumForms: .max, askedFormBudget: budget)
                var asked = 0
                let fromShared = WordFormExpander.formList(affixes: affixes, dictionaryText: text, maximumForms: .max,
                                                           layerLimit: WordFormExpander.compiledLayerLimit, askedFormBudget: budget) {
                    asked += 1
                    return CaseInference.decidedByAffixes(bytes)
                        ?? CaseInference(affixBytes: bytes, affixes: affixes, wordsText: text).isEnabled
                }
                #expect(asked == 1, "\(name)")
                #expect(fromShared.forms == fromPaths.forms, "\(name), budget \(budget)")
            }
            compared += 1
        }
        #expect(compared > 50, "only \(compared) suite dictionaries expanded")
    }

    @Test func verifyingOnOneHandleGivesTheFlagsVerifyingOnEveryCoreGives() throws {
        var compared = 0
        for name in HunspellSuite.names {
            let info = DictionaryInfo(tag: LanguageTag("xx")!, source: .user, path: HunspellSuite.folder + "/" + name)
            let forms = WordFormExpander.formList(of: info, maximumForms: .max)
            guard forms.count > 0, let engine = try? HunspellEngine(info: info, handles: 2) else { continue }
            let cases = CaseInference(affixPath: info.affixPath, wordsPath: info.wordsPath)
            let everyCore = DictionaryCompiler.verifiedFlags(forms, engine: engine, cases: cases) { _ in }
            let oneHandle = DictionaryCompiler.verifiedFlags(forms, engine: engine, cases: cases, oneHandle: true) { _ in }
            #expect(oneHandle.unique == everyCore.unique, "\(name)")
            #expect(oneHandle.flags == everyCore.flags, "\(name)")
            compared += 1
        }
        #expect(compared > 50, "only \(compared) suite dictionaries verified")
    }

    @Test func verifyingOnOneHandleReportsProgressToTheEnd() throws {
        let info = try repositoryEnglishInfo()
        let forms = WordFormExpander.formList(of: info)
        let engine = try HunspellEngine(info: info, handles: 2)
        let last = Mutex<Double>(0)
        let verified = DictionaryCompiler.verifiedFlags(forms, engine: engine, cases: CaseInference(affixPath: info.affixPath),
                                                        oneHandle: true) { fraction in last.withLock { $0 = max($0, fraction) } }
        #expect(verified.flags.count == verified.unique.count)
        #expect(verified.flags.count > 100_000)
        #expect(last.withLock { $0 } == 1)
    }

    @Test func onlyTheLargestFilesThatInferCaseAreVerifiedOnOneHandle() throws {
        let info = try repositoryEnglishInfo()
        #expect(DictionaryCompiler.sourceBytes(info) > 0)
        #expect(DictionaryCompiler.sourceBytes(info) < DictionaryCompiler.oneHandleBytes)
        let missing = DictionaryInfo(tag: LanguageTag("xx")!, source: .user, path: "/nonexistent/xx")
        #expect(DictionaryCompiler.sourceBytes(missing) == 0)
    }

    @Test func aDictionaryWhoseAffixFileIsLargeBesideItsFormsIsVerifiedOnOneHandle() throws {
        // Hungarian's, Galician's and Basque's measured .aff, .aff + .dic and forms (docs/benchmarks.md).
        #expect(DictionaryCompiler.verifiesOnOneHandle(inferringCase: false, sourceBytes: 3_759_369, affixBytes: 2_106_214,
                                                       forms: 284_394))
        #expect(!DictionaryCompiler.verifiesOnOneHandle(inferringCase: true, sourceBytes: 9_488_803, affixBytes: 1_163_541,
                                                        forms: 794_710))
        #expect(!DictionaryCompiler.verifiesOnOneHandle(inferringCase: false, sourceBytes: 5_032_811, affixBytes: 2_729_393,
                                                        forms: 4_443_343))
        // The repository's English: a small .aff beside its forms, two handles.
        let info = try repositoryEnglishInfo()
        let forms = WordFormExpander.formList(of: info).count
        #expect(!DictionaryCompiler.verifiesOnOneHandle(inferringCase: true, sourceBytes: DictionaryCompiler.sourceBytes(info),
                                                        affixBytes: DictionaryCompiler.fileBytes(info.affixPath), forms: forms))
        // The line itself: 4 bytes of .aff per form.
        #expect(DictionaryCompiler.verifiesOnOneHandle(inferringCase: false, sourceBytes: 5_000_000, affixBytes: 4_000_000,
                                                       forms: 1_000_000))
        #expect(!DictionaryCompiler.verifiesOnOneHandle(inferringCase: false, sourceBytes: 5_000_000, affixBytes: 3_999_999,
                                                        forms: 1_000_000))
    }

    @Test func aCharactersBytesCompareAsEqualityWithThatCharacterDoes() {
        let characters: [Character] = [" ", "\t", "/", "\\", "0", "Y", "#", "a", "é", "e\u{301}", " \u{301}", "/\u{301}",
                                        "\u{1100}\u{1161}\u{11A8}", "가", "\u{00A0}", "\u{3000}", "\r\n", "\n", "ж", "\u{212A}"]
        for byte: UInt8 in [0x20, 0x09, 0x2F, 0x5C, 0x30, 0x59, 0x23, 0x0A, 0x0D, 0x4B] {
            let ascii = Character(Unicode.Scalar(byte))
            for character in characters {
                // The Kelvin sign equals `K` canonically: the one pair here where bytes and `==` differ.
                if character == "\u{212A}", byte == 0x4B { #expect(!character.isASCIIByte(byte)); continue }
                #expect(character.isASCIIByte(byte) == (character == ascii), "\(character.unicodeScalars.map(\.value)) \(byte)")
            }
        }
    }

    @Test func aStemWithSpacesOrNoLetterAtAnEndIsStillTrimmed() {
        #expect(WordFormExpander.splitEntry("\u{00A0}ház/S")?.0 == "ház")
        #expect(WordFormExpander.splitEntry(" alma")?.0 == "alma")
        #expect(WordFormExpander.splitEntry("út\u{3000}/S")?.0 == "út")
        #expect(WordFormExpander.splitEntry("дүнхүү/A33A!!")?.0 == "дүнхүү")
        #expect(WordFormExpander.splitEntry("дүнхүү/A33A!!")?.1 == "A33A!!")
        #expect(WordFormExpander.splitEntry("1/2\\/3")?.0 == "1")
        #expect(WordFormExpander.splitEntry("a\\/b/X")?.0 == "a/b")
        #expect(WordFormExpander.splitEntry("\u{00A0}") == nil)
    }
}
