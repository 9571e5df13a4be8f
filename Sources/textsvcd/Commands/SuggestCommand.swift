import ArgumentParser
import TextServices
import TextServicesIO
import TextServicesCLI
import TextServicesProtocol

/// `textsvcd suggest`: guesses for misspelled words.
struct SuggestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "suggest",
        abstract: "Print guesses for words, most likely first.",
        discussion: "Prints `word: guess, guess, ...` a line (`word: *` when the word is correct). Exit 0, or 2 on an error."
    )

    @OptionGroup var global: GlobalOptions

    @Option(name: .long, help: "The most guesses to print per word.")
    var limit: Int = 10

    @Argument(help: "The words to find guesses for.")
    var words: [String]

    func run() throws {
        let context = CommandContext(options: global.clientOptions)
        var output = StandardOutputBuffer()
        defer { output.flush() }
        do {
            for word in words {
                let check = try context.client.send(SpellCheckRequest(text: word, languages: context.languages, limit: 1))
                if check.misspellings.isEmpty, word.split(separator: " ").count == 1, check.wordCount > 0 {
                    output.appendLine("\(word): *")
                    continue
                }
                let guesses = try context.client.send(SpellGuessesRequest(word: word, languages: context.languages, limit: limit))
                output.appendLine("\(word): \(guesses.guesses.joined(separator: ", "))")
            }
        } catch {
            output.flush()
            StandardError.print("textsvcd: \(error.message)")
            throw ExitCode(2)
        }
    }
}
