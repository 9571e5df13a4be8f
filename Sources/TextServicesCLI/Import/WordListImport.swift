import CheckDoor
import Foundation
import TextServices
import TextServicesIO
import TextServicesProtocol

/// `textsvcd words import`: reads word lists of other spell checkers and adds them to the personal or the project dictionary.
///
/// Each file is read whole before anything is written, so a bad file
/// imports nothing and the files before it stay imported. Not thread-safe.
public struct WordListImport {
    /// The format to read every file with; nil detects it from each file's name, then its first lines.
    public var format: WordListFormat?
    /// Whether the words go to the nearest project dictionary of `directory` instead of the personal one.
    public var project = false
    /// The folder whose nearest project dictionary `project` imports into.
    public var directory = FileManager.default.currentDirectoryPath

    /// The most words learned in one pipelined batch.
    public static let batchSize = 128

    /// What importing one file did.
    public struct Summary: Equatable, Sendable {
        public var added: Int
        public var known: Int
        public var destination: String
        public var failures: [String] = []
    }

    public init(format: WordListFormat? = nil, project: Bool = false) {
        self.format = format
        self.project = project
    }

    /// Imports every file of `paths` (`-` is standard input), printing a line per file through `print` and problems through `warn`.
    ///
    /// Returns false when any file could not be read or imported whole; the other files are imported still.
    public func run(_ paths: [String], client: @autoclosure () -> any TextServicesClient, languages: [String]?,
                    print: (String) -> Void, warn: (String) -> Void) -> Bool {
        var succeeded = true
        for path in paths {
            let contents: WordListFormat.Contents
            do {
                let bytes = try CheckInput.readBytes(path)
                contents = try (format ?? WordListFormat.detect(path: path, bytes: bytes)).read(bytes, path: path)
            } catch {
                warn("textsvcd: \(error)")
                succeeded = false
                continue
            }
            Self.notes(contents.notes, path: path).forEach(warn)
            do {
                let summary = project ? try importIntoProject(contents.words)
                                      : try importIntoPersonal(contents, client: client(), languages: languages)
                let noun = summary.added == 1 ? "word" : "words"
                print("\(path): imported \(summary.added) \(noun) (\(summary.known) already known) into \(summary.destination)")
                for failure in summary.failures { warn("textsvcd: \(path): \(failure)") }
                if !summary.failures.isEmpty { succeeded = false }
            } catch {
                warn("textsvcd: \(path): \(ServiceError(wrapping: error).message)")
                succeeded = false
            }
        }
        return succeeded
    }

    /// The lines that say what a reader left out: at most ten a file, then how many more.
    public static func notes(_ notes: [WordListFormat.Note], path: String) -> [String] {
        var lines = notes.prefix(10).map { "textsvcd: note: \(path): \($0)" }
        if notes.count > 10 { lines.append("textsvcd: note: \(path): \(notes.count - 10) more notes like these") }
        return lines
    }

    /// Adds the words to the nearest project dictionary of `directory`.
    public func importIntoProject(_ words: [String]) throws -> Summary {
        let addition = try ProjectWords.nearest(to: directory).add(words)
        return Summary(added: addition.added.count, known: addition.present.count, destination: addition.path)
    }

    /// Learns the words the dictionary does not accept yet, pipelined through `client` (the daemon when one runs).
    ///
    /// The dictionary is the first of `languages`, else the one the file
    /// names, else the default. A word that could not be learned is listed
    /// in the summary's failures; an unknown dictionary throws.
    public func importIntoPersonal(_ contents: WordListFormat.Contents, client: any TextServicesClient,
                                   languages: [String]?) throws -> Summary {
        let language = languages?.first ?? contents.language
        let selection: [String]? = language.map { [$0] }
        let tag: String
        do {
            tag = try client.send(SpellCheckWordsRequest(words: [], languages: selection)).languages.first ?? ""
        } catch {
            if languages == nil, let named = contents.language {
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
