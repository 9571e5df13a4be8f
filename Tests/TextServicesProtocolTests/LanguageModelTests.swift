import Foundation
import Testing
@testable import TextServices
@testable import TextServicesTestSupport

/// The language model file: every word of its lists is found with its value in each language, and nothing else is.
struct LanguageModelTests {
    private let scratch = TemporaryFolder("language-model")

    /// Distinct made-up words (`qaab`, `qaac`, ...), `count` of them from the `first`th.
    static func words(_ count: Int, from first: Int = 0) -> [String] {
        (first..<first + count).map { number in
            var letters = "", rest = number
            for _ in 0..<4 { letters.append(Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8(rest % 26)))); rest /= 26 }
            return "q" + letters
        }
    }

    /// A model of two languages whose lists share a third of their words, written in `folder`, and the lists' values.
    static func model(in folder: String) throws -> (LanguageModel, [[String: UInt8]]) {
        let lists: [[String: UInt8]] = [
            Dictionary(uniqueKeysWithValues: words(3_000).enumerated().map { ($1, UInt8(10 + $0 % 60)) }),
            Dictionary(uniqueKeysWithValues: words(3_000, from: 2_000).enumerated().map { ($1, UInt8(20 + $0 % 50)) }),
        ]
        var sources: [LanguageModel.Source] = []
        for (code, list) in zip(["xa", "xb"], lists) {
            let path = "\(folder)/\(code).freq"
            let lines = list.map { "\($0.key)\t\(Double($0.value) / 10)" }.sorted()
            try ("# test\n" + lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
            sources.append(.init(code: code, frequencyPath: path))
        }
        return (try LanguageModel.open(sources, cacheFolder: folder), lists)
    }

    @Test func everyListedWordIsFoundWithItsValueInEachOfItsLanguagesAndNoOtherWordIs() throws {
        let (model, lists) = try Self.model(in: scratch.folder("language-model"))
        #expect(model.languages == ["xa", "xb"])
        for word in Self.words(5_000) {
            var found: [Int: UInt8] = [:]
            model.forEachWordScore(word) { language, value in found[language] = value }
            var expected: [Int: UInt8] = [:]
            for (index, list) in lists.enumerated() { expected[index] = list[word] }
            #expect(found == expected, "\(word)")
        }
        for word in Self.words(2_000, from: 10_000) {
            var found = 0
            model.forEachWordScore(word) { _, _ in found += 1 }
            #expect(found == 0, "\(word)")
        }
    }

    @Test func aModelOfTheCachedKeyIsReadBackAndACutShortFileIsRefused() throws {
        let (model, _) = try Self.model(in: scratch.folder("language-model"))
        let file = try #require(MappedFile(path: model.path))
        let again = try LanguageModel(file: file)
        #expect(again.key == model.key)
        var found: [Int] = []
        again.forEachWordScore(Self.words(1, from: 2_500)[0]) { language, _ in found.append(language) }
        #expect(found == [0, 1])
        let bytes = Array(file.bytes)
        let cut = try #require(MappedFile(copying: Array(bytes.prefix(bytes.count / 2)), path: "(cut)"))
        #expect(throws: LanguageModelFailure.self) { try LanguageModel(file: cut) }
    }

    /// Each listed word's values in `model`, by word.
    static func lookups(_ model: LanguageModel) -> [String: [Int: UInt8]] {
        var found: [String: [Int: UInt8]] = [:]
        for word in words(5_000) {
            model.forEachWordScore(word) { language, value in found[word, default: [:]][language] = value }
        }
        return found
    }

    /// The kilobytes of the file at `path` that this process has mapped and resident (`Rss` in /proc/self/smaps).
    static func residentKilobytes(ofFile path: String) throws -> Int {
        // Read to the end: String(contentsOfFile:) stops after one page of a /proc file.
        let handle = try #require(FileHandle(forReadingAtPath: "/proc/self/smaps"))
        defer { try? handle.close() }
        var total = 0, inFile = false
        for line in String(decoding: try #require(try handle.readToEnd()), as: UTF8.self).split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if let first = fields.first, first.contains("-"), !first.hasSuffix(":") {
                inFile = fields.count >= 6 && fields[5...].joined(separator: " ") == path
            } else if inFile, fields.first == "Rss:", fields.count >= 2 {
                total += Int(fields[1]) ?? 0
            }
        }
        return total
    }

    @Test func releasingAModelsPagesUnmapsWhatItsLookupsMappedAndLaterLookupsFindTheSameValues() throws {
        let (model, _) = try Self.model(in: scratch.folder("language-model"))
        #expect(model.releaseResidentPages() == false)
        let before = Self.lookups(model)
        #expect(try Self.residentKilobytes(ofFile: model.path) > 0)
        #expect(model.releaseResidentPages())
        #expect(try Self.residentKilobytes(ofFile: model.path) == 0)
        #expect(model.releaseResidentPages() == false)
        #expect(Self.lookups(model) == before)
        #expect(try Self.residentKilobytes(ofFile: model.path) > 0)
    }

    @Test func aLookupReadWithPreadFindsWhatTheMappingFindsAndMapsNothing() throws {
        let (model, _) = try Self.model(in: scratch.folder("language-model"))
        let mapped = Self.lookups(model)
        #expect(model.releaseResidentPages())
        var read: [String: [Int: UInt8]] = [:]
        for word in Self.words(5_000) + Self.words(500, from: 10_000) {
            model.forEachWordScoreUnmapped(word) { language, value in read[word, default: [:]][language] = value }
        }
        #expect(read == mapped)
        #expect(try Self.residentKilobytes(ofFile: model.path) == 0)
        // A model held in memory (no file to read) answers the same from its bytes.
        let file = try #require(MappedFile(path: model.path))
        let copy = try LanguageModel(file: try #require(MappedFile(copying: Array(file.bytes), path: "(memory)")))
        var fromMemory: [String: [Int: UInt8]] = [:]
        for word in Self.words(5_000) {
            copy.forEachWordScoreUnmapped(word) { language, value in fromMemory[word, default: [:]][language] = value }
        }
        #expect(fromMemory == mapped)
    }

    @Test func aModelHeldInMemoryKeepsItsBytesWhenAskedToReleaseItsPages() throws {
        let (mapped, _) = try Self.model(in: scratch.folder("language-model"))
        let file = try #require(MappedFile(path: mapped.path))
        let copy = try #require(MappedFile(copying: Array(file.bytes), path: "(memory)"))
        let model = try LanguageModel(file: copy)
        let before = Self.lookups(model)
        #expect(before.count == 5_000)
        #expect(model.releaseResidentPages())
        #expect(Self.lookups(model) == before)
    }
}

extension LanguageModelTests {
    @Test func aLetterAloneIsLearnedOnlyAtTheValueOfARealOneLetterWord() throws {
        let folder = scratch.folder("language-model-letters")
        let path = "\(folder)/xc.freq"
        try "# test\ny\t7.4\nh\t5.3\nhh\t4.0\nв\t7.6\nж\t5.9\n".write(toFile: path, atomically: true, encoding: .utf8)
        let model = try LanguageModel.open([.init(code: "xc", frequencyPath: path)], cacheFolder: folder)
        func value(_ word: String) -> UInt8? {
            var found: UInt8?
            model.forEachWordScore(word) { _, value in found = value }
            return found
        }
        #expect(value("y") == 74)
        #expect(value("в") == 76)
        #expect(value("h") == nil)
        #expect(value("ж") == nil)
        #expect(value("hh") == 40)
    }
}
