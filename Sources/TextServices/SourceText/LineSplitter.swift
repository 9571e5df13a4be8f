/// Splits UTF-8 text into lines.
enum LineSplitter {
    /// The byte ranges of the lines, without their `\n` (a `\r` before it stays in the line).
    static func lines(_ bytes: [UInt8]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start = 0
        for (index, byte) in bytes.enumerated() where byte == 0x0A {
            result.append(start..<index)
            start = index + 1
        }
        if start < bytes.count || bytes.isEmpty || bytes.last == 0x0A { result.append(start..<bytes.count) }
        return result
    }
}
