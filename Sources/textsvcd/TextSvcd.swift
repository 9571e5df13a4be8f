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
            CopyCommand.self,
            PasteCommand.self,
            TokenizeCommand.self,
            FindCommand.self,
        ]
    )
}
