import ArgumentParser
import Foundation
import Ispell
import TextServices
import TextServicesIO
import TextServicesCLI
import TextServicesProtocol

/// `textsvcd ispell` (also `textsvcd -a`, `textsvcd -l`, ...): a drop-in for `hunspell` as ispell clients run it.
///
/// The pipe (`-a`) by default; the filter modes `-l`, `-L`, `-w` (with `-G`)
/// when asked; `-D` and `-v` report. Options follow Hunspell's meanings;
/// an option textsvcd cannot honour is refused with an error naming it.
struct IspellCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ispell",
        abstract: "Check spelling as hunspell does for ispell clients: the -a pipe, and the -l, -L and -w filters.",
        discussion: """
            With -a (the default) prints a banner line, then answers each input line with one line per word (*, \
            & WORD COUNT OFFSET: GUESSES, or # WORD OFFSET) and an empty line. Commands: *word learns a word, &word \
            learns it in lower case, @word accepts it for this session (@*word forbids it), # saves the session's \
            learned words to -p FILE, ! and % enter and leave terse mode, + and - enter and leave TeX mode, ~TYPE picks \
            a format (tex, html, xml, nroff, text), ^ escapes a line. With -l prints each misspelled word of the input, \
            one a line; -L prints lines with misspelled words; -w checks one word a line; -G prints the correct words \
            or lines instead. FILEs are read in turn instead of standard input (a file's format follows its extension: \
            .html, .xml, .tex, .1 to .9). Works as Emacs's and other editors' ispell-program-name; every top-level \
            hunspell-style option (textsvcd -a, textsvcd -l, textsvcd -D, textsvcd -vv) runs this command.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Flag(name: .customShort("a"), help: "Pipe mode, the ispell -a protocol (the default).")
    var pipe = false

    @Flag(name: .customShort("l"), help: "Print each misspelled word of the input, one a line (as often as it occurs).")
    var listWords = false

    @Flag(name: .customShort("L"), help: "Print each input line that has a misspelled word.")
    var listLines = false

    @Flag(name: .customShort("w"), help: "Check one word a line: print the lines whose word is misspelled.")
    var wordLines = false

    @Flag(name: .customShort("G"), help: "With -l, -L or -w: print the correct words or lines instead (alone, -l -G).")
    var printCorrect = false

    @Flag(name: .customShort("D"), help: "Print the search path, the available dictionaries and the loaded ones (on standard error), as hunspell -D.")
    var showDictionaries = false

    @Option(name: .customShort("d"), help: ArgumentHelp("Dictionaries, comma-separated: language tags, dictionary file names, or paths without extension (like hunspell -d); auto[:TAG,...] detects each line's language. Wins over --lang.", valueName: "dicts"))
    var dictionaries: String?

    @Option(name: .customShort("p"), help: ArgumentHelp("A personal word list: its words count for this run, and words learned with * are added to it on # (they go to the personal dictionary in any case). Default: $WORDLIST.", valueName: "file"))
    var personal: String?

    @Option(name: .customShort("i"), help: ArgumentHelp("The encoding of input and output (default UTF-8): any encoding ICU knows, such as ISO-8859-1 or KOI8-R.", valueName: "encoding"))
    var inputEncoding: String?

    @Flag(name: .customShort("t"), help: "TeX/LaTeX input: commands, math, references and comments are not checked.")
    var tex = false

    @Flag(name: .customShort("H"), help: "HTML input: tags, comments, scripts, styles and code are not checked.")
    var html = false

    @Flag(name: .customShort("X"), help: "XML input: tags and comments are not checked.")
    var xml = false

    @Flag(name: .customShort("n"), help: "nroff/troff input: request names and font changes are not checked.")
    var nroff = false

    @Flag(name: .customShort("1"), help: "Check only the first tab-separated field of each line.")
    var firstField = false

    @Flag(name: .customShort("B"), help: "ispell's 'report run-together words': accepted; compounds follow the dictionary's rules, as in hunspell.")
    var runTogetherMissing = false

    @Flag(name: .customShort("C"), help: "ispell's 'accept run-together words': accepted; compounds follow the dictionary's rules, as in hunspell.")
    var runTogetherLegal = false

    @Flag(name: .customLong("check-url"), help: "Check the words of URLs, mail addresses and paths too.")
    var checkURLs = false

    @Flag(name: .customLong("check-apostrophe"), help: "Report words with an ASCII apostrophe (typographic apostrophes wanted).")
    var checkApostrophe = false

    @Flag(name: .customShort("v"), help: "Print the version and exit (-vv: only the ispell version line).")
    var versionRequests: Int

    @Flag(name: .customLong("roots"), help: "In the pipe, answer '+ ROOT' for words correct through an affix, as ispell does (hunspell answers '*').")
    var roots = false

    @Option(name: .customLong("max-guesses"), help: "The most guesses per misspelled word in the pipe.")
    var maximumGuesses: Int = 15

    @Flag(name: .customShort("m"), help: ArgumentHelp("hunspell's 'analyze words': not supported (ignored with -a, as hunspell ignores it).", visibility: .hidden))
    var analyze = false

    @Flag(name: .customShort("s"), help: ArgumentHelp("hunspell's 'stem words': not supported (ignored with -a).", visibility: .hidden))
    var stem = false

    @Flag(name: .customShort("S"), help: ArgumentHelp("hunspell's 'suffix words': not supported (ignored with -a).", visibility: .hidden))
    var suffix = false

    @Flag(name: .customShort("r"), help: ArgumentHelp("hunspell's 'warn of rare words': not supported.", visibility: .hidden))
    var rare = false

    @Flag(name: .customShort("O"), help: ArgumentHelp("hunspell's OpenDocument input: not supported.", visibility: .hidden))
    var openDocument = false

    @Flag(name: [.customShort("u"), .customShort("U")], help: ArgumentHelp("hunspell's typical-misspelling modes: not supported.", visibility: .hidden))
    var typicalMisspellings: Int

    @Flag(name: .customLong("trace"), help: ArgumentHelp("hunspell's decision trace: not supported.", visibility: .hidden))
    var trace = false

    @Option(name: .customShort("P"), help: ArgumentHelp("hunspell's password for encrypted dictionaries: not supported.", visibility: .hidden))
    var password: String?

    @Option(name: .customShort("T"), help: ArgumentHelp("ispell's string type (a character set of the affix file): not supported; use -i.", visibility: .hidden))
    var stringType: String?

    @Argument(help: "Files to check instead of standard input (empty arguments are ignored, as ispell clients pass one).")
    var files: [String] = []

    func validate() throws {
        if let option = unsupportedOption {
            throw ValidationError("\(option) is not supported by textsvcd")
        }
        if pipe, listWords {
            throw ValidationError("-a (pipe) and -l (list) are different modes: give one")
        }
        if [tex, html, xml, nroff, firstField].filter({ $0 }).count > 1 {
            throw ValidationError("give at most one input format of -t, -H, -X, -n and -1")
        }
        if maximumGuesses < 0 { throw ValidationError("--max-guesses must be 0 or more") }
    }

    /// The first option given that textsvcd refuses, described; options hunspell ignores in pipe mode are ignored there too.
    private var unsupportedOption: String? {
        if openDocument { return "-O (OpenDocument input)" }
        if rare { return "-r (warnings for rare words)" }
        if password != nil { return "-P (encrypted dictionaries)" }
        if stringType != nil { return "-T (ispell string types; give the encoding with -i)" }
        if trace { return "--trace" }
        if typicalMisspellings > 0 { return "-u/-U (typical misspellings)" }
        guard !pipe else { return nil }
        if analyze { return "-m (morphological analysis)" }
        if stem { return "-s (stemming)" }
        if suffix { return "-S (suffix suggestions)" }
        return nil
    }

    func run() throws {
        if versionRequests > 0 {
            print(versionRequests > 1 ? IspellPipe.banner() : IspellPipe.versionText())
            return
        }
        let encoding: TextEncoding
        do {
            encoding = try TextEncoding(name: inputEncoding ?? "UTF-8")
        } catch {
            throw ValidationError("-i \(inputEncoding ?? ""): no such encoding")
        }
        let inputs = files.filter { !$0.isEmpty }
        for file in inputs where !FileManager.default.isReadableFile(atPath: file) {
            StandardError.print("textsvcd ispell: cannot open \(file)")
            throw ExitCode(2)
        }
        let (client, asked) = openClient()
        // Without -d or --lang, the project's `language` (of the first file, else the working folder) applies.
        let languages = asked ?? Project.nearest(to: inputs.first ?? FileManager.default.currentDirectoryPath).settings.languages?.value
        let speller: IspellSpeller
        do {
            speller = try IspellSpeller(client: client, languages: languages)
        } catch {
            StandardError.print("textsvcd ispell: \(error.message)")
            throw ExitCode(2)
        }
        speller.warn = { StandardError.print("textsvcd ispell: \($0)") }
        speller.maximumGuesses = maximumGuesses
        speller.rejectsASCIIApostrophes = checkApostrophe
        if showDictionaries {
            try reportDictionaries(client: client, loaded: speller.languages)
            if inputs.isEmpty { return }
        }
        let list = (personal ?? ProcessInfo.processInfo.environment["WORDLIST"]).map(IspellPersonalList.init(path:))
        if let list {
            do {
                try list.load(into: speller)
            } catch {
                StandardError.print("textsvcd ispell: \(error)")
                throw ExitCode(2)
            }
        }
        var options = IspellRun.Options(encoding: encoding)
        options.filter = filterMode
        options.printsCorrect = printCorrect
        options.format = format
        options.reportsRoots = roots
        options.checksURLs = checkURLs
        var run = IspellRun(speller: speller, options: options, personalList: list)
        do {
            try run.run(files: inputs)
        } catch {
            StandardError.print("textsvcd ispell: \(error.message)")
            throw ExitCode(2)
        }
    }

    /// The filter mode asked for, or nil for the pipe; options hunspell ignores with -a are ignored with it.
    var filterMode: IspellFilter.Mode? {
        if listWords { return .words }
        if pipe { return nil }
        if listLines { return .lines }
        if wordLines { return .wordLines }
        if printCorrect { return .words }
        return nil
    }

    /// The input format from -t, -H, -X, -n and -1; nil when none was given (a file's extension may pick one).
    var format: IspellFormat? {
        if tex { return .tex }
        if html { return .html }
        if xml { return .xml }
        if nroff { return .nroff }
        if firstField { return .firstField }
        return nil
    }

    /// The client of the services, and the languages asked for (`-d` over `--lang`; nil for the default).
    private func openClient() -> (any TextServicesClient, [String]?) {
        var extraPaths: [String] = []
        var languages = global.languages
        if let dictionaries {
            let searched = DictionaryLocator(configuration: .fromEnvironment(dictionaryPaths: global.dictionaryPaths)).searchPath.map(\.folder)
            let selection = IspellDictionarySelection(option: dictionaries, searched: searched)
            languages = selection.languages
            extraPaths = selection.extraPaths
        }
        let client = ClientFactory.forEditorDoor(global.clientOptions, extraDictionaryPaths: extraPaths).makeClient { event in
            if case .fellBack(let reason) = event { StandardError.print("textsvcd ispell: \(reason)") }
        }
        return (client, languages)
    }

    private func reportDictionaries(client: any TextServicesClient, loaded: [String]) throws {
        let searchPath = DictionaryLocator(configuration: .fromEnvironment(dictionaryPaths: global.dictionaryPaths))
            .searchPath.map(\.folder)
        do {
            let lines = try IspellDictionaryReport.lines(client: client, searchPath: searchPath, loaded: loaded)
            StandardError.print(lines.joined(separator: "\n"))
        } catch {
            StandardError.print("textsvcd ispell: \(error.message)")
            throw ExitCode(2)
        }
    }
}
