import ArgumentParser

@main
struct TextSvcd: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "textsvcd",
        abstract: "A text-services daemon: spelling, text units, regular expressions, edit actions and pasteboards.",
        version: "0.1.0",
        subcommands: [
            ServeCommand.self,
            CallCommand.self,
            CheckCommand.self,
            SuggestCommand.self,
            CompleteCommand.self,
            LanguagesCommand.self,
            DictionariesCommand.self,
            CopyCommand.self,
            PasteCommand.self,
            TokenizeCommand.self,
            FindCommand.self,
            LspCommand.self,
            IspellCommand.self,
            BenchSuggest.self,
        ]
    )

    /// Lets textsvcd stand in for `ispell`/`hunspell`: `textsvcd -a ...` and `textsvcd -vv` run `textsvcd ispell`.
    static func main() async {
        var arguments = Array(CommandLine.arguments.dropFirst())
        if let first = arguments.first, first == "-a" || first == "-v" || first == "-vv"
            || (first.hasPrefix("-") && arguments.contains("-a") && first != "--help" && first != "-h") {
            arguments.insert("ispell", at: 0)
        }
        await main(arguments)
    }
}
