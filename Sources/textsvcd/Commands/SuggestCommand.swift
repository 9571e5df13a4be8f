import ArgumentParser
import TextServices

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
        let context = CommandContext(options: global)
        var output = StandardOutputBuffer()
        defer { output.flush() }
        do {
            for word in words {
                let check = try context.call("spell.check", context.withLanguages(["text": .string(word), "limit": 1]))
                if check["misspellings"]?.arrayValue?.isEmpty ?? false, word.split(separator: " ").count == 1,
                   check["wordCount"]?.intValue ?? 0 > 0 {
                    output.appendLine("\(word): *")
                    continue
                }
                let result = try context.call("spell.guesses",
                                              context.withLanguages(["word": .string(word), "limit": .int(limit)]))
                let guesses = result["guesses"]?.arrayValue?.compactMap(\.stringValue) ?? []
                output.appendLine("\(word): \(guesses.joined(separator: ", "))")
            }
        } catch let failure as CommandFailure {
            output.flush()
            StandardError.print("textsvcd: \(failure)")
            throw ExitCode(2)
        }
    }
}
