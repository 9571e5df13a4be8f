import Foundation
import TextServices

/// A personal word list named with `-p FILE`, as Hunspell reads and writes one.
///
/// Each line is a word (`word/affixes` is read as `word`), and `*word`
/// forbids a word. Its words count for the session; words learned in the
/// session are appended to it on `#`, as Hunspell does (they are also in
/// the user's personal dictionary at once). A missing file is created on
/// the first save. Not thread-safe.
public struct IspellPersonalList: Sendable {
    /// The file's path.
    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// The file's entries as a speller takes them; none when the file does not exist yet.
    ///
    /// Throws `TextServicesError.invalidArgument` when the file exists but cannot be read or is not text.
    public func load(into speller: IspellSpeller) throws(TextServicesError) {
        guard FileManager.default.fileExists(atPath: path) else { return }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .invalidArgument(argument: "-p", reason: "cannot read \(path)")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw .invalidArgument(argument: "-p", reason: "\(path) is not UTF-8 text")
        }
        for line in text.split(whereSeparator: \.isNewline) {
            let entry = String(line)
            if entry.hasPrefix("*") { speller.forbid(String(entry.dropFirst())) } else { speller.accept(entry) }
        }
    }

    /// Appends words to the file, one a line, creating it when missing.
    public func append(_ words: [String]) throws {
        let text = words.map { $0 + "\n" }.joined()
        if !FileManager.default.fileExists(atPath: path) {
            guard FileManager.default.createFile(atPath: path, contents: nil) else {
                throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
            }
        }
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        let end = try handle.seekToEnd()
        var separator = ""
        if end > 0 {
            try handle.seek(toOffset: end - 1)
            if try handle.read(upToCount: 1) != Data([0x0A]) { separator = "\n" }
            try handle.seekToEnd()
        }
        try handle.write(contentsOf: Data((separator + text).utf8))
    }
}
