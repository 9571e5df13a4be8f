import ArgumentParser
import Foundation
import TextServices
import TextServicesProtocol

/// `textsvcd check`: spell-check files or standard input, as the language server checks them.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Spell-check files or standard input.",
        discussion: """
            Prints `path:line:column: word -> guess, guess` for each misspelling (columns count \
            characters, from 1), or one misspelled word a line with --format list (like `hunspell -l`), \
            or one JSON object a line with --format json. What is checked depends on the file's type, as \
            in the language server: Markdown without its code, TeX without its commands, source code only \
            in its comments and strings (--mode overrides the choice). Project words count as learned: \
            every .textsvcd/words.txt in a file's folder or the folders above it (standard input: the current \
            directory's), and they are offered as guesses for near misspellings. Exit status: 0 clean, \
            1 misspellings found, 2 an error (an unreadable, binary or non-UTF-8 file is reported and the \
            others are still checked).
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, list, json
    }

    @OptionGroup var global: GlobalOptions

    @Option(name: .long, help: "Output format: text, list or json.")
    var format: Format = .text

    @Option(name: .long, help: "Guesses to show per misspelling in text and json output (0 for none).")
    var guesses: Int = 3

    @Option(name: .long, help: "What to check in each file: auto (by file type), prose, markdown, tex, markup, commit or code.")
    var mode: CheckMode = .auto

    @Argument(help: "Files to check; '-' or nothing reads standard input.")
    var files: [String] = []

    func run() throws {
        let context = CommandContext(options: global)
        let encoding = try global.validatedEncoding() ?? .utf16
        var sawError = false
        var sawMisspelling = false
        var output = StandardOutputBuffer()
        var warned = Set<String>()
        // A bar on a terminal for big jobs only; see CheckCommand+Progress.swift.
        let progress = CheckProgress(files: files.isEmpty ? ["-"] : files, format: format)
        for path in files.isEmpty ? ["-"] : files {
            let input: InputFile
            do {
                input = try InputFile.read(path)
            } catch {
                progress.clear()
                output.flush()
                StandardError.print("textsvcd: \(error)")
                sawError = true
                progress.checked(nil)
                continue
            }
            progress.read(input)
            let project = ProjectWords.nearest(to: input.name == "-" ? FileManager.default.currentDirectoryPath : input.name)
            for problem in project.problems where warned.insert(problem).inserted {
                progress.clear()
                StandardError.print("textsvcd: warning: \(problem)")
            }
            do {
                let found = try check(input, project: project, context: context, encoding: encoding, output: &output,
                                      progress: progress)
                sawMisspelling = sawMisspelling || found
            } catch {
                progress.clear()
                output.flush()
                StandardError.print("textsvcd: \(path): \(ServiceError(wrapping: error).message)")
                sawError = true
            }
            progress.checked(input)
        }
        progress.finish()
        output.flush()
        if sawError { throw ExitCode(2) }
        if sawMisspelling { throw ExitCode(1) }
    }

    /// Checks one input, with its project's words, and prints its misspellings; returns whether there were any.
    private func check(_ input: InputFile, project: ProjectWords, context: CommandContext, encoding: PositionEncoding,
                       output: inout StandardOutputBuffer, progress: CheckProgress) throws -> Bool {
        var spelling = ClientWordChecking(client: context.client, languages: context.languages)
        spelling.onProgress = progress.onPieces
        let checker = AcceptingWords(spelling, spellings: project.spellings)
        let kind = mode.kind(forPath: input.name == "-" ? nil : input.name)
        let misspellings = try DocumentChecker().check(input.text, kind: kind, using: checker).misspellings
        let guessCount = format == .list ? 0 : max(0, guesses)
        let guesses = try guessTable(for: misspellings, count: guessCount, project: project, client: context.client,
                                     languages: context.languages)
        progress.clear()
        var locator = LineLocator(input.text)
        for misspelling in misspellings {
            let word = misspelling.word
            switch format {
            case .list:
                output.appendLine(word)
            case .text:
                let (line, column) = locator.locate(misspelling.range.lowerBound)
                let suggestions = guesses[word] ?? []
                let suffix = suggestions.isEmpty ? "" : " -> " + suggestions.joined(separator: ", ")
                let language = misspelling.language.map { " [\($0)]" } ?? ""
                output.appendLine("\(input.name):\(line):\(column): \(word)\(language)\(suffix)")
            case .json:
                let (line, column) = locator.locate(misspelling.range.lowerBound)
                let range = input.text.encode(misspelling.range, as: encoding)
                var object: JSONObject = [
                    "path": .string(input.name), "line": .int(line), "column": .int(column),
                    "word": .string(word), "range": ["start": .int(range.start), "end": .int(range.end)],
                ]
                if guessCount > 0 { object["guesses"] = .strings(guesses[word] ?? []) }
                if let language = misspelling.language { object["language"] = .string(language) }
                if !misspelling.alsoIn.isEmpty { object["alsoIn"] = .strings(misspelling.alsoIn) }
                output.appendLine(JSONValue.object(object).serialized)
            }
        }
        return !misspellings.isEmpty
    }

    /// Guesses for each distinct misspelled word, asked all at once; near project words join the dictionary's.
    private func guessTable(for misspellings: [Misspelling], count: Int, project: ProjectWords, client: any TextServicesClient,
                            languages: [String]?) throws(ServiceError) -> [String: [String]] {
        guard count > 0 else { return [:] }
        var words: [String] = []
        var wordLanguages: [[String]?] = []
        var seen = Set<String>()
        for misspelling in misspellings where seen.insert(misspelling.word).inserted {
            words.append(misspelling.word)
            // With `--lang auto`, each word is guessed in the language it was found in.
            wordLanguages.append(misspelling.language.map { [$0] } ?? languages)
        }
        let outcomes = client.sendAll(zip(words, wordLanguages).map { SpellGuessesRequest(word: $0, languages: $1, limit: count) })
        var table: [String: [String]] = [:]
        for (word, outcome) in zip(words, outcomes) {
            table[word] = project.guesses(near: word, before: try outcome.get().guesses, limit: count)
        }
        return table
    }
}

/// Which parts of a file `check` reads: chosen by file type, or set for every file.
enum CheckMode: String, ExpressibleByArgument, CaseIterable {
    case auto, prose, markdown, tex, markup, commit, code

    /// The document kind for a file at `path` (nil for standard input).
    func kind(forPath path: String?) -> DocumentKind {
        switch self {
        case .auto: return DocumentKind(languageId: nil, path: path)
        case .prose: return .plainText
        case .markdown: return .markdown
        case .tex: return .tex
        case .markup: return .markup
        case .commit: return .gitCommit
        case .code:
            if let path, case .source(let language) = DocumentKind(languageId: nil, path: path) { return .source(language) }
            return .source(.c)
        }
    }
}
