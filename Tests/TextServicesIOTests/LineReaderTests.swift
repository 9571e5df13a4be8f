import Foundation
import Testing
import TextServicesIO

/// A pipe whose write end the test feeds; the reader sees bytes as they are written.
private struct FedPipe {
    let pipe = Pipe()

    func write(_ text: String) {
        pipe.fileHandleForWriting.write(Data(text.utf8))
    }

    func close() {
        try? pipe.fileHandleForWriting.close()
    }

    var reader: LineReader { LineReader(handle: pipe.fileHandleForReading) }
}

private func text(_ bytes: [UInt8]?) -> String? {
    bytes.map { String(decoding: $0, as: UTF8.self) }
}

@Test func linesComeBackWithoutTheirNewlineAndALastLineWithoutOneIsKept() {
    let input = FedPipe()
    input.write("first\n\nthird")
    input.close()
    var reader = input.reader
    #expect(text(reader.nextLine()) == "first")
    #expect(text(reader.nextLine()) == "")
    #expect(text(reader.nextLine()) == "third")
    #expect(reader.nextLine() == nil)
    #expect(reader.nextLine() == nil)
}

@Test func aLineIsAnsweredAsSoonAsItArrivesAndAHalfLineIsNotTakenForOne() {
    let input = FedPipe()
    defer { input.close() }
    input.write("ready\nhal")
    var reader = input.reader
    #expect(text(reader.nextLine()) == "ready")
    #expect(!reader.hasBufferedLine)
    input.write("f\n")
    #expect(text(reader.nextLine()) == "half")
}

@Test func hasBufferedLineIsTrueAtTheEndOfInputSoACallerNeverWaits() {
    let input = FedPipe()
    input.write("a\nb\n")
    input.close()
    var reader = input.reader
    #expect(text(reader.nextLine()) == "a")
    #expect(reader.hasBufferedLine)
    #expect(text(reader.nextLine()) == "b")
    #expect(reader.nextLine() == nil)
    #expect(reader.hasBufferedLine)
}

@Test func readCountGathersBytesAcrossWritesAndGivesFewerOnlyAtTheEnd() {
    let input = FedPipe()
    input.write("Content-Length: 5\n")
    input.write("he")
    input.write("llo-rest")
    input.close()
    var reader = input.reader
    #expect(text(reader.nextLine()) == "Content-Length: 5")
    #expect(text(reader.read(count: 5)) == "hello")
    #expect(text(reader.read(count: 100)) == "-rest")
    #expect(reader.read(count: 3).isEmpty)
}

@Test func longInputsKeepEveryLineInOrderAcrossBufferCompaction() {
    let input = FedPipe()
    let lines = (0..<30_000).map { "line \($0)" }
    // The writer runs beside the reader: the pipe's buffer holds far less than the whole input.
    let writer = Thread {
        input.write(lines.joined(separator: "\n") + "\n")
        input.close()
    }
    writer.start()
    var reader = input.reader
    var read: [String] = []
    while let line = reader.nextLine() { read.append(text(line)!) }
    #expect(read == lines)
}
