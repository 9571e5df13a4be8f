import Foundation
import Testing
@testable import Ispell
@testable import TextServices
@testable import TextServicesProtocol
@testable import TextServicesTestSupport

/// A filter over the bundled en_US dictionary; its output lines as strings.
private func filter(_ lines: [String], _ mode: IspellFilter.Mode, printsCorrect: Bool = false,
                    format: IspellFormat = .text) throws -> [String] {
    let speller = try IspellSpeller(client: LocalTextServices(services: TestSupport.sharedServices), languages: ["en_US"])
    let filter = IspellFilter(speller: speller, mode: mode, printsCorrect: printsCorrect, format: format,
                              encoding: try TextEncoding(name: "UTF-8"))
    return try filter.process(lines.map { Array($0.utf8) }).map { String(decoding: $0, as: UTF8.self) }
}

@Test func listModePrintsEachMisspelledOccurrenceInOrder() throws {
    #expect(try filter(["Hello wrold and wrold", "", "good lnie"], .words) == ["wrold", "wrold", "lnie"])
    #expect(try filter(["Hello wrold"], .words, printsCorrect: true) == ["Hello"])
}

@Test func lineModePrintsLinesWithMisspellingsOrWithout() throws {
    let lines = ["Hello wrold", "all good", "", "lnie"]
    #expect(try filter(lines, .lines) == ["Hello wrold", "lnie"])
    #expect(try filter(lines, .lines, printsCorrect: true) == ["all good", ""])
}

@Test func wordLineModeJudgesTheFirstWordOfEachLine() throws {
    let lines = ["wrold", "world", "", "good wrold"]
    #expect(try filter(lines, .wordLines) == ["wrold"])
    #expect(try filter(lines, .wordLines, printsCorrect: true) == ["world", "good wrold"])
}

@Test func filterFormatsCarryStateAcrossLinesOfABatch() throws {
    #expect(try filter(["<!-- wrold", "lnie -->", "<b>wrold</b>"], .words, format: .html) == ["wrold"])
    #expect(try filter(["$x = wrold", "lnie$ txet"], .words, format: .tex) == ["txet"])
}

@Test func anEditedProjectWordsFileIsSeenByARunningSpellerWithoutARestart() throws {
    let scratch = TemporaryFolder(); defer { scratch.remove() }
    let project = scratch.folder("ispell-project")
    defer { try? FileManager.default.removeItem(atPath: project) }
    try FileManager.default.createDirectory(atPath: project + "/.textsvcd", withIntermediateDirectories: true)
    let file = project + "/.textsvcd/words.txt"
    try "kubectl\n".write(toFile: file, atomically: true, encoding: .utf8)
    let speller = try IspellSpeller(client: LocalTextServices(services: TestSupport.sharedServices), languages: ["en_US"])
    speller.projectPath = project
    let filter = IspellFilter(speller: speller, mode: .words, printsCorrect: false, format: .text,
                              encoding: try TextEncoding(name: "UTF-8"))
    func misspelled(_ line: String) throws -> [String] {
        try filter.process([Array(line.utf8)]).map { String(decoding: $0, as: UTF8.self) }
    }
    #expect(try misspelled("kubectl Kubectl helmfile") == ["helmfile"])
    try "kubectl\nhelmfile\n".write(toFile: file, atomically: true, encoding: .utf8)
    #expect(try misspelled("kubectl helmfile Helmfile") == [])
    #expect(speller.guesses(["helmfiel"])["helmfiel"]?.first == "helmfile")
    try FileManager.default.removeItem(atPath: file)
    #expect(try misspelled("kubectl helmfile") == ["kubectl", "helmfile"])
}
