import ArgumentParser
import CheckDoor
import Foundation
import TextServices
import TextServicesProtocol

/// `textsvcd check`: spell-check files or standard input, as the language server checks them.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Spell-check files or standard input.",
        discussion: """
            Prints `path:line:column: word -> guess, guess` for each misspelling (columns count \
            characters, from 1), or one misspelled word a line with --format list (like `hunspell -l`), \
            or one JSON object a line with --format json. What is checked depends on the file's type, as \
            in the language server: Markdown without its code, TeX without its commands, source code only \
            in its comments and strings (--mode overrides the choice). Project words count as learned: \
            every .textsvcd/words.txt in a file's folder or the folders above it (standard input: the current \
            directory's), and they are offered as guesses for near misspellings. A folder is checked whole: \
            inside a git work tree the files git lists (tracked, and untracked but not ignored), outside one \
            every file but those in hidden folders; binary, generated (lock files, minified scripts) and \
            large files found there are skipped, and a summary line on standard error counts them. Files \
            are checked on every core. Exit status: 0 clean, 1 misspellings found, 2 an error (an unreadable, \
            binary or non-UTF-8 file named is reported and the others are still checked).
            """
    )

    typealias Format = CheckFormat

    @OptionGroup var global: GlobalOptions

    @Option(name: .long, help: "Output format: text, list or json.")
    var format: Format = .text

    @Option(name: .long, help: "Guesses to show per misspelling in text and json output (0 for none).")
    var guesses: Int = 3

    @Option(name: .long, help: "What to check in each file: auto (by file type), prose, markdown, tex, markup, commit or code.")
    var mode: CheckMode = .auto

    @Argument(help: "Files and folders to check; '-' reads standard input. Nothing: standard input when it is a file or a pipe, else the current git work tree.")
    var files: [String] = []

    func run() throws {
        let context = CommandContext(options: global)
        let options = CheckOptions(format: format, guesses: guesses, mode: mode,
                                   encoding: try global.validatedEncoding() ?? .utf16, languages: context.languages)
        let door = CheckDoor(client: context.client, options: options)
        let list = InputList(paths: files, standardInputIsData: FileSystem.standardInputIsData)
        let outcome = CheckRun(door: door).run(list, output: TerminalCheckOutput(format: format))
        if outcome.exitStatus != 0 { throw ExitCode(outcome.exitStatus) }
    }
}

extension CheckFormat: ExpressibleByArgument {}
extension CheckMode: ExpressibleByArgument {}
