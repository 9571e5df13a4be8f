import Foundation
import TextServices

/// A file (or standard input) read for `check`, validated as UTF-8 text.
public struct CheckInput: Sendable {
    /// The name to print: the path as given or found, or `-` for standard input.
    public let name: String
    public let text: TextBuffer

    public init(name: String, text: TextBuffer) {
        self.name = name
        self.text = text
    }

    /// Why an input could not be used; printed as `name: reason`.
    public struct Problem: Error, CustomStringConvertible, Sendable {
        /// What kind of problem it is, for a walk to count and skip files that are not text.
        public enum Kind: Sendable {
            case missing, folder, unreadable, binary, notUTF8
        }

        public var name: String
        public var reason: String
        public var kind: Kind
        public var description: String { "\(name): \(reason)" }

        public init(name: String, reason: String, kind: Kind = .unreadable) {
            self.name = name
            self.reason = reason
            self.kind = kind
        }
    }

    /// The path whose project applies: the file itself, or the current folder for standard input.
    public var projectPath: String {
        name == "-" ? FileManager.default.currentDirectoryPath : name
    }

    /// Reads a path (`-` for standard input), refusing folders, binary files and invalid UTF-8.
    public static func read(_ path: String) throws(Problem) -> CheckInput {
        try validated(readBytes(path), name: path)
    }

    /// Text of `bytes` named `name`, refusing binary files (a NUL byte) and invalid UTF-8.
    public static func validated(_ bytes: [UInt8], name: String) throws(Problem) -> CheckInput {
        if let nul = UTF8Validation.firstNUL(in: bytes) {
            throw Problem(name: name, reason: "binary file (NUL byte at offset \(nul)), skipped", kind: .binary)
        }
        do {
            return CheckInput(name: name, text: try TextBuffer(utf8: bytes))
        } catch {
            throw Problem(name: name, reason: "invalid UTF-8 at byte offset \(error.offset), skipped", kind: .notUTF8)
        }
    }

    /// The bytes of a path (`-` for standard input), as they are; a missing, unreadable path or a folder is a `Problem`.
    ///
    /// With a `reader`, a file is read into its buffer (a run over many files reuses it; `FileReader`).
    public static func readBytes(_ path: String, reader: inout FileReader) throws(Problem) -> [UInt8] {
        if path == "-" { return [UInt8](FileHandle.standardInput.readDataToEndOfFile()) }
        do {
            return try reader.read(path)
        } catch {
            switch error {
            case .missing: throw Problem(name: path, reason: "no such file", kind: .missing)
            case .folder: throw Problem(name: path, reason: "is a directory", kind: .folder)
            case .unreadable(let errno): throw Problem(name: path, reason: "cannot be read (\(errno))")
            }
        }
    }

    /// The bytes of a path (`-` for standard input) in an array of their own; throws as `readBytes(_:reader:)`.
    public static func readBytes(_ path: String) throws(Problem) -> [UInt8] {
        var reader = FileReader()
        let bytes = try readBytes(path, reader: &reader)
        return bytes
    }
}
