extension AffixCondition {
    /// `matchesEnd(of:)` on UTF-8 bytes (decodes only as many scalars as the condition has).
    ///
    /// Hunspell's matcher has quirks when a word is shorter than its condition (a trailing '.' can match
    /// past the end): such a root is never ruled out here.
    func matchesEnd(ofUTF8 bytes: [UInt8]) -> Bool {
        if elements.isEmpty { return true }
        var end = bytes.count
        var index = elements.count - 1
        while index >= 0 {
            guard end > 0 else { return true }
            var start = end - 1
            while start > 0, bytes[start] & 0xC0 == 0x80 { start -= 1 }
            guard elements[index].matches(Self.scalar(bytes, start, end)) else { return false }
            end = start
            index -= 1
        }
        return true
    }

    /// `matchesStart(of:)` on UTF-8 bytes.
    func matchesStart(ofUTF8 bytes: [UInt8]) -> Bool {
        if elements.isEmpty { return true }
        var start = 0
        for element in elements {
            guard start < bytes.count else { return true }
            var end = start + 1
            while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
            guard element.matches(Self.scalar(bytes, start, end)) else { return false }
            start = end
        }
        return true
    }

    /// The scalar encoded in `bytes[start..<end]` (U+FFFD when malformed).
    @inline(__always)
    static func scalar(_ bytes: [UInt8], _ start: Int, _ end: Int) -> Unicode.Scalar {
        let lead = UInt32(bytes[start])
        if lead < 0x80 { return Unicode.Scalar(UInt8(lead)) }
        var value: UInt32
        switch end - start {
        case 2: value = lead & 0x1F
        case 3: value = lead & 0x0F
        case 4: value = lead & 0x07
        default: return "\u{FFFD}"
        }
        for index in (start + 1)..<end { value = value << 6 | UInt32(bytes[index] & 0x3F) }
        return Unicode.Scalar(value) ?? "\u{FFFD}"
    }
}
