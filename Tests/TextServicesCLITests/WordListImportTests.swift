import Foundation
import Testing
import TextServices
import TextServicesCLI
import TextServicesProtocol
@testable import TextServicesTestSupport

@Suite struct WordListImportTests {
    private let scratch = TemporaryFolder("word-list")

    private static let client = LocalTextServices(services: TestSupport.sharedServices)

    @Test func aProjectImportAddsNewWordsToTheRepositorysWordListAndCountsTheOthers() throws {
        let folder = scratch.folder("word-import")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/.git", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: true)
        try "# mine\nzorbix\nquuxle\n".write(toFile: folder + "/list.txt", atomically: true, encoding: .utf8)
        var importer = WordListImport(format: .plain, project: true)
        importer.directory = folder + "/sub"
        var printed: [String] = [], warned: [String] = []
        #expect(importer.run([folder + "/list.txt"], client: Self.client, languages: nil,
                             print: { printed.append($0) }, warn: { warned.append($0) }))
        #expect(printed.count == 1 && printed[0].hasPrefix("\(folder)/list.txt: imported 2 words (0 already known) into ")
                && printed[0].hasSuffix("/.textsvcd/words.txt"), "\(printed)")
        let written = try String(contentsOfFile: folder + "/.textsvcd/words.txt", encoding: .utf8)
        #expect(written.contains("zorbix") && written.contains("quuxle"), "\(written)")
        let again = try importer.importIntoProject(["zorbix", "blarnix"])
        #expect(again.added == 1 && again.known == 1)
    }

    @Test func aMissingFileIsReportedAndTheFilesAfterItAreStillImported() throws {
        let folder = scratch.folder("word-import-missing")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/.git", withIntermediateDirectories: true)
        try "zorbix\n".write(toFile: folder + "/list.txt", atomically: true, encoding: .utf8)
        var importer = WordListImport(project: true)
        importer.directory = folder
        var printed: [String] = [], warned: [String] = []
        let succeeded = importer.run([folder + "/none.txt", folder + "/list.txt"], client: Self.client, languages: nil,
                                     print: { printed.append($0) }, warn: { warned.append($0) })
        #expect(!succeeded)
        #expect(warned.count == 1 && warned[0].hasPrefix("textsvcd: ") && warned[0].contains("none.txt"), "\(warned)")
        #expect(printed.count == 1 && printed[0].contains("imported 1 word (0 already known)"), "\(printed)")
    }

    @Test func wordsTheDictionaryAcceptsAreCountedAsKnownAndNotLearned() throws {
        let contents = WordListFormat.Contents(words: ["the", "house"], language: nil, notes: [])
        let summary = try WordListImport().importIntoPersonal(contents, client: Self.client, languages: ["en_US"])
        #expect(summary.added == 0 && summary.known == 2 && summary.failures.isEmpty)
        #expect(summary.destination == "the personal dictionary (en_US)")
    }

    @Test func anUnknownDictionaryNamedByTheFileAsksForLang() {
        let contents = WordListFormat.Contents(words: ["x"], language: "xx_NOPE", notes: [])
        do {
            _ = try WordListImport().importIntoPersonal(contents, client: Self.client, languages: nil)
            Issue.record("imported into a dictionary that does not exist")
        } catch {
            #expect(ServiceError(wrapping: error).message.contains("choose a dictionary with --lang"))
        }
    }

    @Test func notesAreCappedAtTenAFile() {
        let notes = (1...12).map { WordListFormat.Note(line: $0, message: "left out") }
        let lines = WordListImport.notes(notes, path: "p")
        #expect(lines.count == 11)
        #expect(lines.last == "textsvcd: note: p: 2 more notes like these")
    }
}
