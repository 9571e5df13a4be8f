import ArgumentParser
import Foundation
import Ispell
import TextServices
import TextServicesCLI
import TextServicesProtocol

extension IspellCommand {
    /// The pipe: the banner, then an answer for each line of standard input (or of each file in turn).
    func runPipe(speller: IspellSpeller, encoding: TextEncoding, personalList: IspellPersonalList?, files: [String]) throws {
        var options = IspellPipe.Options()
        options.format = format ?? .text
        options.reportRoots = roots
        options.checksURLs = checkURLs
        let output = FileHandle.standardOutput
        output.write(Data((IspellPipe.banner() + "\n").utf8))
        for input in try Self.inputs(files) {
            speller.projectPath = input.path ?? FileManager.default.currentDirectoryPath
            var fileOptions = options
            if format == nil, let path = input.path { fileOptions.format = Self.format(ofFile: path) }
            let pipe = IspellPipe(speller: speller, options: fileOptions, encoding: encoding, personalList: personalList)
            var reader = LineReader(handle: input.handle)
            while let line = reader.nextLine() {
                let answer = pipe.process(line)
                guard !answer.isEmpty else { continue }
                var bytes: [UInt8] = []
                for line in answer {
                    bytes += encoding.bytes(of: line) ?? Array(line.utf8)
                    bytes.append(0x0A)
                }
                output.write(Data(bytes))
            }
        }
    }

    /// The filters (-l, -L, -w): lines read in batches as they arrive, answers written after each batch.
    func runFilter(_ mode: IspellFilter.Mode, speller: IspellSpeller, encoding: TextEncoding, files: [String]) throws {
        let filter = IspellFilter(speller: speller, mode: mode, printsCorrect: printCorrect, format: format ?? .text,
                                  checksURLs: checkURLs, encoding: encoding)
        var output = StandardOutputBuffer()
        let inputs = try Self.inputs(files)
        for input in inputs {
            speller.projectPath = input.path ?? FileManager.default.currentDirectoryPath
            if let path = input.path {
                filter.startFile(format: format ?? Self.format(ofFile: path))
                if inputs.count > 1 { filter.prefix = path + ": " }
            }
            var reader = LineReader(handle: input.handle)
            var batch: [[UInt8]] = []
            var batchBytes = 0
            var ended = false
            while !ended {
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
                    output.flush()
                    StandardError.print("textsvcd ispell: \(error.message)")
                    throw ExitCode(2)
                }
                if !ended { output.flush() }
                batch.removeAll(keepingCapacity: true)
                batchBytes = 0
            }
        }
        output.flush()
    }

    /// The format Hunspell picks for a file it is given: by extension, else plain text.
    static func format(ofFile path: String) -> IspellFormat {
        IspellFormat(fileExtension: URL(fileURLWithPath: path).pathExtension) ?? .text
    }

    /// Standard input, or each file in turn.
    static func inputs(_ files: [String]) throws -> [(path: String?, handle: FileHandle)] {
        guard !files.isEmpty else { return [(nil, FileHandle.standardInput)] }
        return try files.map { path in
            guard let handle = FileHandle(forReadingAtPath: path) else {
                StandardError.print("textsvcd ispell: cannot open \(path)")
                throw ExitCode(2)
            }
            return (path, handle)
        }
    }
}
