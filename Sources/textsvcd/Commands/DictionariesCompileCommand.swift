import ArgumentParser
import Foundation
import TextServices
import TextServicesIO
import TextServicesCLI

/// `textsvcd dictionaries compile`: compiles dictionaries into the cache folder.
struct CompileDictionaries: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compile",
        abstract: "Compile dictionaries into the cache folder (all found, or the given tags).",
        discussion: "Shows a progress bar when standard error is a terminal (and CI is unset, TERM is not dumb, the format is text)."
    )

    @OptionGroup var global: GlobalOptions

    @Option(name: .long, help: "Output format: text or json.")
    var format: DictionariesFormat = .text

    @Flag(name: .long, help: "Compile even when a current compiled form exists.")
    var force = false

    @Option(name: .long, help: "Run at this lower priority (nice 1-19); 0 keeps the priority.")
    var nice: Int32 = 0

    @Flag(name: .long, help: ArgumentHelp("Wait until no other queued compile runs in the folder (background compiles pass it).",
                                           visibility: .hidden))
    var queue = false

    @Option(name: .long, help: ArgumentHelp("The folder to write to (default: $XDG_CACHE_HOME/textsvcd).", visibility: .hidden))
    var compiledFolder: String?

    @Flag(name: .long, help: ArgumentHelp("Also compile the language model of the bundled word lists, which --lang auto maps; with no tags, only that.",
                                           discussion: "An install does this once, so that no user's first automatic check builds its own."))
    var languageModel = false

    @Argument(help: "Language tags (all dictionaries found when none, unless --language-model is given).")
    var tags: [String] = []

    func run() throws {
        if nice > 0 { DictionaryCompiler.lowerPriority(min(nice, 19)) }
        let configuration = Configuration.fromEnvironment(dictionaryPaths: global.dictionaryPaths)
        let catalog = DictionaryCatalog(configuration: configuration, folder: compiledFolder)
        var output = StandardOutputBuffer()
        defer { output.flush() }
        if languageModel {
            guard catalog.compileLanguageModel(bundled: configuration.bundledDictionaries, force: force,
                                               format: format.catalogFormat, output: &output, warn: StandardError.print) else {
                throw ExitCode(2)
            }
            if tags.isEmpty { return }
        }
        let infos: [DictionaryInfo]
        do {
            infos = try catalog.dictionaries(tags)
        } catch {
            StandardError.print("textsvcd: \(error.message)")
            throw ExitCode(2)
        }
        if !catalog.compile(infos, force: force, format: format.catalogFormat, queued: queue, output: &output, warn: StandardError.print) {
            throw ExitCode(2)
        }
    }
}
