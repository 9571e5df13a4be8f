import ArgumentParser
import TextServices
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
            SuggestCommand.self,
            CompleteCommand.self,
            LanguagesCommand.self,
            WordsCommand.self,
            CopyCommand.self,
            PasteCommand.self,
            TokenizeCommand.self,
            FindCommand.self,
            LspCommand.self,
            IspellCommand.self,
        ]
    )

    /// Lets textsvcd stand in for `ispell`/`hunspell`: `textsvcd -a ...` and `textsvcd -vv` run `textsvcd ispell`.
    ///
    /// `textsvcd --version` prints the libraries' and the running daemon's versions too (`VersionReport`).
    static func main() async {
        var arguments = Array(CommandLine.arguments.dropFirst())
        if arguments == ["--version"] {
            print(VersionReport.lines(socketPath: SocketPath.resolve()).joined(separator: "\n"))
            return
        }
        if let first = arguments.first, first == "-a" || first == "-v" || first == "-vv"
            || (first.hasPrefix("-") && arguments.contains("-a") && first != "--help" && first != "-h") {
            arguments.insert("ispell", at: 0)
        }
        await main(arguments)
    }
}
