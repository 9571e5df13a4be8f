import ArgumentParser
import TextServices
import TextServicesIO
import TextServicesCLI
import TextServicesProtocol

/// `textsvcd languages`: the dictionaries textsvcd can use.
struct LanguagesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "languages",
        abstract: "List the dictionaries found, with their source and path.",
        discussion: """
            One line per language: tag, source (user, bundled or system), name and path; then a line saying whether \
            and through which program the daemon's general pasteboard mirrors the desktop's clipboard. \
            --json prints the spell.languages result.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Flag(name: .long, help: "Print the result as JSON.")
    var json = false

    func run() throws {
        let context = CommandContext(options: global.clientOptions)
        let result: SpellLanguagesRequest.Response
        do {
            result = try context.client.send(SpellLanguagesRequest())
        } catch {
            StandardError.print("textsvcd: \(error.message)")
            throw ExitCode(2)
        }
        var output = StandardOutputBuffer()
        defer { output.flush() }
        if json {
            output.appendLine(JSONValueEncoder().encode(result).serialized)
            return
        }
        if result.languages.isEmpty {
            StandardError.print("textsvcd: no dictionaries found (install hunspell-en-us, or use --dictionary-path)")
            throw ExitCode(2)
        }
        let width = result.languages.map(\.tag.count).max() ?? 5
        for language in result.languages {
            let padded = language.tag + String(repeating: " ", count: max(0, width - language.tag.count))
            let source = language.source + String(repeating: " ", count: max(0, 8 - language.source.count))
            let name = language.name.map { "  (\($0))" } ?? ""
            output.appendLine("\(padded)  \(source) \(language.path)\(name)")
        }
        let clipboard = (try? context.client.send(StatsRequest()))?.clipboard ?? ClipboardStatus(nil)
        output.appendLine("")
        output.appendLine("clipboard: \(clipboard.summary)")
    }
}
