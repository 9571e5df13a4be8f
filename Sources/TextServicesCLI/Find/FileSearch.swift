import CheckDoor
import Foundation
import TextServices
import TextServicesIO
import TextServicesProtocol

/// `textsvcd find`: searches inputs with an ICU regular expression through the client and prints matches as grep does.
///
/// Each matching line is printed as `path:line:column: text`, the column
/// counting characters from 1; with `onlyMatching`, each match instead, its
/// line breaks written `\n` and `\r`. Input is sent in pieces of
/// `pieceSize` bytes (a match that spans two pieces is not found), and
/// matches are asked `pageSize` at a time. Not thread-safe.
public struct FileSearch: Sendable {
    public var pattern: String
    public var ignoreCase = false
    public var onlyMatching = false
    public var fixedStrings = false
    public var noFilename = false
    /// Stop an input after this many matching lines.
    public var maxCount: Int?

    /// Matches asked for per request.
    public static let pageSize = 100_000
    /// Bytes of input sent per request (matches that span lines are found only within one piece).
    public static let pieceSize = 4 << 20

    public init(pattern: String) {
        self.pattern = pattern
    }

    /// The exit status grep gives: 0 when something matched, 1 when nothing did, 2 on an error.
    public enum Outcome: Int32, Sendable {
        case matched = 0
        case noMatch = 1
        case failed = 2
    }

    /// Searches every input of `list`, printing matches to `output` and problems through `warn`.
    ///
    /// A binary file found in a folder is passed over; one named, or text
    /// that is not UTF-8, is reported and makes the outcome `.failed` (a
    /// file without the pattern's literals is passed over unread as text). A
    /// service error (a bad pattern, the daemon gone) ends the search at
    /// once, reported with a caret under the pattern's fault. An input that
    /// lacks every literal a match must contain (`RegexPrefilter`) is passed
    /// over without asking the service; when no match can cross a line
    /// (`RegexPrefilter.staysOnOneLine`), only the lines holding a literal
    /// (or a run of classes the pattern requires) are searched. Files are
    /// searched on every core; the output is in the inputs' order, as one
    /// core would print it.
    public func run(_ list: InputList, client: any TextServicesClient, output: inout StandardOutputBuffer,
                    warn: (String) -> Void) -> Outcome {
        var matched = false
        var failed = false
        // Files without the literals every match needs are passed over; the pattern is still compiled (and its error shown) first.
        let prefilter = RegexPrefilter(pattern: pattern, options: regexOptions)
        let byLine = RegexPrefilter.staysOnOneLine(pattern: pattern, options: regexOptions)
        if prefilter.literals != nil || prefilter.classRuns != nil {
            do {
                _ = try client.send(RegexFindRequest(pattern: pattern, text: "", options: regexOptions, limit: 1))
            } catch {
                report(ServiceError(wrapping: error)).forEach(warn)
                return .failed
            }
        }
        for problem in list.walk.problems {
            warn("textsvcd: \(problem)")
            failed = true
        }
        // Files are searched on every core, and what each gives is printed in the walker's order as soon as it and
        // every file before it are done.
        let inputs = list.inputs
        var stopped = false
        // One buffer for a worker's files: most are read, looked at and dropped.
        OrderedParallelMap.forEach(inputs.count, state: { FileReader() }, { reader, index in
            searchFile(inputs[index].path, prefilter: prefilter, byLine: byLine, client: client, reader: &reader)
        }, consume: { index, outcome in
            let item = inputs[index]
            switch outcome {
            case .passedOver:
                break
            case .searched(let bytes):
                output.append(bytes: bytes)
                matched = true
            case .problem(let failure):
                // Found in a folder, a binary file is passed over as grep -r and ripgrep do; text that is not UTF-8 is named.
                if !item.named, failure.kind == .binary { break }
                output.flush()
                warn("textsvcd: \(item.named ? "" : "warning: ")\(failure.description)")
                if item.named { failed = true }
            case .failure(let error):
                output.flush()
                report(error).forEach(warn)
                stopped = true
                return false
            }
            return true
        })
        if stopped { return .failed }
        output.flush()
        if failed { return .failed }
        return matched ? .matched : .noMatch
    }

    /// What searching one file gave.
    enum FileOutcome: Sendable {
        /// Nothing matched, or the prefilter showed nothing could.
        case passedOver
        /// The lines to print (not empty).
        case searched([UInt8])
        case problem(CheckInput.Problem)
        /// The service failed: the search ends here.
        case failure(ServiceError)
    }

