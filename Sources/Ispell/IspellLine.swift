import TextServices

/// One input line of the pipe as Hunspell's tokenizers see it: bytes up to the first NUL, then a NUL.
struct IspellLine {
    let bytes: [UInt8]

    init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = Array(bytes.prefix(while: { $0 != 0 }))
    }

    /// The byte at `index`, or 0 past the end (the C string's terminator).
    subscript(index: Int) -> UInt8 {
        index >= 0 && index < bytes.count ? bytes[index] : 0
    }

    /// The scalar starting at `index`, or nil for the end or an ill-formed sequence.
    func scalar(at index: Int) -> Unicode.Scalar? {
        guard index >= 0, index < bytes.count else { return nil }
        let lead = bytes[index]
        if lead < 0x80 { return Unicode.Scalar(lead) }
        let width = UTF8Validation.sequenceLength(lead: lead)
        guard lead >= 0xC2, index + width <= bytes.count,
              UTF8Validation.firstInvalidOffset(in: Array(bytes[index..<index + width])) == nil else { return nil }
        return String(decoding: bytes[index..<index + width], as: UTF8.self).unicodeScalars.first
    }

    /// Hunspell's `next_char`: the index of the next character, or nil at the end of the line.
    func next(after index: Int) -> Int? {
        guard index < bytes.count else { return nil }
        var position = index + 1
        if bytes[index] >= 0x80 {
            while position < bytes.count, bytes[position] & 0xC0 == 0x80 { position += 1 }
        }
        return position
    }

    func starts(with prefix: [UInt8], at index: Int) -> Bool {
        guard index >= 0, index + prefix.count <= bytes.count else { return false }
        for offset in 0..<prefix.count where bytes[index + offset] != prefix[offset] { return false }
        return true
    }
}
