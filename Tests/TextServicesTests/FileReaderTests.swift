import Foundation
import Testing
@testable import TextServices
@testable import TextServicesTestSupport

@Suite struct FileReaderTests {
    private let scratch = TemporaryFolder("file-reader")

    @Test func oneReaderReadsFilesOfEverySizeInTurnExactly() throws {
        let folder = scratch.folder("reader")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var reader = FileReader()
        // Larger, then smaller, then empty, then larger than any before: the buffer is reused and never leaks old bytes.
        for size in [10_000, 3, 0, 70_000, 4096, 4097] {
            let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ size) }
            let path = folder + "/f\(size)"
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            #expect(try reader.read(path) == bytes, "\(size) bytes")
        }
    }

    @Test func aBufferKeptPastTheNextReadKeepsItsBytes() throws {
        let folder = scratch.folder("reader")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("first file".utf8).write(to: URL(fileURLWithPath: folder + "/a"))
        try Data("second".utf8).write(to: URL(fileURLWithPath: folder + "/b"))
        var reader = FileReader()
        let first = try reader.read(folder + "/a")
        let second = try reader.read(folder + "/b")
        #expect(String(decoding: first, as: UTF8.self) == "first file")
        #expect(String(decoding: second, as: UTF8.self) == "second")
    }

    @Test func aMissingPathAndAFolderAreToldApart() throws {
        let folder = scratch.folder("reader")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var reader = FileReader()
        #expect(throws: FileReader.Failure.missing) { try reader.read(folder + "/none") }
        #expect(throws: FileReader.Failure.missing) { try reader.read(folder + "/none/deeper") }
        #expect(throws: FileReader.Failure.folder) { try reader.read(folder) }
    }
}
