/// Cuts a long text into pieces to work on one at a time or in parallel, cut only after line feeds where possible.
///
/// Every segmentation rule (UAX #29 words and sentences, UAX #14 lines,
/// paragraphs) and every spelling skip rule breaks after a line feed, so
/// pieces cut there tokenize and check exactly as the whole text would, and
/// only regular-expression matches that span lines can be cut. A piece ends
/// at the last line feed before `target` bytes, else at the first one after
/// it; a line longer than `maximum` bytes is cut at a scalar boundary.
public enum TextChunker {
    /// The pieces of UTF-8 `bytes`, as byte ranges that cover it in order (one empty piece for empty text).
    public static func pieces(of bytes: [UInt8], target: Int, maximum: Int) -> [Range<Int>] {
        precondition(target > 0 && maximum >= target, "pieces need a positive target no larger than the maximum")
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
