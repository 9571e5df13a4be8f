import Foundation
import TextServices

/// Text a command reads from a file or standard input, checked to be UTF-8.
struct TextInput {
    /// The name to show: the path, or "(standard input)".
    var name: String
    var bytes: [UInt8]

    /// Reads a path, or standard input for "-".
    ///
    /// Throws `TextInputError` naming the file when it cannot be read or is not UTF-8.
    static func read(_ path: String) throws -> TextInput {
        let name = path == "-" ? "(standard input)" : path
        let data: Data
        if path == "-" {
            data = FileHandle.standardInput.readDataToEndOfFile()
        } else {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                throw TextInputError(message: "\(path): is a directory")
            }
            do {
                data = try Data(contentsOf: URL(fileURLWithPath: path))
            } catch {
                let reason = (error as NSError).localizedFailureReason ?? "cannot be read"
                throw TextInputError(message: FileManager.default.fileExists(atPath: path)
                    ? "\(path): \(reason)" : "\(path): no such file")
            }
        }
        let bytes = [UInt8](data)
        if let bad = UTF8Validation.firstInvalidOffset(in: bytes) {
            throw TextInputError(message: "\(name): not valid UTF-8 (byte \(bad))")
        }
        return TextInput(name: name, bytes: bytes)
    }

    /// Splits the bytes into pieces of at most `maximum` bytes, each ending after a line feed where possible.
    ///
    /// Every segmentation rule breaks after LF, so pieces cut there tokenize
    /// and search as the whole would (except for matches that span lines).
    func pieces(maximum: Int) -> [Range<Int>] {
        var pieces: [Range<Int>] = []
        var start = 0
        while bytes.count - start > maximum {
            var end = start + maximum
            if let newline = bytes[start..<end].lastIndex(of: 0x0A) {
                end = newline + 1
            } else {
                while end > start + 1, bytes[end] & 0xC0 == 0x80 { end -= 1 }
            }
            pieces.append(start..<end)
            start = end
        }
        pieces.append(start..<bytes.count)
        return pieces
    }
}

/// A file a command could not use as text.
struct TextInputError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
