extension InputFile {
    /// Splits the text into pieces to send one request at a time, cut only after line feeds where possible.
    ///
    /// Every segmentation rule (UAX #29, UAX #14, paragraphs) breaks after a
    /// line feed, so pieces cut there tokenize exactly as the whole text
    /// would, and only regex matches that span lines can be cut. A piece is
    /// cut at the last line feed before `target` bytes, else at the first
    /// one after it; a line longer than `maximum` bytes is cut at a scalar
    /// boundary.
    func pieces(target: Int, maximum: Int) -> [Range<Int>] {
        let bytes = text.bytes
        var pieces: [Range<Int>] = []
        var start = 0
        while bytes.count - start > target {
            var end: Int
            if let newline = bytes[start..<start + target].lastIndex(of: 0x0A) {
                end = newline + 1
            } else if let newline = bytes[(start + target)..<min(bytes.count, start + maximum)].firstIndex(of: 0x0A) {
                end = newline + 1
            } else {
                end = min(bytes.count, start + maximum)
                while end < bytes.count, end > start + 1, bytes[end] & 0xC0 == 0x80 { end -= 1 }
            }
            pieces.append(start..<end)
            start = end
        }
        if start < bytes.count || pieces.isEmpty { pieces.append(start..<bytes.count) }
        return pieces
    }
}
