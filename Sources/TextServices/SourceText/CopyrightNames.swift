/// Finds the names in copyright lines: the capitalised words of a line that holds `Copyright`, `©` or `(c)` and a year.
///
/// `Copyright (c) 2012 Zack Weinberg` and `© 2009-2024 Éric Fusy, Joyent, Inc.`
/// name people and companies; a dictionary knows few of them, and a typo
/// there is rare. Only the capitalised words are given (and words in
/// capitals), so the lower-case words of the line (`all rights reserved`,
/// `contributors`) are still checked. Offsets are bytes of the text; a text
/// without a marker costs three case-insensitive `memmem`-style passes.
enum CopyrightNames {
    static let markers: [[UInt8]] = [Array("copyright".utf8), Array("\u{00A9}".utf8), Array("(c)".utf8)]

    /// The byte ranges of the capitalised words on copyright lines of `bytes`, in order.
    static func ranges(in bytes: [UInt8]) -> [Range<Int>] {
        bytes.withUnsafeBytes { raw -> [Range<Int>] in
            var lines: [Range<Int>] = []
            for marker in markers {
                var position = 0
                while let found = ByteSearch.firstIndexIgnoringASCIICase(raw, lowered: marker, from: position) {
                    let line = ByteSearch.line(containing: found, in: raw)
                    position = line.upperBound
                    if hasYear(raw, line) { lines.append(line) }
                }
            }
            var seen = Set<Int>()
            var names: [Range<Int>] = []
            for line in lines.sorted(by: { $0.lowerBound < $1.lowerBound }) where seen.insert(line.lowerBound).inserted {
                names += capitalisedWords(raw, line)
            }
            return names
        }
    }

    /// Whether a line holds a year: four digits from 1900 to 2099 that no other digit touches.
    private static func hasYear(_ raw: UnsafeRawBufferPointer, _ line: Range<Int>) -> Bool {
        var index = line.lowerBound
        while index + 4 <= line.upperBound {
            let first = raw[index], second = raw[index + 1]
            if (first == UInt8(ascii: "1") && second == UInt8(ascii: "9")) || (first == UInt8(ascii: "2") && second == UInt8(ascii: "0")),
               isDigit(raw[index + 2]), isDigit(raw[index + 3]),
               index == line.lowerBound || !isDigit(raw[index - 1]),
               index + 4 == line.upperBound || !isDigit(raw[index + 4]) {
                return true
            }
            index += 1
        }
        return false
    }

    /// The words of a line (runs of letters, non-ASCII scalars and inner apostrophes) that start with a capital.
    private static func capitalisedWords(_ raw: UnsafeRawBufferPointer, _ line: Range<Int>) -> [Range<Int>] {
        var words: [Range<Int>] = []
        var index = line.lowerBound
        while index < line.upperBound {
            guard isWordByte(raw[index]) else {
                index += 1
                continue
            }
            let start = index
            while index < line.upperBound, isWordByte(raw[index]) || (raw[index] == UInt8(ascii: "'") && index + 1 < line.upperBound
                                                                     && isWordByte(raw[index + 1])) {
                index += 1
            }
            if startsWithCapital(raw, start, index) { words.append(start..<index) }
        }
        return words
    }

    private static func startsWithCapital(_ raw: UnsafeRawBufferPointer, _ start: Int, _ end: Int) -> Bool {
        let first = raw[start]
        if first < 0x80 { return first &- UInt8(ascii: "A") < 26 }
        let width = min(UTF8Validation.sequenceLength(lead: first), end - start)
        var decoder = UTF8()
        var iterator = UnsafeRawBufferPointer(rebasing: raw[start..<start + width]).makeIterator()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return false }
        return scalar.properties.isUppercase
    }

    @inline(__always)
    private static func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    @inline(__always)
    private static func isWordByte(_ byte: UInt8) -> Bool { (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte >= 0x80 }
}
