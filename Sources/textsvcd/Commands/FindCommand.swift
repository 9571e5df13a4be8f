import ArgumentParser
import TextServices

/// `textsvcd find`: grep with ICU regular expressions.
struct FindCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "find",
        abstract: "Search files with an ICU regular expression, like grep.",
        discussion: """
            Prints each matching line as path:line:column: text, where column counts characters from 1; \
            standard input is shown as -. ^ and $ match at line ends. Binary files and invalid UTF-8 are skipped \
            with an error. \
            Exit status: 0 when something matched, 1 when nothing did, 2 on error.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The ICU regular expression (see https://unicode-org.github.io/icu/userguide/strings/regexp.html).")
    var pattern: String

    @Argument(help: "Files to search; - or none for standard input.")
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
        for path in files.isEmpty ? ["-"] : files {
            do {
                let input = try InputFile.read(path)
                if try search(input, context: context, output: &output) { matched = true }
            } catch let failure as InputFile.Problem {
                output.flush()
                StandardError.print("textsvcd: \(failure.description)")
                failed = true
            } catch let failure as CommandFailure {
                output.flush()
                report(failure.error)
                throw ExitCode(2)
            }
        }
        output.flush()
        if failed { throw ExitCode(2) }
        if !matched { throw ExitCode(1) }
    }

    /// Prints the matches in one input; returns whether there were any.
    private func search(_ input: InputFile, context: CommandContext, output: inout StandardOutputBuffer) throws -> Bool {
        var options: JSONObject = ["multiline": true, "transparentBounds": true, "withoutAnchoringBounds": true]
        if ignoreCase { options["caseInsensitive"] = true }
        if fixedStrings { options["literal"] = true }
        let bytes = input.text.bytes
        var lines = LineCursor(bytes: bytes)
        let prefix = noFilename ? "" : input.name + ":"
        var matchingLines = 0
        var lastPrintedLine = -1
        pieces: for piece in input.pieces(target: Self.pieceSize, maximum: Self.pieceSize) {
            let text = String(decoding: bytes[piece], as: UTF8.self)
            var start = 0
            while start <= piece.count {
                let result = try context.call("regex.find", [
                    "pattern": .string(pattern), "text": .string(text), "options": .object(options),
                    "range": ["start": .int(start), "end": .int(piece.count)],
                    "limit": .int(Self.pageSize), "positionEncoding": "utf-8",
                ])
                let matches = result["matches"]?.arrayValue ?? []
                for match in matches {
                    guard let lower = match["range"]?["start"]?.intValue, let upper = match["range"]?["end"]?.intValue else { continue }
                    start = upper == lower ? upper + max(1, scalarLength(bytes, piece.lowerBound + upper)) : upper
                    let range = piece.lowerBound + lower..<piece.lowerBound + upper
                    let position = lines.locate(range.lowerBound)
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
                        output.append(bytes: bytes[lines.lineContent(containing: range.lowerBound)])
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

/// Finds the line and character column of byte offsets given in ascending order.
///
/// Unlike `LineLocator`, counts characters only since the previous offset on
/// the same line, so many matches on one long line stay linear.
private struct LineCursor {
    let bytes: [UInt8]
    private var lineStart = 0
    private var line = 1
    private var scanned = 0
    private var columnOffset = 0
    private var column = 1

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The 1-based line and character column of an offset at or after the last one located.
    mutating func locate(_ offset: Int) -> (line: Int, column: Int) {
        while scanned < offset {
            if bytes[scanned] == 0x0A {
                line += 1
                lineStart = scanned + 1
                columnOffset = lineStart
                column = 1
            }
            scanned += 1
        }
        if offset > columnOffset {
            column += String(decoding: bytes[columnOffset..<offset], as: UTF8.self).count
            columnOffset = offset
        }
        return (line, column)
    }

    /// The bytes of the line holding an offset, without its line ending.
    func lineContent(containing offset: Int) -> Range<Int> {
        var start = offset
        while start > 0, bytes[start - 1] != 0x0A { start -= 1 }
        var end = offset
        while end < bytes.count, bytes[end] != 0x0A { end += 1 }
        if end > start, bytes[end - 1] == 0x0D { end -= 1 }
        return start..<end
    }
}
