import Foundation
import Testing
@testable import TextServices
@testable import TextServicesProtocol
@testable import TextServicesTestSupport

@Test func tokenizeCommandPrintsOneTokenALine() throws {
    let lines = try TestProcess.textsvcd(["tokenize", "--by", "word"], stdin: Array("Hi, you.\nNext".utf8))
    #expect(lines.status == 0)
    #expect(lines.stdout == "Hi\n,\n \nyou\n.\n\\n\nNext\n")
    let words = try TestProcess.textsvcd(["tokenize", "--by", "word", "--words-only", "--format", "json", "-"], stdin: Array("a😀 bc".utf8))
    #expect(words.stdout == """
        {"range":{"start":0,"end":1},"kind":"word","text":"a"}
        {"range":{"start":4,"end":6},"kind":"word","text":"bc"}

        """)
    let sentences = try TestProcess.textsvcd(["tokenize", "--by", "sentence", "--format", "json", "--position-encoding", "utf-8"],
                                              stdin: Array("Hi. 😀 Yes.".utf8))
    #expect(sentences.stdout.split(separator: "\n").count == 2)
    #expect(sentences.stdout.contains(#""range":{"start":4,"end":13}"#))
    #expect(try TestProcess.textsvcd(["tokenize", "--by", "syllable"]).status == 2)
    #expect(try TestProcess.textsvcd(["tokenize", "--by", "word", "/nonexistent/file"]).status == 2)
}

@Test func tokenizeCommandPagesThroughLargeInputs() throws {
    let scratch = TemporaryFolder(); defer { scratch.remove() }
    // More tokens than one request returns (100 000), and more bytes than one request carries (4 MB).
    let line = String(repeating: "ab cd ", count: 20) + "\n"
    let text = String(repeating: line, count: 36_000)
    let folder = URL(fileURLWithPath: scratch.folder("units"))
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("big.txt")
    try Data(text.utf8).write(to: file)
    let run = try TestProcess.textsvcd(["tokenize", "--by", "word", "--words-only", file.path])
    #expect(run.status == 0)
    let tokens = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    #expect(tokens.count == 36_000 * 40)
    #expect(tokens.allSatisfy { $0 == "ab" || $0 == "cd" })
}
