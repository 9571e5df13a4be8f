/// The numbered lines of a word list file, decoded as UTF-8.
///
/// An optional byte-order mark is dropped, lines end at `\n` or `\r\n` (a
/// lone `\r` ends a line too), and a line that is not well-formed UTF-8 is
/// kept with `text == nil` and the byte offset of its fault, so that a
/// caller can skip it with a warning or refuse the file naming the line.
struct WordListLines {
    struct Line: Equatable {
        /// The line's number, from 1.
        var number: Int
        /// The line without its ending; nil when it is not UTF-8.
        var text: String?
        /// The byte offset in the file where the line starts.
        var offset: Int
        /// For a line that is not UTF-8, the offset in the file of its first bad byte.
        var badByte: Int?
    }

    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    let lines: [Line]

    init(_ bytes: [UInt8]) {
        var lines: [Line] = []
        var start = bytes.starts(with: Self.byteOrderMark) ? 3 : 0
        var number = 1
        var index = start
        func finish(_ end: Int) {
            let slice = Array(bytes[start..<end])
            if let bad = UTF8Validation.firstInvalidOffset(in: slice) {
                lines.append(Line(number: number, text: nil, offset: start, badByte: start + bad))
            } else {
                lines.append(Line(number: number, text: String(decoding: slice, as: UTF8.self), offset: start))
            }
            number += 1
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A || byte == 0x0D {
                finish(index)
                index += byte == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A ? 2 : 1
                start = index
            } else {
                index += 1
            }
        }
        if start < bytes.count { finish(bytes.count) }
        self.lines = lines
    }

    /// The first line that is not UTF-8, if any.
    var firstInvalid: Line? { lines.first { $0.text == nil } }

    /// The line a byte offset of the file falls on (1 for an offset before any line).
    func lineNumber(atByte offset: Int) -> Int {
        lines.last { $0.offset <= offset }?.number ?? 1
    }
}
