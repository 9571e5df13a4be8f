import ArgumentParser
import TextServices
import TextServicesCLI
import TextServicesProtocol

@main
struct TextSvcd: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "textsvcd",
        abstract: "A text-services daemon: spelling, text units, regular expressions, edit actions and pasteboards.",
        version: TextServicesVersion.version,
        subcommands: [
            ServeCommand.self,
            CallCommand.self,
            CheckCommand.self,
            ConfigCommand.self,
            SuggestCommand.self,
            CompleteCommand.self,
            LanguagesCommand.self,
            DictionariesCommand.self,
            WordsCommand.self,
            CopyCommand.self,
            PasteCommand.self,
            TokenizeCommand.self,
            FindCommand.self,
            LspCommand.self,
            IspellCommand.self,
        ]
    )

    /// Lets textsvcd stand in for `hunspell`: `textsvcd -a ...`, `textsvcd -l ...`, `textsvcd -D`, `textsvcd -vv` run `textsvcd ispell`.
    ///
    /// Arguments that start with an option and name no command go to
    /// `ispell`, as ispell clients (Emacs's ispell.el and flyspell) call
    /// their program. `textsvcd --version` prints the libraries' and the
    /// running daemon's versions too (`VersionReport`).
    static func main() async {
        var arguments = Array(CommandLine.arguments.dropFirst())
        if arguments == ["--version"] {
            print(VersionReport.lines(socketPath: SocketPath.resolve()).joined(separator: "\n"))
            return
        }
        if isHunspellStyle(arguments) { arguments.insert("ispell", at: 0) }
        if arguments.first == "check" { arguments = CheckCommand.withDiffReference(arguments) }
        await main(arguments)
    }

    /// Whether a command line is one an ispell client would give hunspell: an option first, and no command named.
    static func isHunspellStyle(_ arguments: [String]) -> Bool {
        guard let first = arguments.first, first.hasPrefix("-"),
              !["-h", "--help", "--version", "--generate-completion-script", "--experimental-dump-help"].contains(first)
        else { return false }
        let commands = Set(configuration.subcommands.compactMap { $0.configuration.commandName } + ["help"])
        return !arguments.contains { commands.contains($0) }
    }
}
