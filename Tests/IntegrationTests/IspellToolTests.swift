import Foundation
import Testing
@testable import TextServicesTestSupport

/// The binary as ispell clients run it: `textsvcd -l`, `-D`, `-i`, `-p`, files, and the options it refuses.
@Suite(.slow)
struct IspellToolTests {
    private let scratch = TemporaryFolder("ispell-tool")

    private var root: String { scratch.path }
    private var environment: [String: String] { TestSupport.isolatedEnvironment(root) }

    private func run(_ arguments: [String], stdin: [UInt8] = []) throws -> TestProcess.Output {
        try TestProcess.run(TestSupport.binary, arguments, stdin: stdin, environment: environment, timeout: 120)
    }

    @Test func listModeAtTopLevelPrintsMisspelledWordsAsFlyspellRunsIt() throws {
        // What Emacs's flyspell-large-region runs: -l first, ispell-style options, -i last.
        // (The bundled en_US has "naïve" and "café" only without their accents, as hunspell -l reports too.)
        let output = try run(["-l", "-B", "-d", "en_US", "-i", "UTF-8"], stdin: Array("Helo world, naïve façade\nfine lnie\n".utf8))
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.split(separator: "\n") == ["Helo", "naïve", "façade", "lnie"])
    }

    @Test func projectWordsOfTheWorkingFolderAreAcceptedAndGuessedInThePipeAndTheFilters() throws {
        let project = root + "/project", nested = project + "/src/deep"
        try FileManager.default.createDirectory(atPath: project + "/.textsvcd", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: nested, withIntermediateDirectories: true)
        try "kubectl\nKubernetes\n".write(toFile: project + "/.textsvcd/words.txt", atomically: true, encoding: .utf8)
        let input = Array("kubectl Kubernets wrold\n".utf8)
        let pipe = try TestProcess.run(TestSupport.binary, ["-a", "-d", "en_US"], stdin: input, environment: environment,
                                       currentDirectory: nested)
        let lines = pipe.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count >= 4, "\(pipe.stdout)\(pipe.stderr)")
        #expect(lines[1] == "*")
        #expect(lines[2].hasPrefix("& Kubernets ") && lines[2].contains(": Kubernetes"), "\(lines[2])")
        #expect(lines[3].hasPrefix("& wrold "))
        let list = try TestProcess.run(TestSupport.binary, ["-l", "-d", "en_US"], stdin: input, environment: environment,
                                       currentDirectory: nested)
        #expect(list.stdout == "Kubernets\nwrold\n", "\(list.stderr)")
        // Outside the project, its words are misspellings; a file argument takes the file's own project.
        let outside = try TestProcess.run(TestSupport.binary, ["-l", "-d", "en_US"], stdin: input, environment: environment,
                                          currentDirectory: root)
        #expect(outside.stdout == "kubectl\nKubernets\nwrold\n")
        try "kubectl wrold\n".write(toFile: nested + "/notes.txt", atomically: true, encoding: .utf8)
        let file = try TestProcess.run(TestSupport.binary, ["-l", "-d", "en_US", nested + "/notes.txt"], environment: environment,
                                       currentDirectory: root)
        #expect(file.stdout == "wrold\n", "\(file.stderr)")
    }

    @Test func filesAreReadInTurnWithTheirNamesWhenThereAreSeveral() throws {
        let first = root + "/a.txt", second = root + "/b.html"
        try "one wrold\n".write(toFile: first, atomically: true, encoding: .utf8)
        try "<wrold>two lnie</wrold>\n".write(toFile: second, atomically: true, encoding: .utf8)
        let both = try run(["-l", "-d", "en_US", first, second])
        #expect(both.status == 0, "\(both.stderr)")
        #expect(both.stdout.split(separator: "\n") == ["\(first): wrold", "\(second): lnie"])
        let one = try run(["ispell", "-L", "-d", "en_US", first])
        #expect(one.stdout == "one wrold\n")
        let missing = try run(["-l", "-d", "en_US", root + "/missing.txt"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("missing.txt"))
    }

    @Test func dashDListsDictionariesAsHunspellDoesForEmacs() throws {
        // Emacs runs `PROGRAM -D -a /dev/null` and reads absolute paths, the loaded .aff and .dic last.
        let output = try run(["-D", "-a", "/dev/null"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.hasPrefix("@(#) International Ispell Version 3.2.06 (but really Hunspell "))
        let lines = output.stderr.split(separator: "\n").map(String.init)
        #expect(lines.first == "SEARCH PATH:")
        #expect(lines.contains("AVAILABLE DICTIONARIES (path is not mandatory for -d option):"))
        let loaded = try #require(lines.firstIndex(of: "LOADED DICTIONARY:"))
        #expect(lines[loaded + 1] == TestSupport.repositoryRoot + "/dictionaries/en_US.aff")
        #expect(lines[loaded + 2] == TestSupport.repositoryRoot + "/dictionaries/en_US.dic")
        #expect(lines.contains(TestSupport.repositoryRoot + "/dictionaries/en_US"))
        // Without files, -D reports and stops, as hunspell does.
        let alone = try run(["-D"])
        #expect(alone.status == 0)
        #expect(alone.stdout.isEmpty)
        #expect(alone.stderr.contains("LOADED DICTIONARY:"))
    }

    @Test func anEncodingOtherThanUTF8IsReadAndWritten() throws {
        let latin1: [UInt8] = Array("caf".utf8) + [0xE9] + Array(" wrold na".utf8) + [0xEF] + Array("ve\n".utf8)
        let list = try run(["-l", "-d", "en_US", "-i", "ISO-8859-1"], stdin: latin1)
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdoutBytes == Array("caf".utf8) + [0xE9] + Array("\nwrold\nna".utf8) + [0xEF] + Array("ve\n".utf8))
        let pipe = try run(["-a", "-d", "en_US", "-i", "latin1"], stdin: latin1)
        let answers = pipe.stdout.split(separator: "\n").dropFirst()
        #expect(answers.first { $0.hasPrefix("& wrold") }?.contains(" 5: ") == true)
        let unknown = try run(["-l", "-i", "no-such-encoding"])
        #expect(unknown.status != 0)
        #expect(unknown.stderr.contains("no-such-encoding"))
    }

    @Test func aPersonalListGivenWithDashPIsUsedAndSavedTo() throws {
        let list = root + "/my-words"
        try "Zorblaxian\n".write(toFile: list, atomically: true, encoding: .utf8)
        let output = try run(["-a", "-d", "en_US", "-p", list], stdin: Array("Zorblaxian Quuxwidget\n*Quuxwidget\n#\nQuuxwidget\n".utf8))
        let answers = output.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
        #expect(Array(answers.prefix(2)).first == "*")
        #expect(answers.dropFirst().first?.hasPrefix("& Quuxwidget") == true || answers.dropFirst().first?.hasPrefix("# Quuxwidget") == true)
        #expect(answers.suffix(3).first == "*")
        #expect(try String(contentsOfFile: list, encoding: .utf8) == "Zorblaxian\nQuuxwidget\n")
    }

    @Test func optionsTextsvcdCannotHonourAreRefusedByName() throws {
        for (option, name) in [(["-O"], "-O"), (["-r"], "-r"), (["-T", "latin1"], "-T"), (["-l", "-m"], "-m"),
                               (["-s"], "-s"), (["-U"], "-u/-U"), (["-P", "secret"], "-P"), (["--trace"], "--trace")] {
            let output = try run(option)
            #expect(output.status != 0, "\(option)")
            #expect(output.stderr.contains("\(name)"), "\(option): \(output.stderr)")
            #expect(output.stderr.contains("not supported"), "\(option): \(output.stderr)")
        }
        // With -a, hunspell ignores ispell's -m, -s and -S (ispell clients send them); so does textsvcd.
        let pipe = try run(["-a", "-m", "-S", "-d", "en_US"], stdin: Array("wrold\n".utf8))
        #expect(pipe.status == 0, "\(pipe.stderr)")
        let both = try run(["-a", "-l"])
        #expect(both.status != 0)
        #expect(both.stderr.contains("-a") && both.stderr.contains("-l"))
    }

    @Test func checkURLAndCheckApostropheChangeWhatIsReported() throws {
        let url = try run(["-l", "-d", "en_US", "--check-url"], stdin: Array("see http://exmaple.com\n".utf8))
        #expect(url.stdout.split(separator: "\n") == ["http", "exmaple"])
        let apostrophe = try run(["-l", "-d", "en_US", "--check-apostrophe"], stdin: Array("don't don’t\n".utf8))
        #expect(apostrophe.stdout.split(separator: "\n") == ["don't"])
    }
}