    /// Reads and searches one file, collecting what it prints; safe to call from several threads at once.
    func searchFile(_ path: String, prefilter: RegexPrefilter, byLine: Bool, client: any TextServicesClient,
                    reader: inout FileReader) -> FileOutcome {
        do throws(CheckInput.Problem) {
            // The literal is looked for in the raw bytes: a file without it is not even validated.
            let bytes = try CheckInput.readBytes(path, reader: &reader)
            let lines = byLine ? prefilter.candidateLines(bytes) : nil
            guard lines.map({ !$0.isEmpty }) ?? prefilter.mayMatch(bytes) else { return .passedOver }
            let input = try CheckInput.validated(bytes, name: path)
            let collected = Collected()
            var buffer = StandardOutputBuffer { bytes in collected.bytes += bytes }
            do {
                guard try search(input, client: client, output: &buffer, lines: lines) else { return .passedOver }
            } catch {
                return .failure(error)
            }
            buffer.flush()
            return .searched(collected.bytes)
        } catch {
            return .problem(error)
        }
    }

    /// The bytes a file's search printed.
    private final class Collected {
        var bytes: [UInt8] = []
    }

    /// The regular expression options the flags ask for.
    public var regexOptions: RegexOptions {
        var options: RegexOptions = [.multiline, .transparentBounds, .withoutAnchoringBounds]
        if ignoreCase { options.insert(.caseInsensitive) }
        if fixedStrings { options.insert(.literal) }
        return options
    }

    /// Prints the matches in one input; returns whether there were any.
    ///
    /// With `lines` (whole lines of the input, each with its line feed, in
    /// order), only those are searched, joined: for a pattern that
    /// `staysOnOneLine`, the matches are the same.
    public func search(_ input: CheckInput, client: any TextServicesClient, output: inout StandardOutputBuffer,
                       lines searched: [Range<Int>]? = nil) throws(ServiceError) -> Bool {
        let options = regexOptions
        let original = input.text.bytes
        // Where each searched line starts in the bytes searched and in the input (ascending in both).
        var starts: [(searched: Int, original: Int)] = [(0, 0)]
        var bytes = original
        if let searched {
            bytes = []
            bytes.reserveCapacity(searched.reduce(0) { $0 + $1.count })
            starts = []
            for line in searched {
                starts.append((bytes.count, line.lowerBound))
                bytes += original[line]
            }
        }
        var line = 0
        // Matches come in order, so the line a match starts on is found moving forward.
        func inInput(_ range: Range<Int>) -> Range<Int> {
            while line + 1 < starts.count, starts[line + 1].searched <= range.lowerBound { line += 1 }
            let shift = starts[line].original - starts[line].searched
            return range.lowerBound + shift..<range.upperBound + shift
        }
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
                let matches = try client.send(request).matches
                for match in matches {
                    let lower = match.range.start, upper = match.range.end
                    start = upper == lower ? upper + max(1, Self.scalarLength(bytes, piece.lowerBound + upper)) : upper
                    let range = inInput(piece.lowerBound + lower..<piece.lowerBound + upper)
                    let position = lines.locate(UTF8Offset(range.lowerBound))
                    if onlyMatching {
                        guard !range.isEmpty else { continue }
                        if position.line != lastPrintedLine {
                            if let maxCount, matchingLines >= maxCount { break pieces }
                            matchingLines += 1
                            lastPrintedLine = position.line
                        }
                        output.append("\(prefix)\(position.line):\(position.column): ")
                        output.append(bytes: Self.escapedLineBreaks(original[range]))
                        output.append("\n")
                    } else if position.line != lastPrintedLine {
                        if let maxCount, matchingLines >= maxCount { break pieces }
                        matchingLines += 1
                        lastPrintedLine = position.line
                        output.append("\(prefix)\(position.line):\(position.column): ")
                        output.append(bytes: original[lines.lineContent(containing: UTF8Offset(range.lowerBound))])
                        output.append("\n")
                    }
                }
                if matches.count < Self.pageSize { break }
            }
        }
        return matchingLines > 0
    }

    private static func scalarLength(_ bytes: [UInt8], _ offset: Int) -> Int {
        offset < bytes.count ? UTF8Validation.sequenceLength(lead: bytes[offset]) : 1
    }

    /// The bytes with each line feed written `\n` and each carriage return `\r`.
    static func escapedLineBreaks(_ slice: ArraySlice<UInt8>) -> [UInt8] {
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

    /// The lines that report a service error; for a bad pattern, the pattern with a caret under the fault.
    public func report(_ error: ServiceError) -> [String] {
        let message = "textsvcd: \(error.message)"
        guard error.code == -32002, let offset = error.data?["offset"]?.intValue, offset >= 0,
              !pattern.contains(where: \.isNewline) else { return [message] }
        let bytes = Array(pattern.utf8)
        let column = String(decoding: bytes[..<min(offset, bytes.count)], as: UTF8.self).count
        return [message, "  \(pattern)\n  \(String(repeating: " ", count: column))^"]
    }
}
