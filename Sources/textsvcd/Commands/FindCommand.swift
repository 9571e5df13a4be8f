import ArgumentParser
import TextServices
import TextServicesIO
import TextServicesCLI
import TextServicesProtocol

/// `textsvcd find`: grep with ICU regular expressions.
struct FindCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "find",
        abstract: "Search files with an ICU regular expression, like grep.",
        discussion: """
            Prints each matching line as path:line:column: text, where column counts characters from 1; \
            standard input is shown as -. ^ and $ match at line ends. Folders are searched as `check` walks them \
            (git's files inside a work tree, hidden folders skipped outside). Binary files and invalid UTF-8 named \
            are skipped with an error; binary files found in folders are passed over. \
            Exit status: 0 when something matched, 1 when nothing did, 2 on error.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The ICU regular expression (see https://unicode-org.github.io/icu/userguide/strings/regexp.html).")
    var pattern: String

    @Argument(help: "Files and folders to search; - for standard input. None: standard input when it is a file or a pipe, else the current git work tree.")
    var files: [String] = []

    @Flag(name: [.customShort("i"), .customLong("ignore-case")], help: "Match letters regardless of case.")
    var ignoreCase = false

    @Flag(name: [.customShort("o"), .customLong("only-matching")], help: "Print only each match, one per line, instead of the whole line.")
    var onlyMatching = false

    @Flag(name: [.customShort("F"), .customLong("fixed-strings")], help: "Take the pattern as literal text.")
    var fixedStrings = false

    @Flag(name: .customLong("no-filename"), help: "Leave the path: prefix out.")
    var noFilename = false

    @Option(name: [.customShort("m"), .customLong("max-count")], help: "Stop a file after this many matching lines.")
    var maxCount: Int?

    func run() throws {
        var search = FileSearch(pattern: pattern)
        search.ignoreCase = ignoreCase
        search.onlyMatching = onlyMatching
        search.fixedStrings = fixedStrings
        search.noFilename = noFilename
        search.maxCount = maxCount
        let context = CommandContext(options: global.clientOptions)
        var output = StandardOutputBuffer()
        let list = InputList(paths: files, standardInputIsData: FileSystem.standardInputIsData)
        let outcome = search.run(list, client: context.client, output: &output, warn: StandardError.print)
        if outcome != .matched { throw ExitCode(outcome.rawValue) }
    }
}
