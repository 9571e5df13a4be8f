import ArgumentParser
import Foundation
import TextServices
import TextServicesIO
import TextServicesCLI

/// `textsvcd dictionaries list`: each dictionary found and the state of its compiled forms.
struct ListDictionaries: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List dictionaries and the state of their compiled forms.")

    @OptionGroup var global: GlobalOptions

    @Option(name: .long, help: "Output format: text or json.")
    var format: DictionariesFormat = .text

    func run() throws {
        let catalog = DictionaryCatalog(configuration: Configuration.fromEnvironment(dictionaryPaths: global.dictionaryPaths))
        var output = StandardOutputBuffer()
        defer { output.flush() }
        if catalog.list(as: format.catalogFormat, output: &output) == 0 {
            StandardError.print("textsvcd: no dictionaries found (install hunspell-en-us, or use --dictionary-path)")
            throw ExitCode(2)
        }
    }
}
