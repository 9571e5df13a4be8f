import Foundation
import Testing
@testable import TextServices
@testable import TextServicesTestSupport

/// The language model of every bundled word list, compiled once (as an install does) and mapped by any set of candidates.
struct SharedLanguageModelTests {
    private let scratch = TemporaryFolder("shared")

    /// A bundled folder with three small word lists, and services whose candidates read them.
    struct Setup {
        let bundled: String
        let system: String
        let cache: String
        let services: Services

        init(in scratch: TemporaryFolder) throws {
            bundled = scratch.folder("bundled")
            system = scratch.folder("system-compiled")
            cache = scratch.folder("user-cache")
            let lists = ["en": ["the", "of", "and", "world", "house", "water"],
                         "de": ["der", "die", "und", "welt", "haus", "wasser"],
                         "fr": ["le", "la", "et", "monde", "maison", "eau"]]
            for (code, words) in lists {
                let lines = words.enumerated().map { "\($1)\t\(String(format: "%.2f", 7.0 - Double($0) * 0.3))" }
                try (lines.joined(separator: "\n") + "\n").write(toFile: "\(bundled)/\(code).freq", atomically: true, encoding: .utf8)
            }
            var configuration = TestSupport.configuration(dataHome: scratch.folder("data"))
            configuration.bundledDictionaries = bundled
            configuration.systemCompiledDictionaries = [system]
            configuration.compiledDictionaries = cache
            services = Services(configuration: configuration)
        }

        func candidates(_ codes: [String]) -> [LanguageCandidate] {
            codes.map { LanguageCandidate(tag: $0, code: $0, frequencyPath: "\(bundled)/\($0).freq") }
        }

        func models(in folder: String) -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".tsvlang") }
        }
    }

    @Test func candidatesAmongTheBundledListsMapTheCompiledSharedModelAndBuildNone() throws {
        let setup = try Setup(in: scratch)
        let (compiled, built) = try LanguageModel.compileShared(listsIn: setup.bundled, into: setup.system)
        #expect(built && compiled.languages == ["de", "en", "fr"])
        #expect(try LanguageModel.compileShared(listsIn: setup.bundled, into: setup.system).built == false)

        let model = try setup.services.languages.model(for: setup.candidates(["en", "de"]))
        #expect(model.path == compiled.path)
        #expect(setup.models(in: setup.cache).isEmpty)
    }

    @Test func aChangedWordListMakesTheSharedModelStaleAndTheCandidatesGetTheirOwn() throws {
        let setup = try Setup(in: scratch)
        let compiled = try LanguageModel.compileShared(listsIn: setup.bundled, into: setup.system).model
        try "der\t7.00\nwelt\t6.00\nneu\t5.00\n".write(toFile: "\(setup.bundled)/de.freq", atomically: true, encoding: .utf8)
        let model = try setup.services.languages.model(for: setup.candidates(["en", "de"]))
        #expect(model.path != compiled.path)
        #expect(model.languages == ["de", "en"])
        #expect(setup.models(in: setup.cache).count == 1)
    }

    @Test func aCandidateWhoseListIsNotBundledGetsAModelOfItsOwn() throws {
        let setup = try Setup(in: scratch)
        let compiled = try LanguageModel.compileShared(listsIn: setup.bundled, into: setup.system).model
        let elsewhere = scratch.folder("own-lists")
        try "hej\t7.00\nvärld\t6.00\n".write(toFile: elsewhere + "/sv.freq", atomically: true, encoding: .utf8)
        let candidates = setup.candidates(["en"]) + [LanguageCandidate(tag: "sv", code: "sv", frequencyPath: elsewhere + "/sv.freq")]
        let model = try setup.services.languages.model(for: candidates)
        #expect(model.path != compiled.path && model.languages == ["en", "sv"])
    }

    @Test func aFolderWithoutWordListsIsAnErrorThatNamesIt() {
        let empty = scratch.folder("no-lists")
        #expect {
            try LanguageModel.compileShared(listsIn: empty, into: scratch.folder("out"))
        } throws: { error in
            (error as? LanguageModelFailure)?.message.contains(empty) == true
        }
    }

    @Test func theModelsKeyIsTheHashOfEachSourcesCodePathAndIdentityAndTheListsAreTheFreqFilesOnly() throws {
        let setup = try Setup(in: scratch)
        try "not a list".write(toFile: "\(setup.bundled)/en_US.dic", atomically: true, encoding: .utf8)
        try "not a list".write(toFile: "\(setup.bundled)/notes.freq.txt", atomically: true, encoding: .utf8)
        // A modification time before 1970 writes a minus sign.
        var times = [timespec(tv_sec: -1_000_000_000, tv_nsec: 250_000_000), timespec(tv_sec: -1_000_000_000, tv_nsec: 250_000_000)]
        #expect(utimensat(AT_FDCWD, "\(setup.bundled)/fr.freq", &times, 0) == 0)
        let sources = LanguageModel.sources(inFolder: setup.bundled)
        #expect(sources.map(\.code) == ["de", "en", "fr"])
        #expect(FileIdentity.of("\(setup.bundled)/fr.freq").map { $0.modified < 0 } == true)
        let missing = LanguageModel.Source(code: "xx", frequencyPath: "\(setup.bundled)/xx.freq")
        var described = "format \(LanguageModel.format)\n"
        for source in sources + [missing] {
            let identity = FileIdentity.of(source.frequencyPath).map(\.description) ?? "missing"
            described += "\(source.code)\t\(source.frequencyPath)\t\(identity)\n"
        }
        #expect(LanguageModel.key(of: sources + [missing]) == ContentHash(Array(described.utf8)))
    }
}
