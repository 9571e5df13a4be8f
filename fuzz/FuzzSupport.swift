import Foundation
@testable import TextServices

/// What every fuzz target shares: services over the bundled dictionaries, input decoding, and a loud failure.
///
/// Compiled into each fuzzer binary with its entry file (see `fuzz/run.sh`).
/// A fuzzer process is single-threaded; state built here lives for the run.
enum Fuzz {
    /// The repository root, found from this file's path at compile time.
    static let repositoryRoot: String = {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().path
    }()

    /// A fresh data home for learned words and pasteboards, in memory when `/dev/shm` exists.
    static let dataHome: String = {
        let base = FileManager.default.fileExists(atPath: "/dev/shm") ? "/dev/shm" : NSTemporaryDirectory()
        let path = base + "/textsvcd-fuzz-\(getpid())"
        try? FileManager.default.removeItem(atPath: path)
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(atPath: Fuzz.dataHome) }
        return path
    }()

    /// Services over the bundled dictionaries and the test fixtures (a Latin-1 dictionary), with no system folders.
    static let services: Services = {
        let configuration = Configuration(
            dictionaryPaths: [repositoryRoot + "/Tests/TextServicesTests/Fixtures/dictionaries"],
            dataHome: dataHome,
            bundledDictionaries: repositoryRoot + "/dictionaries",
            systemDictionaryPaths: [])
        return Services(configuration: configuration)
    }()

    /// Stops the run with a message; libFuzzer saves the input that got here.
    static func fail(_ message: @autoclosure () -> String, input: [UInt8]) -> Never {
        let shown = String(decoding: input.prefix(2_000), as: UTF8.self)
        fatalError("FUZZ INVARIANT: \(message())\ninput: \(shown.debugDescription)")
    }
}

/// Reads numbers and text off the front of a fuzzer's input.
struct FuzzReader {
    private(set) var bytes: ArraySlice<UInt8>

    init(_ bytes: [UInt8]) { self.bytes = bytes[...] }

    /// The next byte, or 0 when the input is used up.
    mutating func byte() -> UInt8 {
        guard let first = bytes.first else { return 0 }
        bytes = bytes.dropFirst()
        return first
    }

    /// The next two bytes as a little-endian number.
    mutating func uint16() -> Int {
        Int(byte()) | Int(byte()) << 8
    }

    /// Everything left.
    mutating func rest() -> [UInt8] {
        defer { bytes = [] }
        return Array(bytes)
    }
}

extension TextBuffer {
    /// The scalar boundary at or before `offset mod (count + 1)`: a fuzzer's arbitrary number as a valid byte offset.
    func fuzzOffset(_ raw: Int) -> UTF8Offset {
        var value = raw % (byteCount + 1)
        while value > 0, value < byteCount, bytes[value] & 0xC0 == 0x80 { value -= 1 }
        return UTF8Offset(value)
    }
}
