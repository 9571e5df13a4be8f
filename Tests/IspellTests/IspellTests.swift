import Foundation
import Testing
@testable import TextServices
@testable import TextServicesProtocol
@testable import Ispell
@testable import TextServicesTestSupport

/// A speller over the bundled en_US dictionary: the suite's shared services, or services with a private data folder.
private func makeSpeller(dataHome: String? = nil) throws -> IspellSpeller {
    let services = dataHome.map { TestSupport.services(dataHome: $0) } ?? TestSupport.sharedServices
    return try IspellSpeller(client: LocalTextServices(services: services), languages: ["en_US"])
}

/// A pipe over the bundled en_US dictionary, in UTF-8 unless told.
private func makePipe(_ options: IspellPipe.Options = IspellPipe.Options(), dataHome: String? = nil,
                      encoding: String = "UTF-8", personalList: IspellPersonalList? = nil) throws -> IspellPipe {
    IspellPipe(speller: try makeSpeller(dataHome: dataHome), options: options, encoding: try TextEncoding(name: encoding),
               personalList: personalList)
}

private extension IspellPipe {
    func answer(_ line: String) -> [String] { process(Array(line.utf8)) }
}

@Test func bannerPassesForHunspellAndNamesTextsvcdOutsideTheParentheses() throws {
    let banner = IspellPipe.banner(hunspell: "1.7.1", version: "1.2.3")
    #expect(banner == "@(#) International Ispell Version 3.2.06 (but really Hunspell 1.7.1) textsvcd 1.2.3")
    // What Emacs's ispell-check-version searches for, as ispell.el writes it.
    let emacs = try Regex(#"\(but really Hunspell ([0-9]+\.[0-9.]+([-._+ ]?[a-zA-Z0-9]+)?)?\)"#)
    #expect(try emacs.firstMatch(in: IspellPipe.banner())?.output[1].substring == Substring(LibraryVersions.hunspell.version ?? "1.7"))
}

@Test func answersOneLinePerWordThenAnEmptyLine() throws {
    let pipe = try makePipe()
    let answer = pipe.answer("Hello wrold")
    #expect(answer.count == 3)
    #expect(answer[0] == "*")
    #expect(answer[1].hasPrefix("& wrold "))
    #expect(answer[1].contains(" 6: "))
    #expect(answer[1].contains("world"))
    #expect(answer[2] == "")
    #expect(pipe.answer("") == [""])
}

@Test func offsetsCountCharactersLikeHunspellIncludingTheCaret() throws {
    let pipe = try makePipe()
    // "😀 " is one character and a space: the word starts at character 2 (byte 5).
    // "& WORD COUNT OFFSET: guesses": the offset counts the emoji as one character, like hunspell.
    #expect(pipe.answer("😀 wrold").first.map { $0.split(separator: " ").prefix(4).enumerated().filter { $0.offset != 2 }.map(\.element) } == ["&", "wrold", "2:"])
    #expect(pipe.answer("^wrold").first?.contains(" 1: ") == true)
    #expect(pipe.answer("^\tnaïve wrold")[1].contains(" 8: "))
}

@Test func wordsWithoutGuessesAnswerHash() throws {
    let pipe = try makePipe()
    #expect(pipe.answer("qxzvjkqxzvjk") == ["# qxzvjkqxzvjk 0", ""])
}

@Test func commandLinesAnswerNothing() throws {
    let pipe = try makePipe()
    for command in ["!", "%", "`", "+", "-", "#", "~tex", "~nroff", "@word", "*word", "&Word"] {
        #expect(pipe.answer(command).isEmpty, "\(command)")
    }
}

@Test func terseModeOmitsCorrectWordsAndPercentEndsIt() throws {
    let pipe = try makePipe()
    _ = pipe.answer("!")
    #expect(pipe.answer("good words only") == [""])
    #expect(pipe.answer("good wrold").count == 2)
    _ = pipe.answer("%")
    #expect(pipe.answer("good words") == ["*", "*", ""])
}

@Test func verboseModeEchoesCorrectWords() throws {
    let pipe = try makePipe()
    _ = pipe.answer("`")
    #expect(pipe.answer("good") == ["* good", ""])
}

@Test func sessionWordsAreAcceptedUntilWithdrawn() throws {
    let pipe = try makePipe()
    _ = pipe.answer("@wrold")
    #expect(pipe.answer("wrold") == ["*", ""])
    _ = pipe.answer("@*wrold")
    #expect(pipe.answer("wrold").first?.hasPrefix("& wrold") == true)
}

@Test func starAndAmpersandLearnWordsPersistently() throws {
    let scratch = TemporaryFolder(); defer { scratch.remove() }
    let dataHome = scratch.folder("ispell-learn")
    let pipe = try makePipe(dataHome: dataHome)
    _ = pipe.answer("*Zorblax")
    _ = pipe.answer("&Quuxify")
    #expect(pipe.answer("Zorblax quuxify") == ["*", "*", ""])
    let saved = try String(contentsOfFile: dataHome + "/personal/en_US.dic", encoding: .utf8)
    #expect(saved.contains("Zorblax\n"))
    #expect(saved.contains("quuxify\n"))
    #expect(!saved.contains("Quuxify"))
    // A new pipe over the same data folder knows the words.
    let again = try makePipe(dataHome: dataHome)
    #expect(again.answer("Zorblax") == ["*", ""])
}

@Test func texModeSkipsCommandsMathAndReferences() throws {
    let pipe = try makePipe()
    _ = pipe.answer("+")
    let answer = pipe.answer(#"\emph{wrold} \ref{wroldref} $x = wrold$ wrold % wrold"#)
    #expect(answer.filter { $0.hasPrefix("&") }.count == 2)
    #expect(answer[0].contains(" 6: "))
    // Math opened on one line goes on over the next.
    #expect(pipe.answer("$$ math").allSatisfy { !$0.hasPrefix("&") })
    #expect(pipe.answer("wrold $$ wrold") == [pipe.answer("x wrold")[1].replacingOccurrences(of: " 2: ", with: " 9: "), ""])
    _ = pipe.answer("-")
    #expect(pipe.answer(#"\emph{x}"#).first?.hasPrefix("& emph") == true)
    _ = pipe.answer("~tex")
    #expect(pipe.answer(#"\emph{x}"#) == ["*", ""])
}

@Test func urlsMailAddressesAndPathsAreSkippedLikeHunspell() throws {
    let pipe = try makePipe()
    #expect(pipe.answer("see http://exmaple.com/wrold") == ["*", ""])
    #expect(pipe.answer("me@wrold.com /usr/wrold C:\\wrold ok").count == 2)
}

@Test func apostrophesStayInsideWordsAndEntitiesAreNotWords() throws {
    let pipe = try makePipe()
    #expect(pipe.answer("don't isn’t rock'n'roll")[0] == "*")
    #expect(pipe.answer("don't isn’t")  == ["*", "*", ""])
    #expect(pipe.answer("'quoted'") == ["*", ""])
}

@Test func rootsModeReportsTheStem() throws {
    var options = IspellPipe.Options()
    options.reportRoots = true
    let pipe = try makePipe(options)
    #expect(pipe.answer("walked walk") == ["+ walk", "*", ""])
}

@Test func malformedInputNeverFails() throws {
    let pipe = try makePipe()
    #expect(pipe.process([0xFF, 0x20, 0x77, 0x72, 0x6F, 0x6C, 0x64]).first.map { $0.split(separator: " ").prefix(4).enumerated().filter { $0.offset != 2 }.map(\.element) } == ["&", "wrold", "2:"])
    #expect(pipe.process([0x61, 0x00, 0x62]) == ["*", ""])
    #expect(pipe.process(Array("wrold\r".utf8)).first?.hasPrefix("& wrold") == true)
    #expect(pipe.process(Array(repeating: 0x61, count: 100_000)).last == "")
}

@Test func wordCharactersFollowHunspellsTables() {
    let characters = IspellWordCharacters(affixPath: TestSupport.repositoryRoot + "/dictionaries/en_US.aff", charset: "UTF-8")
    #expect(characters.contains("’"))
    #expect(characters.contains("7"))
    #expect(!characters.contains("'"))
    #expect(IspellWordCharacters.isHunspellLetter("é"))
    #expect(IspellWordCharacters.isHunspellLetter("\u{0301}"))
    #expect(IspellWordCharacters.isHunspellLetter("한"))
    #expect(!IspellWordCharacters.isHunspellLetter("漢"))
    #expect(!IspellWordCharacters.isHunspellLetter("😀"))
    #expect(!IspellWordCharacters.isHunspellLetter("\u{0242}"))  // Unicode 5.0, newer than Hunspell's table
}

@Test func randomLinesNeverFailInTextOrTeXMode() throws {
    let pipe = try makePipe()
    let fragments: [[UInt8]] = ["\\", "{", "}", "[", "]", "$", "$$", "%", "''", "'", "’", "http://", "a@b.c", "/", ":\\",
                                "&Agrave;", "&apos;", "word", "😀", "é", " ", "\\cite", "\\begin{equation}", "\\verb|",
                                "\\end{equation}", "^", "+", "-", "!", "%", "~tex", "*", "@", "#"].map { Array($0.utf8) }
        + [[0xFF], [0xC3], [0x80], [0x00], [0xE2, 0x80]]
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<500 {
        let line = (0..<Int.random(in: 0...12, using: &generator)).flatMap { _ in fragments.randomElement(using: &generator)! }
        let answer = pipe.process(line)
        #expect(answer.isEmpty || answer.last == "", "\(line)")
    }
}

@Test func atStarForbidsEvenADictionaryWord() throws {
    let pipe = try makePipe()
    _ = pipe.answer("@*hello")
    #expect(pipe.answer("hello Hello world").first?.hasPrefix("& hello") == true || pipe.answer("hello").first?.hasPrefix("#") == true)
    #expect(pipe.answer("world") == ["*", ""])
    _ = pipe.answer("@hello")
    #expect(pipe.answer("hello") == ["*", ""])
}

@Test func aPersonalListCountsForTheSessionAndHashSavesLearnedWordsToIt() throws {
    let scratch = TemporaryFolder(); defer { scratch.remove() }
    let folder = scratch.folder("ispell-personal-list")
    let path = folder + "/words"
    try "Zorblaxian\n*hello\nfrobnicate/S".write(toFile: path, atomically: true, encoding: .utf8)
    let list = IspellPersonalList(path: path)
    let speller = try makeSpeller(dataHome: folder + "/data")
    try list.load(into: speller)
    let pipe = IspellPipe(speller: speller, encoding: try TextEncoding(name: "UTF-8"), personalList: list)
    #expect(pipe.answer("Zorblaxian frobnicate Frobnicate") == ["*", "*", "*", ""])
    #expect(pipe.answer("hello").first?.hasPrefix("*") == false)
    _ = pipe.answer("*Quuxwidget")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "Zorblaxian\n*hello\nfrobnicate/S")
    _ = pipe.answer("#")
    // The last line had no newline: the saved word goes on a line of its own.
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "Zorblaxian\n*hello\nfrobnicate/S\nQuuxwidget\n")
    _ = pipe.answer("#")
    #expect(try String(contentsOfFile: path, encoding: .utf8).components(separatedBy: "Quuxwidget").count == 2)
}

