import ArgumentParser
import CheckDoor
import TextServices
import TextServicesCLI
import TextServicesProtocol

/// `textsvcd find`: grep with ICU regular expressions.
struct FindCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "find",
        abstract: "Search files with an ICU regular expression, like grep.",
        discussion: """
            Prints each matching line as path:line:column: text, where column counts characters from 1; \
            standard input is shown as -. ^ and $ match at line ends. Folders are searched as `check` walks them \
            (git's files inside a work tree, hidden folders skipped outside). Binary files and invalid UTF-8 named \
            are skipped with an error; binary files found in folders are passed over. \
            Exit status: 0 when something matched, 1 when nothing did, 2 on error.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The ICU regular expression (see https://unicode-org.github.io/icu/userguide/strings/regexp.html).")
    var pattern: String

    @Argument(help: "Files and folders to search; - for standard input. None: standard input when it is a file or a pipe, else the current git work tree.")
    var files: [String] = []

    @Flag(name: [.customShort("i"), .customLong("ignore-case")], help: "Match letters regardless of case.")
    var ignoreCase = false

    @Flag(name: [.customShort("o"), .customLong("only-matching")], help: "Print only each match, one per line, instead of the whole line.")
    var onlyMatching = false

    @Flag(name: [.customShort("F"), .customLong("fixed-strings")], help: "Take the pattern as literal text.")
    var fixedStrings = false

    @Flag(name: .customLong("no-filename"), help: "Leave the path: prefix out.")
    var noFilename = false

    @Option(name: [.customShort("m"), .customLong("max-count")], help: "Stop a file after this many matching lines.")
    var maxCount: Int?

    /// Matches asked for per request.
    static let pageSize = 100_000
    /// Bytes of input sent per request (matches that span lines are found only within one piece).
    static let pieceSize = 4 << 20

    func run() throws {
        let context = CommandContext(options: global)
        var output = StandardOutputBuffer()
        var matched = false
        var failed = false
        let list = InputList(paths: files, standardInputIsData: FileSystem.standardInputIsData)
        // Files without the literals every match needs are passed over; the pattern is still compiled (and its error shown) first.
        let prefilter = RegexPrefilter(pattern: pattern, options: regexOptions)
        if prefilter.literals != nil {
            do {
                _ = try context.client.send(RegexFindRequest(pattern: pattern, text: "", options: regexOptions, limit: 1))
            } catch {
                report(error)
                throw ExitCode(2)
            }
        }
        for problem in list.walk.problems {
            StandardError.print("textsvcd: \(problem)")
            failed = true
        }
        for item in list.inputs {
            do {
                let input = try CheckInput.read(item.path)
                guard prefilter.mayMatch(input.text.bytes) else { continue }
                if try search(input, context: context, output: &output) { matched = true }
            } catch let failure as CheckInput.Problem {
                // Found in a folder, a binary file is passed over as grep -r and ripgrep do; text that is not UTF-8 is named.
                if !item.named, failure.kind == .binary { continue }
                output.flush()
                StandardError.print("textsvcd: \(item.named ? "" : "warning: ")\(failure.description)")
                if item.named { failed = true }
            } catch let failure as ServiceError {
                output.flush()
                report(failure)
                throw ExitCode(2)
            }
        }
        output.flush()
        if failed { throw ExitCode(2) }
        if !matched { throw ExitCode(1) }
    }

    /// The options every search is made with.
    private var regexOptions: RegexOptions {
        var options: RegexOptions = [.multiline, .transparentBounds, .withoutAnchoringBounds]
        if ignoreCase { options.insert(.caseInsensitive) }
        if fixedStrings { options.insert(.literal) }
        return options
    }

    /// Prints the matches in one input; returns whether there were any.
    private func search(_ input: CheckInput, context: CommandContext, output: inout StandardOutputBuffer) throws -> Bool {
        let options = regexOptions
        let bytes = input.text.bytes
        var lines = LineLocator(input.text)
        let prefix = noFilename ? "" : input.name + ":"
        var matchingLines = 0
        var lastPrintedLine = -1
        pieces: for piece in TextChunker.pieces(of: bytes, target: Self.pieceSize, maximum: Self.pieceSize) {
            var request = RegexFindRequest(pattern: pattern, text: String(decoding: bytes[piece], as: UTF8.self),
                                           options: options, limit: Self.pageSize)
            var start = 0
            while start <= piece.count {
                request.range = WireRange(start: start, end: piece.count)
                let matches = try context.client.send(request).matches
                for match in matches {
                    let lower = match.range.start, upper = match.range.end
                    start = upper == lower ? upper + max(1, scalarLength(bytes, piece.lowerBound + upper)) : upper
                    let range = piece.lowerBound + lower..<piece.lowerBound + upper
                    let position = lines.locate(UTF8Offset(range.lowerBound))
                    if onlyMatching {
                        guard !range.isEmpty else { continue }
                        if position.line != lastPrintedLine {
                            if let maxCount, matchingLines >= maxCount { break pieces }
                            matchingLines += 1
                            lastPrintedLine = position.line
                        }
                        output.append("\(prefix)\(position.line):\(position.column): ")
                        output.append(bytes: escapedLineBreaks(bytes[range]))
                        output.append("\n")
                    } else if position.line != lastPrintedLine {
                        if let maxCount, matchingLines >= maxCount { break pieces }
                        matchingLines += 1
                        lastPrintedLine = position.line
                        output.append("\(prefix)\(position.line):\(position.column): ")
                        output.append(bytes: bytes[lines.lineContent(containing: UTF8Offset(range.lowerBound))])
                        output.append("\n")
                    }
                }
                if matches.count < Self.pageSize { break }
            }
        }
        return matchingLines > 0
    }

    private func scalarLength(_ bytes: [UInt8], _ offset: Int) -> Int {
        offset < bytes.count ? UTF8Validation.sequenceLength(lead: bytes[offset]) : 1
    }

    private func escapedLineBreaks(_ slice: ArraySlice<UInt8>) -> [UInt8] {
        var escaped: [UInt8] = []
        escaped.reserveCapacity(slice.count)
        for byte in slice {
            switch byte {
            case 0x0A: escaped.append(contentsOf: [0x5C, 0x6E])
            case 0x0D: escaped.append(contentsOf: [0x5C, 0x72])
            default: escaped.append(byte)
            }
        }
        return escaped
    }

    /// Prints a service error; for a bad pattern, points at the fault.
    private func report(_ error: ServiceError) {
        StandardError.print("textsvcd: \(error.message)")
        guard error.code == -32002, let offset = error.data?["offset"]?.intValue, offset >= 0,
              !pattern.contains(where: \.isNewline) else { return }
        let bytes = Array(pattern.utf8)
        let column = String(decoding: bytes[..<min(offset, bytes.count)], as: UTF8.self).count
        StandardError.print("  \(pattern)\n  \(String(repeating: " ", count: column))^")
    }
}
