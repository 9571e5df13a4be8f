import ArgumentParser
import Foundation
import TextServices

/// `textsvcd check`: spell-check files or standard input.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Spell-check files or standard input.",
        discussion: """
            Prints `path:line:column: word -> guess, guess` for each misspelling (columns count \
            characters, from 1), or one misspelled word a line with --format list (like `hunspell -l`), \
            or one JSON object a line with --format json. Exit status: 0 clean, 1 misspellings found, \
            2 an error (an unreadable, binary or non-UTF-8 file is reported and the others are still checked).
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

    @Argument(help: "Files to check; '-' or nothing reads standard input.")
    var files: [String] = []

    func run() throws {
        let context = CommandContext(options: global)
        var sawError = false
        var sawMisspelling = false
        var output = StandardOutputBuffer()
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
            do {
                let found = try check(input, context: context, output: &output, progress: progress)
                sawMisspelling = sawMisspelling || found
            } catch {
                progress.clear()
                output.flush()
                StandardError.print("textsvcd: \(path): \(error)")
                sawError = true
            }
            progress.checked(input)
        }
        progress.finish()
        output.flush()
        if sawError { throw ExitCode(2) }
        if sawMisspelling { throw ExitCode(1) }
    }

    /// Checks one input and prints its misspellings; returns whether there were any.
    private func check(_ input: InputFile, context: CommandContext, output: inout StandardOutputBuffer,
                       progress: CheckProgress) throws -> Bool {
        let bytes = input.text.bytes
        let chunks = TextChunks.split(bytes)
        let guessCount = format == .list ? 0 : max(0, guesses)
        let requests = chunks.map { chunk -> (method: String, params: JSONObject) in
            var params: JSONObject = [
                "text": .string(String(decoding: bytes[chunk], as: UTF8.self)),
                "positionEncoding": "utf-8",
            ]
            if guessCount > 0 { params["guesses"] = .int(guessCount) }
            return ("spell.check", context.withLanguages(params))
        }
        var locator = LineLocator(input.text)
        var any = false
        for (chunk, result) in zip(chunks, progress.callAll(requests, chunks: chunks, context: context)) {
            let value = try result.get()
            for entry in value["misspellings"]?.arrayValue ?? [] {
                guard let word = entry["word"]?.stringValue, let start = entry["range"]?["start"]?.intValue,
                      let end = entry["range"]?["end"]?.intValue else { continue }
                any = true
                let offset = UTF8Offset(chunk.lowerBound + start)
                let guesses = entry["guesses"]?.arrayValue?.compactMap(\.stringValue) ?? []
                switch format {
                case .list:
                    output.appendLine(word)
                case .text:
                    let (line, column) = locator.locate(offset)
                    let suffix = guesses.isEmpty ? "" : " -> " + guesses.joined(separator: ", ")
                    output.appendLine("\(input.name):\(line):\(column): \(word)\(suffix)")
                case .json:
                    let (line, column) = locator.locate(offset)
                    let range = input.text.encode(offset..<UTF8Offset(chunk.lowerBound + end),
                                                  as: (try global.validatedEncoding()) ?? .utf16)
                    var object: JSONObject = [
                        "path": .string(input.name), "line": .int(line), "column": .int(column),
                        "word": .string(word), "range": .range(range),
                    ]
                    if guessCount > 0 { object["guesses"] = .strings(guesses) }
                    output.appendLine(JSONValue.object(object).serialized)
                }
            }
        }
        return any
    }
}
