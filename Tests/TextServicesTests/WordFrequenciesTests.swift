import Foundation
import Testing
@testable import TextServices
@testable import TextServicesTestSupport

@Suite struct WordFrequenciesTests {
    private let scratch = TemporaryFolder("word")

    func load(_ text: String) throws -> WordFrequencies? {
        let path = scratch.folder("freq") + "/xx.freq"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return WordFrequencies.load(path: path)
    }

    @Test func readsOneValuePerLine() throws {
        let frequencies = try #require(try load("# comment\nthe\t7.73\nStraße\t5.3\n"))
        #expect(frequencies.count == 2)
        #expect(frequencies.zipf("the") == 7.7)
        #expect(frequencies.zipf("straße") == 5.3)
    }

    @Test func aTabLineGivesItsValueToTheWordsAfterIt() throws {
        let frequencies = try #require(try load("# de\norphan\n\t7.5\nder\ndie\r\n\t7.4\nund\nmit\t6.9\nbei\n"))
        #expect(frequencies.zipf("der") == 7.5)
        #expect(frequencies.zipf("die") == 7.5)
        #expect(frequencies.zipf("und") == 7.4)
        #expect(frequencies.zipf("mit") == 6.9)
        // An explicit value on one line does not end the run.
        #expect(frequencies.zipf("bei") == 7.4)
        // A word before any value line has no frequency.
        #expect(frequencies.zipf("orphan") == nil)
        #expect(frequencies.count == 5)
    }

    @Test func everyBundledListLoads() throws {
        let folder = TestSupport.bundledDictionaries
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".freq") }
        #expect(files.contains("en.freq"))
        for file in files {
            let frequencies = try #require(WordFrequencies.load(path: folder + "/" + file), "\(file)")
            #expect(frequencies.count > 1000, "\(file)")
        }
    }

    @Test func locatingWithFolderListingsFindsTheSamePathsAsLookingForEach() throws {
        let first = scratch.folder("freq-listed"), second = scratch.folder("freq-listed")
        for path in [first + "/de.freq", second + "/de_AT.freq", second + "/fr.freq"] {
            try Data("der\t7.5\n".utf8).write(to: URL(fileURLWithPath: path))
        }
        let folders = [first + "/missing", first + "/de.freq", first, second]
        var listings: [String: Set<String>?] = [:]
        for raw in ["de_DE", "de_AT", "fr_FR", "fr", "en_US", "pt_BR"] {
            let tag = try #require(LanguageTag(raw))
            let plain = WordFrequencies.locate(tag, folders: folders)
            #expect(WordFrequencies.locate(tag, folders: folders, listings: &listings) == plain, "\(raw)")
        }
        #expect(WordFrequencies.locate(try #require(LanguageTag("de_AT")), folders: folders, listings: &listings) == second + "/de_AT.freq")
        #expect(listings.count == 4)
        // A folder that does not exist, or a file in its place, holds nothing: no path in it is tried.
        #expect(listings[first + "/missing"] == .some([]))
        #expect(listings[first + "/de.freq"] == .some([]))
    }
}
