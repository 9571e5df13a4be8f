/// Decoding single scalars of valid UTF-8 forwards and backwards.
enum UTF8Scalars {
    /// The scalar that starts at `index` and the index after it; nil at the end.
    static func at(_ bytes: [UInt8], _ index: Int) -> (Unicode.Scalar, Int)? {
        guard index < bytes.count else { return nil }
        let lead = bytes[index]
        let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        guard index + length <= bytes.count else { return nil }
        var value = length == 1 ? UInt32(lead) : UInt32(lead) & (0xFF >> (length + 1))
        for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
        guard let scalar = Unicode.Scalar(value) else { return nil }
        return (scalar, index + length)
    }

    /// The scalar that ends at `index` and the index where it starts; nil at the start.
    static func before(_ bytes: [UInt8], _ index: Int) -> (Unicode.Scalar, Int)? {
        guard index > 0 else { return nil }
        var start = index - 1
        while start > 0, bytes[start] & 0xC0 == 0x80, index - start < 4 { start -= 1 }
        guard let (scalar, end) = at(bytes, start), end == index else { return nil }
        return (scalar, start)
    }
}

extension Unicode.Scalar {
    /// A letter of any script (general category L*), as Python's `str.isalpha` sees it.
    var isLetter: Bool {
        switch properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: return true
        default: return false
        }
    }
}
