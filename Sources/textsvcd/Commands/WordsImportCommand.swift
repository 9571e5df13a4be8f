import ArgumentParser
import TextServices
import TextServicesIO
import TextServicesCLI

/// `textsvcd words import`: word lists of other spell checkers into the personal or the project dictionary.
struct WordsImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import word lists (hunspell, aspell, cspell, codebook, plain) into the personal or the project dictionary.",
        discussion: """
            Reads hunspell's personal dictionary (~/.hunspell_<lang>: word/FLAGS keeps the word, a leading * \
            marks a forbidden word, left out), aspell's .pws (personal_ws-1.1 LANG COUNT [ENCODING], then the \
            words), cspell's cspell.json or .cspell.json (its words and ignoreWords; comments allowed), \
            codebook's codebook.toml (its words) and plain lists (one word a line, # comments). The format \
            comes from the file's name, then its first lines, unless --format says. \
            Without --project the words are learned into the personal dictionary of --lang (else the language \
            the file names, else the default), through the running daemon so that every editor sees them at \
            once; words the dictionary already accepts are counted as already known. With --project they are \
            added to the nearest .textsvcd/words.txt above the current directory; when there is none, \
            .textsvcd/words.txt is created at the repository's root (the nearest folder above holding .git), \
            else in the current directory. Each file is read whole before anything is written, so a bad file \
            imports nothing and files before it stay imported. \
            Prints "FILE: imported N words (M already known) into WHERE" for each file, and notes on what was \
            left out to standard error. Exit status: 0 imported, 2 an error (a missing or malformed file, bad \
            UTF-8, a word the dictionary could not take), after the other files were imported.
            """
    )

    /// The `--format` values: a format, or `auto` to detect it.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case auto, hunspell, aspell, cspell, codebook, plain
    }

    @OptionGroup var global: GlobalOptions

    @Flag(name: .long, help: "Add the words to the project's .textsvcd/words.txt (the nearest above the current directory) instead of the personal dictionary.")
    var project = false

    @Option(name: .long, help: "The files' format; auto detects it from the name, then the content.")
    var format: Format = .auto

    @Argument(help: "Word lists to import; '-' reads standard input.")
    var files: [String]

    func validate() throws {
        if files.isEmpty { throw ValidationError("name at least one word list to import ('-' for standard input)") }
    }

    func run() throws {
        let context = CommandContext(options: global.clientOptions)
        let importer = WordListImport(format: WordListFormat(rawValue: format.rawValue), project: project)
        let succeeded = importer.run(files, client: context.client, languages: context.languages,
                                     print: { print($0) }, warn: StandardError.print)
        if !succeeded { throw ExitCode(2) }
    }
}
