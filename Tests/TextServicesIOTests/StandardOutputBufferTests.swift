import Foundation
import SystemPackage
import Testing
import TextServices
import TextServicesIO

/// The blocks a buffer handed on, collected; a write fails from `failAt` (0-based) on.
private final class Collector: @unchecked Sendable {
    var blocks: [[UInt8]] = []
    var attempts = 0
    let failAt: Int?

    init(failAt: Int? = nil) {
        self.failAt = failAt
    }

    func buffer() -> StandardOutputBuffer {
        StandardOutputBuffer { bytes throws(SystemFailure) in
            defer { self.attempts += 1 }
            if let failAt = self.failAt, self.attempts >= failAt {
                throw SystemFailure("write", "standard output", errno: .brokenPipe)
            }
            self.blocks.append(bytes)
        }
    }

    var text: String { String(decoding: blocks.joined(), as: UTF8.self) }
}

@Test func outputIsHandedOnInBlocksOfAtLeast64KiBAndWhatIsLeftOnFlush() {
    let collector = Collector()
    var output = collector.buffer()
    let line = String(repeating: "x", count: 99)
    for _ in 0..<1_000 { output.appendLine(line) }
    #expect(collector.blocks.count == 1)
    #expect(collector.blocks[0].count >= 64 << 10)
    output.flush()
    #expect(collector.blocks.count == 2)
    #expect(collector.text == String(repeating: line + "\n", count: 1_000))
    output.flush()
    #expect(collector.blocks.count == 2, "an empty flush writes nothing")
}

@Test func aFailedWriteIsKeptAndLaterOutputIsDroppedWithoutAnotherWrite() {
    let collector = Collector(failAt: 1)
    var output = collector.buffer()
    output.appendLine("kept")
    output.flush()
    output.appendLine("lost")
    output.flush()
    #expect(output.failure?.errno == .brokenPipe)
    output.appendLine("dropped")
    output.flush()
    #expect(collector.attempts == 2)
    #expect(collector.text == "kept\n")
}

@Test func stringsIntegersAndJSONStringsAreWrittenAsBytes() {
    let collector = Collector()
    var output = collector.buffer()
    output.append("n=")
    output.append(decimal: -42)
    output.append(" ")
    output.append(jsonString: Array("a \"q\" \\ \n\u{1}é".utf8)[...])
    output.append(bytes: [0x0A])
    output.flush()
    #expect(collector.text == "n=-42 \"a \\\"q\\\" \\\\ \\n\\u0001é\"\n")
}
