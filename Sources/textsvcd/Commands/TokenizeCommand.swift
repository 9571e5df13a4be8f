import ArgumentParser
import CheckDoor
import TextServices
import TextServicesIO
import TextServicesCLI
import TextServicesProtocol

/// `textsvcd tokenize`: splits a file into characters, words, sentences, lines, paragraphs or the whole document.
struct TokenizeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tokenize",
        abstract: "Split text into units: characters, words, sentences, line-break segments or paragraphs.",
        discussion: """
            Prints one token a line, with line feeds and carriage returns inside a token written as \\n and \\r \
            (--format lines), or one JSON object a line with the token's range, kind (for words) and text \
            (--format json). Ranges count in --position-encoding units (UTF-16 by default) from the start of the input. \
            Exit status: 0 on success, 2 on error.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case lines
        case json
    }

    @OptionGroup var global: GlobalOptions

    @Option(name: .customLong("by"),
            help: "The unit: character, word, sentence, line (line-break opportunities), paragraph or document.")
    var granularity: String

    @Option(help: "Output: lines (one token a line) or json (one object a line with range, kind and text).")
    var format: Format = .lines

    @Option(help: """
        ICU locale for the rules, e.g. th, ja, de@ss=standard (default: root rules); with --by sentence its language's \
        abbreviations, ordinals and initials end no sentence (default: the --lang or default language's).
        """)
    var locale: String?

    @Flag(name: .customLong("words-only"), help: "With --by word, leave out spaces and punctuation.")
    var wordsOnly = false

    @Flag(name: .customLong("language"),
          help: "With --by paragraph, sentence or document, show each unit's detected language (candidates: --lang auto:TAG,...).")
    var showsLanguage = false

    @Flag(name: .customLong("no-abbreviations"),
          help: "With --by sentence, keep ICU's boundaries after abbreviations, ordinals and initials too.")
    var noAbbreviations = false

    @Argument(help: "The file to read, or - for standard input (the default).")
    var file: String = "-"

    func run() throws {
        guard let granularity = Granularity(name: granularity) else {
            StandardError.print("textsvcd: --by must be one of \(Granularity.allCases.map(\.rawValue).joined(separator: ", "))")
            throw ExitCode(2)
        }
        var tokenization = Tokenization(granularity: granularity)
        tokenization.format = Tokenization.Format(rawValue: format.rawValue) ?? .lines
        tokenization.locale = locale ?? (granularity == .sentence ? global.languages?.first : nil)
        tokenization.wordsOnly = wordsOnly
        tokenization.abbreviations = !noAbbreviations
        let unit = tokenization.languageUnit
        if showsLanguage, unit == nil {
            StandardError.print("textsvcd: --language needs --by paragraph, sentence or document")
            throw ExitCode(2)
        }
        let context = CommandContext(options: global.clientOptions)
        var output = StandardOutputBuffer()
        defer { output.flush() }
        do {
            tokenization.encoding = try global.validatedEncoding() ?? .utf16
            let input = try CheckInput.read(file)
            if showsLanguage, let unit {
                try tokenization.runLanguages(input, unit: unit, candidates: Tokenization.candidates(fromLanguages: global.languages),
                                              client: context.client, output: &output)
            } else {
                try tokenization.run(input, client: context.client, output: &output)
            }
        } catch let failure as ServiceError {
            output.flush()
            StandardError.print("textsvcd: \(failure.message)")
            throw ExitCode(2)
        } catch let failure as CheckInput.Problem {
            output.flush()
            StandardError.print("textsvcd: \(failure.description)")
            throw ExitCode(2)
        }
    }
}
