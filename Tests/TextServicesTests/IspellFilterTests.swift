import Foundation
import Testing
@testable import Ispell
@testable import TextServices
@testable import TextServicesProtocol

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
