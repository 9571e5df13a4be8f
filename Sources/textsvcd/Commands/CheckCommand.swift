import ArgumentParser
import CheckDoor
import Foundation
import TextServices
import TextServicesIO
import TextServicesCLI
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
            binary or non-UTF-8 file named is reported and the others are still checked). --format sarif \
            writes one SARIF 2.1.0 log, --format github one workflow-command annotation a misspelling \
            (docs/ci.md). --diff [REF] reports only misspellings on lines added or changed since REF \
            (default HEAD, uncommitted and untracked work included), --staged on the lines staged; with no \
            path they check the changed files. On a terminal, a last line on standard error counts files, \
            words, misspellings and seconds.
            """
    )

    typealias Format = CheckFormat

    @OptionGroup var global: GlobalOptions

    @Option(name: .long, help: "Output format: text, list, json, sarif or github.")
    var format: Format = .text

    @Option(name: .long, help: "Guesses to show per misspelling in text and json output (0 for none).")
    var guesses: Int = 3

    @Option(name: .long, help: "What to check in each file: auto (by file type), prose, markdown, tex, markup, commit or code.")
    var mode: CheckMode = .auto

    @Option(name: .long, help: ArgumentHelp("Report only lines added or changed since REF (default HEAD: uncommitted work).", valueName: "REF"))
    var diff: String?

    @Flag(name: .long, help: "Report only lines staged for the next commit.")
    var staged = false

    @Flag(name: .long, help: "Replace each misspelling whose first guess is confident (docs/ci.md); report the others.")
    var fix = false

    @Flag(name: .customLong("dry-run"), help: "With --fix: print a unified diff of the fixes instead of writing files.")
    var dryRun = false

    @Flag(name: .customLong("fix-identifiers"), help: "With --fix: also change words inside code identifiers.")
    var fixIdentifiers = false

    @Flag(name: .customLong("fix-strings"), help: "With --fix: also change words inside string literals of code.")
    var fixStrings = false

    @Option(name: .customLong("fix-margin"), help: ArgumentHelp("With --fix: the least lead of the first guess over the next (default 3.5).", valueName: "POINTS"))
    var fixMargin: Double?

    @Flag(name: .long, help: "Ask on the terminal about each misspelling: pick a guess, type a replacement, ignore, add to the project, learn, skip or quit (docs/ci.md).")
    var interactive = false

    @Flag(name: .customLong("repository-words"), inversion: .prefixedNo,
          help: "In folders walked, do not report words the tree uses again and again (docs/config.md).")
    var repositoryWords = true

    @Option(name: .customLong("other-scripts"),
            help: "Words in a script none of the languages is written in (Cyrillic with --lang en_US): skip (the default, counted in the summary) or check.")
    var otherScripts: OtherScripts?

    @Argument(help: "Files and folders to check; '-' reads standard input. Nothing: standard input when it is a file or a pipe, else the current git work tree.")
    var files: [String] = []

    func validate() throws {
        if diff != nil, staged { throw ValidationError("--diff and --staged cannot be used together.") }
        if !fix, dryRun || fixIdentifiers || fixStrings || fixMargin != nil {
            throw ValidationError("--dry-run, --fix-identifiers, --fix-strings and --fix-margin go with --fix.")
        }
        if fix, format != .text { throw ValidationError("--fix reports in the text format.") }
        if interactive, fix || format != .text { throw ValidationError("--interactive asks about each word; it goes with neither --fix nor --format.") }
    }

    func run() throws {
        let started = ContinuousClock.now
        let context = CommandContext(options: global.clientOptions)
        var options = CheckOptions(format: format, guesses: guesses, mode: mode,
                                   encoding: try global.validatedEncoding() ?? .utf16, languages: context.languages)
        options.languageLabel = context.languages?.joined(separator: ",") ?? context.configuration.defaultLanguage
        if !repositoryWords { options.repositoryVocabulary = nil }
        options.otherScripts = otherScripts
        if fix {
            options.fix = CheckFix(dryRun: dryRun, identifiers: fixIdentifiers, strings: fixStrings, margin: fixMargin ?? GuessConfidence.fixMargin)
        }
        options.interactive = interactive
        var session: InteractiveSession?
        if interactive {
            do {
                session = InteractiveSession(terminal: try ControllingTerminal(), client: context.client, languages: context.languages)
            } catch {
                StandardError.print("textsvcd: --interactive asks on a terminal, and this process has none (\(error))")
                throw ExitCode(2)
            }
        }
        defer { session?.terminal.restore() }
        var paths = files
        var nothingChanged = false
        if diff != nil || staged {
            do {
                let changes = try ChangedLines.load(staged ? .staged : .commit(diff ?? "HEAD"))
                options.changedLines = changes
                if paths.isEmpty {
                    paths = changes.existingPaths
                    nothingChanged = paths.isEmpty
                }
            } catch {
                StandardError.print("textsvcd: \(error)")
                throw ExitCode(2)
            }
        }
        let door = CheckDoor(client: context.client, options: options)
        let list = nothingChanged ? nil : InputList(paths: paths, standardInputIsData: FileSystem.standardInputIsData)
        func run(_ output: some CheckOutput) -> CheckRun.Outcome {
            guard let list else { return CheckRun(door: door).run(inputs: [], output: output) }
            return CheckRun(door: door).run(list, output: output, asking: session)
        }
        // A closed standard output (`check | head -1`) ends the run quietly once the files begun are done, instead of a signal
        // that could end it in the middle of a file's replacement.
        FileSystem.ignoreBrokenPipeSignal()
        let terminal = TerminalCheckOutput(format: format, showsProgress: !interactive)
        var outcome = format == .sarif ? run(SARIFCheckOutput(wrapping: terminal)) : run(terminal)
        if let failure = terminal.writeError {
            StandardError.print("textsvcd: the findings could not be written: \(failure)")
            outcome.sawError = true
        }
        if isatty(STDERR_FILENO) == 1 {
            let elapsed = ContinuousClock.now - started
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            StandardError.print("textsvcd: " + outcome.summaryLine(seconds: seconds))
        }
        if outcome.exitStatus != 0 { throw ExitCode(outcome.exitStatus) }
    }

    /// A `check` command line with `--diff`'s optional reference made explicit, as ArgumentParser needs it.
    ///
    /// As in `git diff [REF] [PATH...]`, the argument after `--diff` is the
    /// reference unless it is an option or names an existing file or folder;
    /// a bare `--diff` means `--diff=HEAD`.
    static func withDiffReference(_ arguments: [String]) -> [String] {
        var result: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                result += arguments[(index - 1)...]
                break
            }
            guard argument == "--diff" else { result.append(argument); continue }
            if index < arguments.count, !arguments[index].hasPrefix("-"), !FileSystem.exists(arguments[index]) {
                result.append("--diff=" + arguments[index])
                index += 1
            } else {
                result.append("--diff=HEAD")
            }
        }
        return result
    }
}

extension CheckFormat: ExpressibleByArgument {}
extension CheckMode: ExpressibleByArgument {}
extension OtherScripts: ExpressibleByArgument {}
