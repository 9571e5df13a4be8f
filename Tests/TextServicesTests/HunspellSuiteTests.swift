import Foundation
import Synchronization
import Testing
@testable import TextServices
@testable import TextServicesTestSupport

/// Hunspell's own regression suite (`Fixtures/hunspell`, see its README) as the gate for compiled dictionaries.
///
/// Every test dictionary is compiled and loaded through `SpellDictionary`;
/// its verdict on every `.good` and `.wrong` word (and their capitalised and
/// all-capital spellings) must be libhunspell's own verdict through the C API
/// on the same bytes. Documented skips: the two dictionaries that crash
/// libhunspell 1.7.1 itself (`crashLibhunspell171`), words the dictionary's charset cannot
/// decode (textsvcd takes Swift strings), and words with a typographic
/// apostrophe that Hunspell rejects but accepts with an ASCII one (textsvcd
/// treats the two alike on purpose, docs/spelling.md rule 5).
enum HunspellSuite {
    static var folder: String { TestSupport.hunspellSuite }

    /// Regression tests for crashes fixed after libhunspell 1.7.1: loading them crashes 1.7.1 itself (no word lists).
    static let crashLibhunspell171: Set<String> = ["gh1018", "ofz51432"]

    static var names: [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return files.filter { $0.hasSuffix(".dic") }.map { String($0.dropLast(4)) }
            .filter { files.contains($0 + ".aff") && !crashLibhunspell171.contains($0) }.sorted()
    }

    struct Outcome: Sendable {
        var name: String
        var expanded = 0
        var accepted = 0
        var checked = 0
        /// Verdicts the compiled form decided (the rest went to Hunspell).
        var compiledHits = 0
        /// Verdicts the compiled form proved wrong (`RejectIndex`).
        var compiledRejects = 0
        var skipped = 0
        var disagreements: [String] = []
    }

    /// The lines of a word list as raw bytes (in the dictionary's charset).
    static func words(_ path: String) -> [[UInt8]] { TestSupport.wordList(path) }

    /// Where the suite compiles its dictionaries, shared by its test cases.
    static let cache = TestSupport.temporaryFolder("suite")

    /// Outcomes already computed, so the summary does not run a dictionary its own test case ran.
    private static let outcomes = Mutex<[String: Outcome]>([:])

    /// The outcome of one dictionary, computed once per run.
    static func outcome(_ name: String) throws -> Outcome {
        if let known = outcomes.withLock({ $0[name] }) { return known }
        let outcome = try run(name, cache: cache)
        outcomes.withLock { $0[name] = outcome }
        return outcome
    }

    static func run(_ name: String, cache: String) throws -> Outcome {
        var outcome = Outcome(name: name)
        let info = DictionaryInfo(tag: LanguageTag("xx")!, source: .user, path: folder + "/" + name)
        let compiler = DictionaryCompiler(folder: cache)
        let report = try compiler.compile(info)
        outcome.expanded = report.expandedForms
        outcome.accepted = report.acceptedForms
        let compiled = try #require(compiler.open(info), "\(name): compiled form did not open")
        let dictionary = try SpellDictionary(info: info, handles: 1, compiled: compiled)
        let reference = HunspellHandle(affixPath: info.affixPath, wordsPath: info.wordsPath)
        let charset = reference.encoding
        let converter = HunspellEngine.isUTF8(charset) ? nil : try? CharsetConverter(charset: charset)
        func decode(_ bytes: [UInt8]) -> String? {
            if let converter { return converter.decode(bytes) }
            return UTF8Validation.firstInvalidOffset(in: bytes) == nil ? String(decoding: bytes, as: UTF8.self) : nil
        }
        func encode(_ word: String) -> [UInt8]? {
            if let converter { return converter.encode(word) }
            return Array(word.utf8)
        }
        var seen = Set<[UInt8]>()
        for file in [".good", ".wrong"] {
            for raw in words(folder + "/" + name + file) {
                guard let word = decode(raw) else {
                    outcome.skipped += 1
                    continue
                }
                for variant in [word, CaseVariants.capitalised(word), CaseVariants.upper(word)] {
                    guard let bytes = encode(variant), seen.insert(bytes).inserted else { continue }
                    let expected = reference.spell(bytes)
                    let verdict = dictionary.accepts(variant)
                    outcome.checked += 1
                    if compiled.accepted.accepts(variant) { outcome.compiledHits += 1 }
                    if compiled.rejects.rejects(variant) {
                        outcome.compiledRejects += 1
                        // A proof of "wrong" that Hunspell contradicts is a disagreement even if the other path agreed.
                        if expected { outcome.disagreements.append("\(variant) (hunspell accepts it, proven wrong)") }
                    }
                    if verdict != expected {
                        if verdict, variant.contains("\u{2019}"),
                           let ascii = encode(variant.replacing("\u{2019}", with: "'")), reference.spell(ascii) {
                            outcome.skipped += 1
                            continue
                        }
                        outcome.disagreements.append("\(variant) (hunspell \(expected), textsvcd \(verdict))")
                    }
                }
            }
        }
        return outcome
    }
}

/// Hunspell's regression suite, one test case per dictionary, so a failure names it.
@Suite(.slow) struct HunspellSuiteTests {
    @Test(arguments: HunspellSuite.names)
    func compiledDictionaryAgreesWithHunspell(_ name: String) throws {
        let outcome = try HunspellSuite.outcome(name)
        #expect(outcome.disagreements.isEmpty, "\(name): \(outcome.disagreements.prefix(20))")
    }

    /// The suite as a whole: every dictionary is there, and the compiled forms decide many verdicts themselves.
    @Test func theCompiledFormsDecideManyOfTheSuitesVerdicts() throws {
        let names = HunspellSuite.names
        #expect(names.count > 150)
        let outcomes = try names.map { try HunspellSuite.outcome($0) }
        var summary = "Hunspell suite: \(names.count) dictionaries, "
        let hits = outcomes.reduce(0) { $0 + $1.compiledHits }
        let rejects = outcomes.reduce(0) { $0 + $1.compiledRejects }
        summary += "\(outcomes.reduce(0) { $0 + $1.checked }) words checked (\(hits) accepted and \(rejects) proven wrong by compiled forms), "
        summary += "\(outcomes.reduce(0) { $0 + $1.skipped }) skipped, "
        summary += "\(outcomes.reduce(0) { $0 + $1.disagreements.count }) disagreements\n"
        for outcome in outcomes {
            summary += "  \(outcome.name): \(outcome.accepted) of \(outcome.expanded) forms accepted, \(outcome.checked) checked, \(outcome.compiledHits) accepted and \(outcome.compiledRejects) proven wrong by compiled form, \(outcome.skipped) skipped\n"
        }
        if let report = ProcessInfo.processInfo.environment["TEXTSVCD_SUITE_REPORT"] {
            try summary.write(toFile: report, atomically: true, encoding: .utf8)
        }
        #expect(outcomes.reduce(0) { $0 + $1.checked } > 2000)
        #expect(hits > 500, "the compiled forms decided only \(hits) verdicts")
        #expect(rejects > 300, "the compiled forms proved only \(rejects) words wrong")
    }
}
