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
                guard let text = bytes.baseAddress.map(UnsafeRawPointer.init),
                      let shown = visible.baseAddress.map(UnsafeRawPointer.init) else { return 0 }
                // Eight bytes at a time: each byte's top bit says "a visible letter"; a run starts at a letter whose
                // byte before (in this word, or the last of the word before) is none.
                let topBits: UInt64 = 0x8080_8080_8080_8080
                var count = 0
                var before: UInt64 = 0
                var offset = 0
                while offset + 8 <= bytes.count {
                    let word = text.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                    // A Bool is stored as 0 or 1: shifted up, its bit lands on its own byte's top bit.
                    let seen = shown.loadUnaligned(fromByteOffset: offset, as: UInt64.self) << 7
                    // ASCII letters, and bytes of non-ASCII scalars by their top bit.
                    let letters = (ByteTops.asciiLetters(word) | (word & topBits)) & seen
                    count &+= ByteTops.count(letters & ~(letters << 8 | before))
                    before = (letters >> 56) & 0x80
                    offset += 8
                }
                var inRun = before != 0
                while offset < bytes.count {
                    let byte = bytes[offset]
                    let letter = visible[offset] && ((byte | 0x20) &- 0x61 < 26 || byte >= 0x80)
                    if letter, !inRun { count += 1 }
                    inRun = letter
                    offset += 1
                }
                return count
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
        // One pass over raw buffers: the copy's uniqueness is checked once, not at every store.
        output.withUnsafeMutableBufferPointer { output in
            bytes.withUnsafeBufferPointer { bytes in
                visible.withUnsafeBufferPointer { visible in
                    Self.hide(bytes, visible, into: output)
                }
            }
        }
        return output
    }

    /// Makes spaces of the hidden scalars of `bytes` in `output`, which starts as a copy of them.
    private static func hide(_ bytes: UnsafeBufferPointer<UInt8>, _ visible: UnsafeBufferPointer<Bool>,
                             into output: UnsafeMutableBufferPointer<UInt8>) {
        guard let text = bytes.baseAddress, let shownBase = visible.baseAddress, let target = output.baseAddress else { return }
        let count = bytes.count
        let ones: UInt64 = 0x0101_0101_0101_0101
        var index = 0
        while index < count {
            // Eight bytes at a time where all are shown (nothing to do) or all hidden.
            if index + 8 <= count {
                let shown = UnsafeRawPointer(shownBase).loadUnaligned(fromByteOffset: index, as: UInt64.self)
                // (All shown: skipped unless a scalar runs on past the eight, whose hidden tail would hide it whole.)
                if shown == ones, index + 8 == count || bytes[index + 8] & 0xC0 != 0x80 {
                    index += 8
                    continue
                }
                if shown == 0 {
                    // All hidden: spaces, and line feeds where the text has them (each lane of `feeds` is 0xFF at a
                    // line feed; no other byte of UTF-8, a continuation byte included, is 0x0A). A scalar that starts
                    // here is hidden whole (a catalog's translations): its bytes past the eight are hidden too.
                    let word = UnsafeRawPointer(text).loadUnaligned(fromByteOffset: index, as: UInt64.self)
                    let other = word ^ 0x0A0A_0A0A_0A0A_0A0A
                    let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
                    let feeds = ((~(((other & low) &+ low) | other) & ~low) >> 7) &* 0xFF
                    let spaced = (feeds & 0x0A0A_0A0A_0A0A_0A0A) | (~feeds & 0x2020_2020_2020_2020)
                    UnsafeMutableRawPointer(target).storeBytes(of: spaced, toByteOffset: index, as: UInt64.self)
                    index += 8
                    while index < count, bytes[index] & 0xC0 == 0x80 {
                        output[index] = 0x20
                        index += 1
                    }
                    continue
                }
            }
            let width = min(UTF8Validation.sequenceLength(lead: bytes[index]), count - index)
            var show = true
            for offset in index..<index + width where !visible[offset] { show = false }
            if !show {
                for offset in index..<index + width {
                    output[offset] = bytes[offset] == 0x0A ? 0x0A : 0x20
                }
            }
            index += width
        }
    }
}
