import ArgumentParser
import Foundation
import Ispell
import TextServices
import TextServicesProtocol

/// `textsvcd ispell` (also `textsvcd -a`): the `ispell -a` / `hunspell -a` pipe on standard input and output.
struct IspellCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ispell",
        abstract: "Spell-check lines from standard input with the ispell/hunspell -a pipe protocol.",
        discussion: """
            Prints a banner line, then answers each input line with one line per word (*, & WORD COUNT OFFSET: \
            GUESSES, or # WORD OFFSET) and an empty line. Commands: *word learns a word, &word learns it in lower \
            case, @word accepts it for this session, # saves, ! and % enter and leave terse mode, + and - enter and \
            leave TeX mode, ~tex picks a mode by file type, ^ escapes a line. Works as Emacs's ispell-program-name.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Flag(name: .customShort("a"), help: "Pipe mode (always on; accepted for compatibility).")
    var pipe = false

    @Option(name: .customShort("d"), help: ArgumentHelp("Dictionaries: language tags or paths without extension, comma-separated (like hunspell -d).", valueName: "dicts"))
    var dictionaries: String?

    @Flag(name: .customShort("t"), help: "Start in TeX/LaTeX mode.")
    var tex = false

    @Flag(name: .customShort("n"), help: "nroff/troff input (checked as plain text).")
    var nroff = false

    @Option(name: .customShort("p"), help: ArgumentHelp("A personal word list (one word a line) to accept for this session.", valueName: "file"))
    var personal: String?

    @Option(name: .customShort("i"), help: ArgumentHelp("Input encoding; only UTF-8 is supported.", valueName: "encoding"))
    var inputEncoding: String?

    @Flag(name: .customShort("v"), help: "Print the version line (the banner) and exit.")
    var versionRequests: Int

    @Flag(name: .customLong("roots"), help: "Answer '+ ROOT' for words correct through an affix, as ispell does (hunspell answers '*').")
    var roots = false

    @Option(name: .customLong("max-guesses"), help: "The most guesses per misspelled word.")
    var maximumGuesses: Int = 15

    @Argument(parsing: .allUnrecognized, help: "Other ispell/hunspell flags (-m, -B, -C, -S, -P, -T TYPE, -w CHARS, ...): accepted and ignored.")
    var ignored: [String] = []

    func run() throws {
        if versionRequests > 0 {
            print(IspellPipe.banner())
            return
        }
        if let inputEncoding, !["utf-8", "utf8"].contains(inputEncoding.lowercased()) {
            throw ValidationError("-i \(inputEncoding): only UTF-8 input is supported")
        }
        var extraPaths: [String] = []
        var languages = global.languages
        if let dictionaries {
            // A dictionary given by path: its folder joins the search path, unless it is on it already (the daemon sees those).
            let searched = Set(DictionaryLocator(configuration: .fromEnvironment(dictionaryPaths: global.dictionaryPaths))
                .searchPath.map { URL(fileURLWithPath: $0.folder).standardizedFileURL.path })
            languages = dictionaries.split(separator: ",").map { entry in
                let value = String(entry)
                guard value.contains("/") else { return value }
                let url = URL(fileURLWithPath: value)
                let folder = url.deletingLastPathComponent().standardizedFileURL.path
                if !searched.contains(folder), !extraPaths.contains(folder) { extraPaths.append(folder) }
                return url.lastPathComponent
            }
        }
        let client = DaemonLauncher.doorClient(options: global, extraDictionaryPaths: extraPaths) { event in
            if case .fellBack(let reason) = event { StandardError.print("textsvcd ispell: \(reason)") }
        }
        var options = IspellPipe.Options()
        options.tex = tex
        options.reportRoots = roots
        options.maximumGuesses = max(0, maximumGuesses)
        let pipe: IspellPipe
        do {
            pipe = try IspellPipe(client: client, languages: languages, options: options)
        } catch {
            StandardError.print("textsvcd ispell: \(error.message)")
            throw ExitCode(2)
        }
        pipe.warn = { StandardError.print("textsvcd ispell: \($0)") }
        if let personal {
            if let data = FileManager.default.contents(atPath: personal) {
                for word in String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline) {
                    _ = pipe.process(Array("@\(word)".utf8))
                }
            } else {
                StandardError.print("textsvcd ispell: cannot read personal word list \(personal); continuing without it")
            }
        }
        let output = FileHandle.standardOutput
        output.write(Data((IspellPipe.banner() + "\n").utf8))
        var reader = LineReader(handle: FileHandle.standardInput)
        while let line = reader.nextLine() {
            let answer = pipe.process(line)
            guard !answer.isEmpty else { continue }
            output.write(Data(answer.map { $0 + "\n" }.joined().utf8))
        }
    }
}
