import ArgumentParser
import Foundation

/// A set of real misspellings: `misspelling<TAB>correct` lines, `#` lines being comments.
enum TypoPairs {
    /// Reads the pairs at `path`; throws a `ValidationError` when the file cannot be read or holds none.
    static func read(_ path: String) throws -> [(typo: String, correct: String)] {
        guard let data = FileManager.default.contents(atPath: path) else { throw ValidationError("cannot read \(path)") }
        var pairs: [(typo: String, correct: String)] = []
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t")
            if fields.count >= 2 { pairs.append((String(fields[0]), String(fields[1]))) }
        }
        guard !pairs.isEmpty else { throw ValidationError("no pairs in \(path)") }
        return pairs
    }
}
