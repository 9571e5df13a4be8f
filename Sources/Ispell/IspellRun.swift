import Foundation
import TextServices
import TextServicesIO
import TextServicesProtocol

/// One run of the ispell door: the pipe (`-a`) or a filter (`-l`, `-L`, `-w`) over standard input or files in turn.
///
/// The pipe prints the banner, then answers each input line as it arrives
/// (one write per answered line, so an editor waiting on a line is answered
/// at once). A filter reads lines in batches as they arrive and writes after
/// each batch. A file's format follows its extension unless `Options.format`
/// is set. When standard output's reader goes away the run stops reading and
/// returns. Not thread-safe: one run on one thread.
public struct IspellRun {
    /// What the command line asked for.
    public struct Options {
        /// The filter to run (`-l`, `-L`, `-w`), or nil for the pipe.
        public var filter: IspellFilter.Mode?
        /// With a filter (`-G`): print the correct words or lines instead.
        public var printsCorrect = false
        /// The input format (`-t`, `-H`, `-X`, `-n`, `-1`); nil picks each file's by its extension, else plain text.
        public var format: IspellFormat?
        /// In the pipe (`--roots`): answer `+ ROOT` for words correct through an affix.
        public var reportsRoots = false
        /// Check the words of URLs, mail addresses and paths too.
        public var checksURLs = false
        /// The encoding of input and output (one value per run: `TextEncoding` is not thread-safe).
        public var encoding: TextEncoding

        public init(encoding: TextEncoding) {
            self.encoding = encoding
        }
    }

    /// Why a run stopped early; the message is meant for standard error.
    public struct Failure: Error, Sendable {
        public let message: String
    }

    private let speller: IspellSpeller
    private let options: Options
    private let personalList: IspellPersonalList?
    private let standardInput: FileHandle
    private var output: StandardOutputBuffer

    /// A run answering with `speller`; `output` is standard output unless a test collects it.
    ///
    /// `personalList` is where the pipe's `#` command saves learned words.
    public init(speller: IspellSpeller, options: Options, personalList: IspellPersonalList? = nil,
                standardInput: FileHandle = .standardInput, output: StandardOutputBuffer = StandardOutputBuffer()) {
        self.speller = speller
        self.options = options
        self.personalList = personalList
        self.standardInput = standardInput
        self.output = output
    }

    /// Answers standard input, or each of `files` in turn (every file is opened before the first answer).
    ///
    /// Throws `Failure` when a file cannot be opened (nothing is answered
    /// then) or when the services fail during a filter.
    public mutating func run(files: [String]) throws(Failure) {
        let inputs = try Self.open(files, standardInput: standardInput)
        if let mode = options.filter {
            try runFilter(mode, inputs: inputs)
        } else {
            runPipe(inputs: inputs)
        }
    }

    /// Whether standard output could not be written (its reader went away, a full disk).
    public var outputFailed: Bool { output.failure != nil }

    private mutating func runPipe(inputs: [Input]) {
        var pipeOptions = IspellPipe.Options()
        pipeOptions.reportRoots = options.reportsRoots
        pipeOptions.checksURLs = options.checksURLs
        output.appendLine(IspellPipe.banner())
        output.flush()
        for input in inputs {
            speller.projectPath = input.path ?? FileManager.default.currentDirectoryPath
            pipeOptions.format = format(of: input)
            let pipe = IspellPipe(speller: speller, options: pipeOptions, encoding: options.encoding, personalList: personalList)
            var reader = LineReader(handle: input.handle)
            while output.failure == nil, let line = reader.nextLine() {
                let answer = pipe.process(line)
                guard !answer.isEmpty else { continue }
                for line in answer {
                    output.append(bytes: options.encoding.bytes(of: line) ?? Array(line.utf8))
                    output.append(bytes: [0x0A])
                }
                output.flush()
            }
        }
    }

    private mutating func runFilter(_ mode: IspellFilter.Mode, inputs: [Input]) throws(Failure) {
        let filter = IspellFilter(speller: speller, mode: mode, printsCorrect: options.printsCorrect,
                                  format: options.format ?? .text, checksURLs: options.checksURLs, encoding: options.encoding)
        defer { output.flush() }
        for input in inputs {
            speller.projectPath = input.path ?? FileManager.default.currentDirectoryPath
            if let path = input.path {
                filter.startFile(format: format(of: input))
                if inputs.count > 1 { filter.prefix = path + ": " }
            }
            var reader = LineReader(handle: input.handle)
            var batch: [[UInt8]] = []
            var batchBytes = 0
            var ended = false
            while !ended, output.failure == nil {
                if let line = reader.nextLine() {
                    batch.append(line)
                    batchBytes += line.count
                } else {
                    ended = true
                }
                // A batch goes when it is big, at the end, or when no more input is waiting (so a slow stream is answered as it comes).
                guard ended || batchBytes >= 1 << 20 || batch.count >= 20_000 || !reader.hasBufferedLine else { continue }
                guard !batch.isEmpty else { continue }
                do {
                    for line in try filter.process(batch) {
                        output.append(bytes: line)
                        output.append(bytes: [0x0A])
                    }
                } catch {
                    throw Failure(message: error.message)
                }
                if !ended { output.flush() }
                batch.removeAll(keepingCapacity: true)
                batchBytes = 0
            }
        }
    }

    /// The format for an input: the one asked for, else a file's by its extension (as Hunspell picks), else plain text.
    private func format(of input: Input) -> IspellFormat {
        if let format = options.format { return format }
        guard let path = input.path else { return .text }
        return IspellFormat(fileExtension: URL(fileURLWithPath: path).pathExtension) ?? .text
    }

    /// Standard input (no path) or a file opened for reading.
    private struct Input {
        let path: String?
        let handle: FileHandle
    }

    private static func open(_ files: [String], standardInput: FileHandle) throws(Failure) -> [Input] {
        guard !files.isEmpty else { return [Input(path: nil, handle: standardInput)] }
        var inputs: [Input] = []
        for path in files {
            guard let handle = FileHandle(forReadingAtPath: path) else { throw Failure(message: "cannot open \(path)") }
            inputs.append(Input(path: path, handle: handle))
        }
        return inputs
    }
}
