import ArgumentParser
import TextServices

/// `textsvcd languages`: the dictionaries textsvcd can use.
struct LanguagesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "languages",
        abstract: "List the dictionaries found, with their source and path.",
        discussion: "One line per language: tag, source (user, bundled or system), name and path. --json prints the method's result."
    )

    @OptionGroup var global: GlobalOptions

    @Flag(name: .long, help: "Print the result as JSON.")
    var json = false

    func run() throws {
        let context = CommandContext(options: global)
        let result: JSONValue
        do {
            result = try context.call("spell.languages", [:])
        } catch let failure as CommandFailure {
            StandardError.print("textsvcd: \(failure)")
            throw ExitCode(2)
        }
        var output = StandardOutputBuffer()
        defer { output.flush() }
        if json {
            output.appendLine(result.serialized)
            return
        }
        let languages = result["languages"]?.arrayValue ?? []
        if languages.isEmpty {
            StandardError.print("textsvcd: no dictionaries found (install hunspell-en-us, or use --dictionary-path)")
            throw ExitCode(2)
        }
        let width = languages.compactMap { $0["tag"]?.stringValue?.count }.max() ?? 5
        for language in languages {
            let tag = language["tag"]?.stringValue ?? "?"
            let source = language["source"]?.stringValue ?? "?"
            let name = language["name"]?.stringValue ?? ""
            let path = language["path"]?.stringValue ?? ""
            let padded = tag + String(repeating: " ", count: max(0, width - tag.count))
            let sourcePadded = source + String(repeating: " ", count: max(0, 8 - source.count))
            output.appendLine("\(padded)  \(sourcePadded) \(path)\(name.isEmpty ? "" : "  (\(name))")")
        }
    }
}
