import ArgumentParser
import TextServices
import TextServicesIO
import TextServicesCLI
import TextServicesProtocol

/// `textsvcd complete`: words that complete a prefix.
struct CompleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "complete",
        abstract: "Print words that complete a prefix, most likely first, in the prefix's case.",
        discussion: "One completion a line. Exit 0, or 2 on an error."
    )

    @OptionGroup var global: GlobalOptions

    @Option(name: .long, help: "The most completions to print.")
    var limit: Int = 10

    @Argument(help: "The prefix to complete.")
    var prefix: String

    func run() throws {
        let context = CommandContext(options: global.clientOptions)
        do {
            let result = try context.client.send(SpellCompleteRequest(prefix: prefix, languages: context.languages, limit: limit))
            var output = StandardOutputBuffer()
            for completion in result.completions { output.appendLine(completion) }
            output.flush()
        } catch {
            StandardError.print("textsvcd: \(error.message)")
            throw ExitCode(2)
        }
    }
}