@Test func aPipeInLatin1ReadsAndWritesLatin1AndCountsBytes() throws {
    let pipe = try makePipe(encoding: "ISO-8859-1")
    // "café wrold" in Latin-1: é is one byte, so the misspelling starts at byte 5.
    let line: [UInt8] = Array("caf".utf8) + [0xE9] + Array(" wrold".utf8)
    let answer = pipe.process(line)
    #expect(answer.count == 3)
    #expect(answer[1].hasPrefix("& wrold ") && answer[1].contains(" 5: "))
    let encoding = try TextEncoding(name: "latin1")
    #expect(answer.allSatisfy { encoding.bytes(of: $0) != nil })
}

@Test func theStartingFormatComesBackAfterTeX() throws {
    var options = IspellPipe.Options()
    options.format = .html
    let pipe = try makePipe(options)
    #expect(pipe.answer("<b>wrold</b> <!-- wrold -->").filter { $0.hasPrefix("&") }.count == 1)
    _ = pipe.answer("+")
    #expect(pipe.answer(#"\emph{x} <b>"#).contains { $0.hasPrefix("& b ") || $0 == "*" })
    _ = pipe.answer("-")
    #expect(pipe.answer("<wrold>") == [""])
    _ = pipe.answer("~xml")
    #expect(pipe.answer("<code>wrold</code>").filter { $0.hasPrefix("&") }.count == 1)
}

@Test func unknownEncodingsAreRefusedByName() {
    #expect(throws: TextServicesError.self) { try TextEncoding(name: "no-such-encoding-x") }
    #expect((try? TextEncoding(name: "utf8"))?.isUTF8 == true)
    #expect((try? TextEncoding(name: "KOI8-R"))?.isUTF8 == false)
}
