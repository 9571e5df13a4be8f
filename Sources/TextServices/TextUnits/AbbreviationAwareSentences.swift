/// ICU's sentence boundaries without those that a language's abbreviations, ordinals and initials explain, and with the sentence starts ICU misses.
///
/// Wraps an ICU sentence cursor over the same bytes: skips each boundary
/// `SentenceAbbreviations.joins(_:at:)` joins, and adds each offset
/// `SentenceAbbreviations.opens(_:at:)` opens (a dialogue dash or a number
/// after a sentence end), so units never overlap and leave no gaps. Costs one
/// look at the bytes around each ICU boundary and one pass over the bytes
/// between them. Not thread-safe, like the cursor it wraps.
final class AbbreviationAwareSentences: BoundaryCursor {
    private let base: BoundaryCursor
    private let bytes: [UInt8]
    private let abbreviations: SentenceAbbreviations
    /// The boundary last returned, and the kept ICU boundary at or after it where the ICU cursor stands (nil: unknown).
    private var current: Int?
    private var keptBase: Int?

    init(_ base: BoundaryCursor, bytes: [UInt8], abbreviations: SentenceAbbreviations) {
        self.base = base
        self.bytes = bytes
        self.abbreviations = abbreviations
    }

    var ruleStatus: Int { base.ruleStatus }

    private func joined(_ offset: Int) -> Bool {
        abbreviations.joins(bytes, at: offset)
    }

    /// Whether a byte can begin a sentence ICU missed: a letter, a digit, a dash, a comma (",,"), an opening quote or bracket, `$`, a lone `?` or an ellipsis.
    @inline(__always)
    private static func mayStart(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "A") || (byte &- UInt8(ascii: "0")) < 10 || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ",")
            || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") || byte == UInt8(ascii: "(") || byte == UInt8(ascii: "$")
            || byte == UInt8(ascii: "?") || byte == UInt8(ascii: ".")
    }

    /// Whether an offset could start a sentence that ICU missed: a dash, a comma, a letter or a digit after a space.
    private func mayOpen(_ offset: Int) -> Bool {
        let byte = bytes[offset]
        let previous = bytes[offset - 1]
        guard (previous == 0x20 || previous == 0xA0 || previous == 0x09), Self.mayStart(byte) else { return false }
        // Cheap before the real test: the spaces must follow a terminator or a closing mark's last byte.
        var end = offset - 1
        while end > 0, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 || bytes[end - 1] == 0xA0 || bytes[end - 1] == 0xC2 { end -= 1 }
        guard end > 0 else { return false }
        switch bytes[end - 1] {
        case UInt8(ascii: "."), UInt8(ascii: "!"), UInt8(ascii: "?"), UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: ")"),
             UInt8(ascii: "]"), 0xBB, 0x9D, 0x99:
            return abbreviations.opens(bytes, at: offset)
        default:
            return false
        }
    }

    /// The first sentence start ICU missed strictly between `lower` and `upper`.
    private func firstOpening(after lower: Int, before upper: Int) -> Int? {
        let end = min(upper, bytes.count)
        var offset = max(lower + 1, 2)
        guard offset < end else { return nil }
        return bytes.withUnsafeBufferPointer { buffer -> Int? in
            // Only a space before a letter, a digit, a dash, a comma (",,") or an opening quote is worth a look.
            while offset < end {
                let previous = buffer[offset - 1]
                if previous == 0x20 || previous == 0xA0 || previous == 0x09, Self.mayStart(buffer[offset]), mayOpen(offset) {
                    return offset
                }
                offset += 1
            }
            return nil
        }
    }

    /// The last sentence start ICU missed strictly between `lower` and `upper`.
    private func lastOpening(after lower: Int, before upper: Int) -> Int? {
        var offset = min(upper, bytes.count) - 1
        while offset > max(lower, 1) {
            if mayOpen(offset) { return offset }
            offset -= 1
        }
        return nil
    }

    /// The kept ICU boundary after the ICU cursor's current one.
    private func nextKept() -> Int? {
        var boundary = base.next()
        while let current = boundary, joined(current) { boundary = base.next() }
        return boundary
    }

    private func answer(from lower: Int, kept: Int?) -> Int? {
        keptBase = kept
        current = firstOpening(after: lower, before: kept ?? bytes.count) ?? kept
        return current
    }

    func following(_ offset: Int) -> Int? {
        var boundary = base.following(offset)
        while let current = boundary, joined(current) { boundary = base.next() }
        return answer(from: offset, kept: boundary)
    }

    func next() -> Int? {
        guard let current else { return nil }
        guard let keptBase else { return following(current) }
        if current < keptBase { return answer(from: current, kept: keptBase) }
        return answer(from: current, kept: nextKept())
    }

    func preceding(_ offset: Int) -> Int? {
        var boundary = base.preceding(offset)
        while let current = boundary, joined(current) { boundary = base.preceding(current) }
        let result = lastOpening(after: boundary ?? 0, before: offset) ?? boundary
        current = result
        keptBase = nil
        return result
    }

    func isBoundary(_ offset: Int) -> Bool {
        current = offset
        keptBase = nil
        if offset > 1, offset < bytes.count, mayOpen(offset) { return true }
        return base.isBoundary(offset) && !joined(offset)
    }
}
