import ArgumentParser
import CheckDoor
import Foundation
import TextServices
import TextServicesCLI
import TextServicesProtocol

/// `textsvcd words import`: word lists of other spell checkers into the personal or the project dictionary.
struct WordsImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import word lists (hunspell, aspell, cspell, codebook, plain) into the personal or the project dictionary.",
        discussion: """
            Reads hunspell's personal dictionary (~/.hunspell_<lang>: word/FLAGS keeps the word, a leading * \
            marks a forbidden word, left out), aspell's .pws (personal_ws-1.1 LANG COUNT [ENCODING], then the \
            words), cspell's cspell.json or .cspell.json (its words and ignoreWords; comments allowed), \
            codebook's codebook.toml (its words) and plain lists (one word a line, # comments). The format \
            comes from the file's name, then its first lines, unless --format says. \
            Without --project the words are learned into the personal dictionary of --lang (else the language \
            the file names, else the default), through the running daemon so that every editor sees them at \
            once; words the dictionary already accepts are counted as already known. With --project they are \
            added to the nearest .textsvcd/words.txt above the current directory; when there is none, \
            .textsvcd/words.txt is created at the repository's root (the nearest folder above holding .git), \
            else in the current directory. Each file is read whole before anything is written, so a bad file \
            imports nothing and files before it stay imported. \
            Prints "FILE: imported N words (M already known) into WHERE" for each file, and notes on what was \
            left out to standard error. Exit status: 0 imported, 2 an error (a missing or malformed file, bad \
            UTF-8, a word the dictionary could not take), after the other files were imported.
            """
    )

    /// The `--format` values: a format, or `auto` to detect it.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case auto, hunspell, aspell, cspell, codebook, plain

        /// The format to read `path` with.
        func resolved(path: String, bytes: [UInt8]) -> WordListFormat {
            switch self {
            case .auto: return WordListFormat.detect(path: path, bytes: bytes)
            case .hunspell: return .hunspell
            case .aspell: return .aspell
            case .cspell: return .cspell
            case .codebook: return .codebook
            case .plain: return .plain
            }
        }
    }

    @OptionGroup var global: GlobalOptions

    @Flag(name: .long, help: "Add the words to the project's .textsvcd/words.txt (the nearest above the current directory) instead of the personal dictionary.")
    var project = false

    @Option(name: .long, help: "The files' format; auto detects it from the name, then the content.")
    var format: Format = .auto

    @Argument(help: "Word lists to import; '-' reads standard input.")
    var files: [String]

    /// The most words learned in one pipelined batch.
    static let batchSize = 128

    /// What importing one file did.
    struct Summary {
        var added: Int
        var known: Int
        var destination: String
        var failures: [String] = []
    }

    func validate() throws {
        if files.isEmpty { throw ValidationError("name at least one word list to import ('-' for standard input)") }
    }

    func run() throws {
        let context = CommandContext(options: global.clientOptions)
        var sawError = false
        for path in files {
            let bytes: [UInt8]
            do {
                bytes = try CheckInput.readBytes(path)
            } catch {
                StandardError.print("textsvcd: \(error)")
                sawError = true
                continue
            }
            let contents: WordListFormat.Contents
            do {
                contents = try format.resolved(path: path, bytes: bytes).read(bytes, path: path)
            } catch {
                StandardError.print("textsvcd: \(error)")
                sawError = true
                continue
            }
            printNotes(contents.notes, path: path)
            do {
                let summary = project ? try importIntoProject(contents.words)
                                      : try importIntoPersonal(contents, context: context)
                let noun = summary.added == 1 ? "word" : "words"
                print("\(path): imported \(summary.added) \(noun) (\(summary.known) already known) into \(summary.destination)")
                for failure in summary.failures { StandardError.print("textsvcd: \(path): \(failure)") }
                if !summary.failures.isEmpty { sawError = true }
            } catch {
                StandardError.print("textsvcd: \(path): \(ServiceError(wrapping: error).message)")
                sawError = true
            }
        }
        if sawError { throw ExitCode(2) }
    }

    /// Prints what a reader left out, at most ten notes a file.
    private func printNotes(_ notes: [WordListFormat.Note], path: String) {
        for note in notes.prefix(10) { StandardError.print("textsvcd: note: \(path): \(note)") }
        if notes.count > 10 { StandardError.print("textsvcd: note: \(path): \(notes.count - 10) more notes like these") }
    }

    /// Adds the words to the project dictionary of the current directory.
    private func importIntoProject(_ words: [String]) throws -> Summary {
        let addition = try ProjectWords.nearest(to: FileManager.default.currentDirectoryPath).add(words)
        return Summary(added: addition.added.count, known: addition.present.count, destination: addition.path)
    }

    /// Learns the words the dictionary does not accept yet, pipelined through the client (the daemon when one runs).
    private func importIntoPersonal(_ contents: WordListFormat.Contents, context: CommandContext) throws -> Summary {
        let client = context.client
        let language = context.languages?.first ?? contents.language
        let selection: [String]? = language.map { [$0] }
        let tag: String
        do {
            tag = try client.send(SpellCheckWordsRequest(words: [], languages: selection)).languages.first ?? ""
        } catch {
            if context.languages == nil, let named = contents.language {
                throw ServiceError(code: error.code, message: "the file is for \u{201C}\(named)\u{201D}: \(error.message); "
                                   + "choose a dictionary with --lang")
            }
            throw error
        }
        var summary = Summary(added: 0, known: 0, destination: "the personal dictionary (\(tag))")
        var unknown: [String] = []
        for start in stride(from: 0, to: contents.words.count, by: 1000) {
            let chunk = Array(contents.words[start..<min(start + 1000, contents.words.count)])
            let verdicts = try client.send(SpellCheckWordsRequest(words: chunk, languages: [tag])).correct
            for (word, correct) in zip(chunk, verdicts) {
                if correct { summary.known += 1 } else { unknown.append(word) }
            }
        }
        // Each word is on disk before its answer, so a long list takes a while: a bar shows on a terminal.
        let bar = unknown.count >= Self.batchSize ? ProgressBar.onStandardError(total: unknown.count, label: "learning") : nil
        defer { bar?.finish() }
        for start in stride(from: 0, to: unknown.count, by: Self.batchSize) {
            let batch = Array(unknown[start..<min(start + Self.batchSize, unknown.count)])
            for (word, outcome) in zip(batch, client.sendAll(batch.map { SpellLearnRequest(word: $0, language: tag) })) {
                switch outcome {
                case .success: summary.added += 1
                case .failure(let error): summary.failures.append("could not learn \u{201C}\(word)\u{201D}: \(error.message)")
                }
            }
            bar?.detail = "\(start + batch.count)/\(unknown.count) words"
            bar?.update(completed: start + batch.count)
        }
        return summary
    }
}
