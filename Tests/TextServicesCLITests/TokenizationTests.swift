import CheckDoor
import Testing
import TextServicesIO
import TextServices
import TextServicesCLI
import TextServicesProtocol
@testable import TextServicesTestSupport

@Suite struct TokenizationTests {
    private static let client = LocalTextServices(services: TestSupport.sharedServices)

    /// What `tokenization` prints for `text`.
    private static func printed(_ tokenization: Tokenization, _ text: String) throws -> String {
        var collected: [UInt8] = []
        var output = StandardOutputBuffer { collected += $0 }
        try tokenization.run(CheckInput.validated(Array(text.utf8), name: "-"), client: client, output: &output)
        output.flush()
        return String(decoding: collected, as: UTF8.self)
    }

    @Test func wordsOnlyPrintsOneWordALine() throws {
        var tokenization = Tokenization(granularity: .word)
        tokenization.wordsOnly = true
        #expect(try Self.printed(tokenization, "Hello, wide world.") == "Hello\nwide\nworld\n")
    }

    @Test func lineBreaksInsideATokenAreWrittenEscaped() throws {
        #expect(try Self.printed(Tokenization(granularity: .document), "a\r\nb") == "a\\r\\nb\n")
    }

    @Test func jsonRangesCountTheChosenEncodingsUnits() throws {
        var tokenization = Tokenization(granularity: .word)
        tokenization.format = .json
        tokenization.wordsOnly = true
        let utf16 = try Self.printed(tokenization, "😀 café")
        #expect(utf16.contains("{\"range\":{\"start\":3,\"end\":7}") && utf16.hasSuffix("\"text\":\"café\"}\n"), "\(utf16)")
        tokenization.encoding = .utf8
        let utf8 = try Self.printed(tokenization, "😀 café")
        #expect(utf8.contains("{\"range\":{\"start\":5,\"end\":10}"), "\(utf8)")
    }

    @Test func languageCandidatesComeFromAutoOrAPlainList() {
        #expect(Tokenization.candidates(fromLanguages: ["auto:en_US,de_DE"]) == ["en_US", "de_DE"])
        #expect(Tokenization.candidates(fromLanguages: ["auto"]) == nil)
        #expect(Tokenization.candidates(fromLanguages: ["fr_FR", "en_US"]) == ["fr_FR", "en_US"])
        #expect(Tokenization(granularity: .word).languageUnit == nil)
        #expect(Tokenization(granularity: .sentence).languageUnit == .sentence)
    }

    @Test func eachParagraphIsPrintedWithItsLanguage() throws {
        var collected: [UInt8] = []
        var output = StandardOutputBuffer { collected += $0 }
        let input = try CheckInput.validated(Array("The cat sat on the mat and looked out of the window.\n".utf8), name: "-")
        try Tokenization(granularity: .paragraph).runLanguages(input, unit: .paragraph, candidates: ["en_US"],
                                                               client: Self.client, output: &output)
        output.flush()
        let text = String(decoding: collected, as: UTF8.self)
        #expect(text.hasPrefix("en_US\t"), "\(text)")
        #expect(text.contains("\tThe cat sat"), "\(text)")
    }
}
