import Foundation
import SystemPackage
import Testing
@testable import Ispell
@testable import TextServices
@testable import TextServicesIO
@testable import TextServicesProtocol
@testable import TextServicesTestSupport

/// What a run wrote, collected from its output buffer.
private final class Written: @unchecked Sendable {
    private let lock = NSLock()
    private var bytes: [UInt8] = []
    private(set) var writes = 0
    let fails: Bool

    init(fails: Bool = false) {
        self.fails = fails
    }

    var buffer: StandardOutputBuffer {
        StandardOutputBuffer { block throws(SystemFailure) in
            self.lock.withLock { self.writes += 1 }
            if self.fails { throw SystemFailure("write", "standard output", errno: .brokenPipe) }
            self.lock.withLock { self.bytes += block }
        }
    }

    var lines: [String] {
        lock.withLock { String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
    }
}

private func file(_ name: String, _ text: String, in scratch: TemporaryFolder) -> String {
    let path = scratch.folder("ispell-run") + "/" + name
    FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    return path
}

private func run(_ files: [String], filter: IspellFilter.Mode? = nil, format: IspellFormat? = nil,
                 standardInput: FileHandle = .nullDevice, written: Written = Written()) throws -> (Written, IspellRun.Failure?) {
    let speller = try IspellSpeller(client: LocalTextServices(services: TestSupport.sharedServices), languages: ["en_US"])
    var options = IspellRun.Options(encoding: try TextEncoding(name: "UTF-8"))
    options.filter = filter
    options.format = format
    var run = IspellRun(speller: speller, options: options, standardInput: standardInput, output: written.buffer)
    do {
        try run.run(files: files)
        return (written, nil)
    } catch {
        return (written, error)
    }
}

@Test func thePipeAnswersEachLineOfEachFileInTurnAfterTheBanner() throws {
    let scratch = TemporaryFolder(); defer { scratch.remove() }
    let (written, failure) = try run([file("a.txt", "good wrold\n", in: scratch), file("b.txt", "fine\nlnie\n", in: scratch)])
    #expect(failure == nil)
    let lines = written.lines
    #expect(lines.first == IspellPipe.banner())
    #expect(lines.filter { $0.hasPrefix("&") || $0.hasPrefix("#") }.map { $0.split(separator: " ")[1] } == ["wrold", "lnie"])
    #expect(lines.filter { $0 == "*" }.count == 2, "good and fine")
}

@Test func aFilterOverSeveralFilesPrefixesEachLineWithItsFile() throws {
    let scratch = TemporaryFolder(); defer { scratch.remove() }
    let a = file("a.txt", "wrold\n", in: scratch), b = file("b.txt", "fine\nlnie\n", in: scratch)
    let (written, failure) = try run([a, b], filter: .words)
    #expect(failure == nil)
    #expect(written.lines == ["\(a): wrold", "\(b): lnie", ""])
}

@Test func aFilesExtensionPicksItsFormatUnlessOneIsGiven() throws {
    let scratch = TemporaryFolder(); defer { scratch.remove() }
    let page = file("page.html", "<b class=\"wrold\">lnie</b> <!-- txet -->\n", in: scratch)
    #expect(try run([page], filter: .words).0.lines == ["lnie", ""])
    #expect(try run([page], filter: .words, format: .text).0.lines.contains("wrold"))
}

@Test func aFileThatCannotBeOpenedFailsBeforeAnyAnswer() throws {
    let scratch = TemporaryFolder(); defer { scratch.remove() }
    let good = file("a.txt", "wrold\n", in: scratch)
    let (written, failure) = try run([good, "/nonexistent/textsvcd-missing.txt"], filter: .words)
    #expect(failure?.message == "cannot open /nonexistent/textsvcd-missing.txt")
    #expect(written.writes == 0)
}

@Test func standardInputIsReadWhenNoFileIsGiven() throws {
    let scratch = TemporaryFolder(); defer { scratch.remove() }
    let (written, _) = try run([], filter: .lines, standardInput: try #require(FileHandle(forReadingAtPath: file("in.txt", "ok\nbad wrold\n", in: scratch))))
    #expect(written.lines == ["bad wrold", ""])
}

@Test func thePipeStopsReadingOnceItsReaderHasGoneAway() throws {
    // The input stays open: a pipe that went on reading would wait here for ever.
    let input = Pipe()
    input.fileHandleForWriting.write(Data("wrold\n".utf8))
    defer { try? input.fileHandleForWriting.close() }
    let finished = DispatchSemaphore(value: 0)
    let written = Written(fails: true)
    let box = ResultBox()
    Thread {
        box.result = try? run([], standardInput: input.fileHandleForReading, written: written)
        finished.signal()
    }.start()
    #expect(finished.wait(timeout: .now() + 30 * TestSupport.slowdown) == .success)
    #expect(written.writes == 1, "only the banner was tried")
}

private final class ResultBox: @unchecked Sendable {
    var result: (Written, IspellRun.Failure?)?
}
