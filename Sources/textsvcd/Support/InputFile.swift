import Foundation
import TextServices

/// A file (or standard input) read for a command, validated as UTF-8 text.
struct InputFile {
    /// The name to print: the path as given, or `-` for standard input.
    let name: String
    let text: TextBuffer

    /// Why an input could not be used; printed as `name: reason`.
    struct Problem: Error, CustomStringConvertible {
        var name: String
        var reason: String
        var description: String { "\(name): \(reason)" }
    }

    /// Reads a path (`-` for standard input), refusing directories, binary files and invalid UTF-8.
    static func read(_ path: String) throws(Problem) -> InputFile {
        let bytes: [UInt8]
        if path == "-" {
            bytes = [UInt8](FileHandle.standardInput.readDataToEndOfFile())
        } else {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw Problem(name: path, reason: "no such file")
            }
            if isDirectory.boolValue { throw Problem(name: path, reason: "is a directory") }
            guard let data = FileManager.default.contents(atPath: path) else {
                throw Problem(name: path, reason: "cannot be read (permission denied?)")
            }
            bytes = [UInt8](data)
        }
        if let nul = bytes.firstIndex(of: 0) {
            throw Problem(name: path, reason: "binary file (NUL byte at offset \(nul)), skipped")
        }
        do {
            return InputFile(name: path, text: try TextBuffer(utf8: bytes))
        } catch {
            throw Problem(name: path, reason: "invalid UTF-8 at byte offset \(error.offset), skipped")
        }
    }
}

/// Maps byte offsets to 1-based line and column numbers (columns count characters).
///
/// Queries must come in increasing order of offset; each costs the bytes
/// between it and the previous query.
struct LineLocator {
    private let bytes: [UInt8]
    private var offset = 0
    private var line = 1
    private var lineStart = 0

    init(_ text: TextBuffer) { bytes = text.bytes }

    /// The line and column of a byte offset not before the previous query.
    mutating func locate(_ target: UTF8Offset) -> (line: Int, column: Int) {
        let value = target.rawValue
        if value < offset {
            offset = 0
            line = 1
            lineStart = 0
        }
        while offset < value {
            if bytes[offset] == 0x0A {
                line += 1
                lineStart = offset + 1
            }
            offset += 1
        }
        let prefix = String(decoding: bytes[lineStart..<value], as: UTF8.self)
        return (line, prefix.count + 1)
    }
}

/// Splits text into chunks of about `target` bytes at paragraph breaks (or line breaks), for parallel work.
enum TextChunks {
    static func split(_ bytes: [UInt8], target: Int = 256 << 10) -> [Range<Int>] {
        guard bytes.count > target else { return [0..<bytes.count] }
        var chunks: [Range<Int>] = []
        var start = 0
        while start < bytes.count {
            var end = min(bytes.count, start + target)
            if end < bytes.count {
                // Prefer a blank line after the target, then a newline, within a window.
                let window = min(bytes.count, end + 64 << 10)
                var cut: Int?
                var index = end
                while index + 1 < window {
                    if bytes[index] == 0x0A && bytes[index + 1] == 0x0A { cut = index + 2; break }
                    index += 1
                }
                if cut == nil, let newline = bytes[end..<window].firstIndex(of: 0x0A) { cut = newline + 1 }
                if cut == nil {
                    // No line break: cut at a space, or at a scalar boundary.
                    var at = end
                    while at < window, bytes[at] != 0x20 { at += 1 }
                    if at == window {
                        at = end
                        while at < bytes.count, bytes[at] & 0xC0 == 0x80 { at += 1 }
                    }
                    cut = at
                }
                end = cut!
            }
            chunks.append(start..<end)
            start = end
        }
        return chunks
    }
}
