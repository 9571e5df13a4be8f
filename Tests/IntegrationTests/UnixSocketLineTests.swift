import Foundation
import Testing
import TextServices
@testable import TextServicesProtocol
@testable import TextServicesTestSupport

/// The client's socket cuts what it receives into lines whatever the reads' sizes.
@Suite struct UnixSocketLineTests {
    private let scratch = TemporaryFolder("unix-socket")

    @Test func linesComeBackWholeWhetherManyShareAReadOrOneSpansMany() throws {
        let folder = scratch.folder("socket-lines")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/lines.sock"
        let listener = try TestSockets.listen(on: path)
        defer { TestSockets.closeDescriptor(listener) }
        let long = (0..<200_000).map { UInt8(ascii: "a") + UInt8($0 % 26) }
        var pieces: [[UInt8]] = [Array("a\nbb\n\n".utf8)]
        // A line longer than any read, in writes that end anywhere; a line and a half in one write; a last line with no newline.
        pieces += stride(from: 0, to: long.count, by: 7_001).map { Array(long[$0..<min(long.count, $0 + 7_001)]) }
        pieces += [Array("\nx\ny".utf8)]
        let sent = pieces
        Thread {
            let connection = accept(listener, nil, nil)
            for piece in sent {
                _ = piece.withUnsafeBytes { write(connection, $0.baseAddress, $0.count) }
                usleep(200)
            }
            close(connection)
        }.start()
        let socket = try UnixSocket.open(path)
        var lines: [[UInt8]] = []
        while let line = try socket.readLineBytes() { lines.append(line) }
        #expect(lines.map { String(decoding: $0, as: UTF8.self) } == ["a", "bb", "", String(decoding: long, as: UTF8.self), "x", "y"])
    }
}
