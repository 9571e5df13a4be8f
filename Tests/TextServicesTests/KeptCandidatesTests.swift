import Foundation
import Testing
@testable import TextServices
@testable import TextServicesTestSupport

/// The default candidates, kept in the cache folder from one process to the next (`KeptCandidates`).
@Suite struct KeptCandidatesTests {
    let scratch = TemporaryFolder("kept-candidates")

    /// A search path of one folder holding a dictionary with word frequencies for each of `tags`, and a cache folder.
    func sandbox(_ tags: [String]) throws -> (configuration: Configuration, folder: String) {
        let folder = scratch.folder("dictionaries")
        for tag in tags { try Self.addDictionary(tag, to: folder) }
        var configuration = Configuration(dictionaryPaths: [folder], dataHome: scratch.folder("data"),
                                          bundledDictionaries: nil, systemDictionaryPaths: [], defaultLanguage: tags[0])
        configuration.compiledDictionaries = scratch.folder("cache")
        try Self.makeOld(folder)
        return (configuration, folder)
    }

    static func addDictionary(_ tag: String, to folder: String) throws {
        try "SET UTF-8\n".write(toFile: "\(folder)/\(tag).aff", atomically: true, encoding: .utf8)
        try "2\nkato\nhundo\n".write(toFile: "\(folder)/\(tag).dic", atomically: true, encoding: .utf8)
        try "kato\t4.2\nhundo\t3.9\n".write(toFile: "\(folder)/\(tag).freq", atomically: true, encoding: .utf8)
    }

    /// Sets `folder`'s modification time two minutes back, as a folder no one has just changed.
    static func makeOld(_ folder: String) throws {
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -120)], ofItemAtPath: folder)
    }

    /// The default candidates' tags as a fresh process finds them.
    static func freshTags(_ configuration: Configuration) -> [String] {
        Services(configuration: configuration).languages.defaultCandidates().map(\.tag)
    }

    static func keptFile(_ configuration: Configuration) throws -> String {
        let cache = try #require(configuration.compiledDictionaries)
        let names = try FileManager.default.contentsOfDirectory(atPath: cache).filter { $0.hasPrefix("candidates-") }
        #expect(names.count == 1)
        return cache + "/" + (try #require(names.first))
    }

    @Test func theNextProcessTakesTheKeptCandidatesUntilAFolderOfTheSearchPathChanges() throws {
        let (configuration, folder) = try sandbox(["eo", "io"])
        #expect(Self.freshTags(configuration) == ["eo", "io"])
        let kept = try Self.keptFile(configuration)
        // A kept list without `io`, under the same stamps: the next process answers from it, without listing the folder.
        let text = try String(contentsOfFile: kept, encoding: .utf8)
        try text.split(separator: "\n").filter { !$0.hasPrefix("io\t") }.map { $0 + "\n" }.joined()
            .write(toFile: kept, atomically: true, encoding: .utf8)
        #expect(Self.freshTags(configuration) == ["eo"])
        // A dictionary added to the folder changes its stamp: the candidates are found again.
        try Self.addDictionary("ia", to: folder)
        #expect(Self.freshTags(configuration) == ["eo", "ia", "io"])
        // The folder was changed a moment ago, so what was found is not kept (the stale list stays, and is not used).
        #expect(try String(contentsOfFile: kept, encoding: .utf8) == text.split(separator: "\n").filter { !$0.hasPrefix("io\t") }
                    .map { $0 + "\n" }.joined())
        #expect(Self.freshTags(configuration) == ["eo", "ia", "io"])
        // Once the folder is old, the next process keeps them.
        try Self.makeOld(folder)
        #expect(Self.freshTags(configuration) == ["eo", "ia", "io"])
        #expect(try String(contentsOfFile: kept, encoding: .utf8).contains("\nia\tuser\t\(folder)/ia\t\(folder)/ia.freq\n"))
    }

    @Test func aMalformedOrForeignKeptFileIsFoundAgainAndRewritten() throws {
        let (configuration, folder) = try sandbox(["eo"])
        #expect(Self.freshTags(configuration) == ["eo"])
        let kept = try Self.keptFile(configuration)
        let good = try String(contentsOfFile: kept, encoding: .utf8)
        let stamps = good.split(separator: "\n").prefix(3).joined(separator: "\n")
        for bad in ["", "garbage\n", "\u{FF}\u{FE}", stamps + "\neo\tnowhere\t\(folder)/eo\t\(folder)/eo.freq\n",
                    stamps + "\nxx\tuser\t\(folder)/eo\t\(folder)/eo.freq\n", stamps + "\neo\tuser\n"] {
            try bad.write(toFile: kept, atomically: true, encoding: .utf8)
            #expect(Self.freshTags(configuration) == ["eo"], "kept file: \(bad.debugDescription)")
            #expect(try String(contentsOfFile: kept, encoding: .utf8) == good)
        }
    }

    @Test func candidatesAreKeptOnlyForFoldersUnchangedForTwoSecondsAndPathsWithoutLineBreaks() throws {
        let (configuration, folder) = try sandbox(["eo"])
        let old = KeptCandidates.stamps([folder, folder + "/missing"])
        let now = Date().timeIntervalSince1970
        #expect(KeptCandidates.canKeep([folder, folder + "/missing"], stamps: old, now: now))
        try Self.addDictionary("io", to: folder)
        #expect(!KeptCandidates.canKeep([folder], stamps: KeptCandidates.stamps([folder]), now: now))
        #expect(!KeptCandidates.canKeep(["/tmp/a\nb"], stamps: [nil], now: now))
        _ = Self.freshTags(configuration)
        let cache = try #require(configuration.compiledDictionaries)
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache).allSatisfy { !$0.hasPrefix("candidates-") })
    }
}
