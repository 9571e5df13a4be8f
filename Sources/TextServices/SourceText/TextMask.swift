/// Which bytes of a text the spell checker may see; hidden bytes become spaces.
///
/// Offsets are UTF-8 byte offsets into the original text, and the masked
/// text has exactly the same length, so every offset found in it is an
/// offset in the original. A scalar with any hidden byte is hidden whole, so
/// the masked text is always valid UTF-8. Line breaks stay in place.
public struct TextMask: Sendable {
    public let bytes: [UInt8]
    private var visible: [Bool]

    /// Starts with every byte visible (prose) or every byte hidden (code).
    public init(bytes: [UInt8], visible: Bool) {
        self.bytes = bytes
        self.visible = Array(repeating: visible, count: bytes.count)
    }

    public var count: Int { bytes.count }

    public func isVisible(_ offset: Int) -> Bool { visible[offset] }

    /// The runs of visible letters: ASCII letters and bytes of non-ASCII scalars, as `check` counts words.
    public var visibleLetterRuns: Int {
        bytes.withUnsafeBufferPointer { bytes in
            visible.withUnsafeBufferPointer { visible in
                visible.withMemoryRebound(to: UInt8.self) { shown in
                    guard !bytes.isEmpty else { return 0 }
                    // A run starts at a letter whose byte before is none. Each byte is tested on its own, without
                    // a flag carried from the last one, so the compiler counts many bytes at once.
                    @inline(__always) func letter(_ offset: Int) -> UInt8 {
                        let byte = bytes[offset]
                        return (((byte | 0x20) &- 0x61 < 26 ? 1 : 0) | byte >> 7) & shown[offset]
                    }
                    var count = Int(letter(0))
                    for offset in 1..<bytes.count {
                        count &+= Int(letter(offset) & ~letter(offset - 1))
                    }
                    return count
                }
            }
        }
    }

    /// Makes a byte range visible (clamped to the text).
    public mutating func show(_ range: Range<Int>) {
        set(range, true)
    }

    /// Hides a byte range (clamped to the text).
    public mutating func hide(_ range: Range<Int>) {
        set(range, false)
    }

    private mutating func set(_ range: Range<Int>, _ value: Bool) {
        let lower = max(0, range.lowerBound)
        let upper = min(bytes.count, range.upperBound)
        guard lower < upper else { return }
        for index in lower..<upper { visible[index] = value }
    }

    /// The text with hidden scalars replaced by spaces (line feeds kept).
    public func masked() -> [UInt8] {
        // Prose with nothing hidden (the common case for text files) needs no pass over its scalars.
        guard visible.contains(false) else { return bytes }
        var output = bytes
        var index = 0
        while index < bytes.count {
            let width = min(UTF8Validation.sequenceLength(lead: bytes[index]), bytes.count - index)
            var show = true
            for offset in index..<index + width where !visible[offset] { show = false }
            if !show {
                for offset in index..<index + width {
                    output[offset] = bytes[offset] == 0x0A ? 0x0A : 0x20
                }
            }
            index += width
        }
        return output
    }
}
