/// Lower-cases UTF-8 in the ranges where ICU's root-locale case mappings are one scalar of the same length both ways.
///
/// Those ranges: ASCII; Latin-1's letters `À`-`Þ` and `à`-`þ` without `×`, `÷` and `ß`; basic Cyrillic `Ѐ`-`я`
/// and `ѐ`-`џ` (U+0400-U+045F). Every other ASCII byte maps to itself. Any other scalar (`ß`, `ÿ`, `µ`, Greek,
/// Latin Extended) is outside, and the caller uses ICU. Pure functions; thread-safe.
enum SimpleCase {
    /// What `lowered(_:into:)` learned of the word.
    struct Word {
        /// The first scalar is an upper-case letter (it changes when lower-cased).
        var firstIsUpper: Bool
        /// The length in bytes of the first scalar.
        var firstLength: Int
        /// Some scalar is a lower-case letter (it changes when upper-cased).
        var anyLower: Bool
    }

    /// Writes `bytes` lower-cased into `out` (of at least `bytes.count`); nil when a scalar is outside the ranges.
    static func lowered(_ bytes: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt8>) -> Word? {
        guard !bytes.isEmpty, out.count >= bytes.count else { return nil }
        var word = Word(firstIsUpper: false, firstLength: 1, anyLower: false)
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            var isUpper = false
            if lead < 0x80 {
                if lead >= 0x41, lead <= 0x5A {
                    isUpper = true
                    out[index] = lead + 0x20
                } else {
                    if lead >= 0x61, lead <= 0x7A { word.anyLower = true }
                    out[index] = lead
                }
                if index == 0 { word.firstIsUpper = isUpper }
                index += 1
                continue
            }
            guard index + 1 < bytes.count else { return nil }
            let next = bytes[index + 1]
            guard next & 0xC0 == 0x80 else { return nil }
            var outLead = lead, outNext = next
            switch lead {
            case 0xC3:
                // U+00C0-U+00DE upper (not U+00D7), U+00E0-U+00FE lower (not U+00F7); U+00DF and U+00FF are outside.
                if next >= 0x80, next <= 0x9E, next != 0x97 {
                    isUpper = true
                    outNext = next + 0x20
                } else if next >= 0xA0, next <= 0xBE, next != 0xB7 {
                    word.anyLower = true
                } else {
                    return nil
                }
            case 0xD0:
                if next <= 0x8F {
                    // U+0400-U+040F to U+0450-U+045F.
                    isUpper = true
                    outLead = 0xD1
                    outNext = next + 0x10
                } else if next <= 0x9F {
                    // U+0410-U+041F to U+0430-U+043F.
                    isUpper = true
                    outNext = next + 0x20
                } else if next <= 0xAF {
                    // U+0420-U+042F to U+0440-U+044F.
                    isUpper = true
                    outLead = 0xD1
                    outNext = next - 0x20
                } else {
                    word.anyLower = true
                }
            case 0xD1:
                // U+0440-U+045F are lower case; U+0460 on is outside.
                guard next <= 0x9F else { return nil }
                word.anyLower = true
            default:
                return nil
            }
            out[index] = outLead
            out[index + 1] = outNext
            if index == 0 {
                word.firstIsUpper = isUpper
                word.firstLength = 2
            }
            index += 2
        }
        return word
    }
}
