import Foundation
import TextServices
import TextServicesProtocol

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
