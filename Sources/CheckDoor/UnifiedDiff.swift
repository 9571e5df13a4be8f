/// A unified diff (`diff -u`, three lines of context) of two versions of a file with the same number of lines.
///
/// `--fix` changes words inside lines, never the lines themselves, so line
/// N of the old text is line N of the new one. A last line without a line
/// end is marked as `diff` marks it.
public enum UnifiedDiff {
    /// Lines of context around each change.
    public static let context = 3

    /// The diff's lines (without line ends): the `---`/`+++` header, then the hunks; none when the texts are equal.
    public static func lines(old: [UInt8], new: [UInt8], path: String) -> [String] {
        let before = split(old)
        let after = split(new)
        guard before.count == after.count, old != new else { return [] }
        let changed = before.indices.filter { before[$0] != after[$0] }
        guard !changed.isEmpty else { return [] }
        var hunks: [Range<Int>] = []
        for line in changed {
            let range = max(0, line - context)..<min(before.count, line + context + 1)
            if let last = hunks.last, range.lowerBound <= last.upperBound {
                hunks[hunks.count - 1] = last.lowerBound..<range.upperBound
            } else {
                hunks.append(range)
            }
        }
        var output = ["--- a/\(path)", "+++ b/\(path)"]
        for hunk in hunks {
            output.append("@@ -\(hunk.lowerBound + 1),\(hunk.count) +\(hunk.lowerBound + 1),\(hunk.count) @@")
            for index in hunk {
                let (oldText, oldEnded) = before[index]
                let (newText, newEnded) = after[index]
                if before[index] == after[index] {
                    output.append(" " + oldText)
                    if !oldEnded { output.append("\\ No newline at end of file") }
                } else {
                    output.append("-" + oldText)
                    if !oldEnded { output.append("\\ No newline at end of file") }
                    output.append("+" + newText)
                    if !newEnded { output.append("\\ No newline at end of file") }
                }
            }
        }
        return output
    }

    /// The lines of a text, each with whether a line end followed it.
    private static func split(_ bytes: [UInt8]) -> [(String, Bool)] {
        var lines: [(String, Bool)] = []
        var start = 0
        for (index, byte) in bytes.enumerated() where byte == 0x0A {
            lines.append((String(decoding: bytes[start..<index], as: UTF8.self), true))
            start = index + 1
        }
        if start < bytes.count { lines.append((String(decoding: bytes[start...], as: UTF8.self), false)) }
        return lines
    }
}
