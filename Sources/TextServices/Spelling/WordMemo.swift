/// Verdicts on words already judged during one scan, keyed by the words' bytes in the text.
///
/// Real text repeats words a great deal; this table answers repeats without
/// making a string, hashing it twice or taking a lock. Keys are byte ranges
/// of the text being scanned, so a memo must only be used with that text.
/// One array of 16-byte slots holding a word's first eight bytes, its length,
/// where it is in the text and the verdict: a probe for a word of up to eight
/// bytes (most words) reads the slot alone, a longer one also the rest of the
/// stored word's bytes. Not thread-safe: one per scan.
struct WordMemo {
    /// A stored word: its first eight bytes (zero past its end), where its bytes are in the text, its length
    /// and the verdict; `length` 0 marks a free slot.
    private struct Slot {
        var prefix: UInt64 = 0
        var start: Int32 = 0
        var length: UInt16 = 0
        var verdict = false
    }

    private var slots: [Slot]
    private var count = 0
    private var mask: Int
    /// Words past 2 GB of text or longer than 64 KB are not stored (and so judged again).
    private static let limit = Int(Int32.max)
    private static let longestWord = Int(UInt16.max)

    /// A memo for about `capacity` distinct words before it grows.
    init(capacity: Int = 1 << 12) {
        let size = max(16, (capacity * 2).nextPowerOfTwo)
        slots = [Slot](repeating: Slot(), count: size)
        mask = size - 1
    }

    /// A memo sized for the distinct words of a text of `byteCount` bytes (about one for every 24 bytes, at most 64k).
    init(textBytes byteCount: Int) {
        self.init(capacity: min(max(byteCount / 24, 1 << 8), 1 << 16))
    }

    /// The word's first eight bytes, little-endian, zero past its end.
    @inline(__always)
    private static func prefix(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> UInt64 {
        let count = min(range.count, 8)
        if range.lowerBound + 8 <= bytes.count {
            let word = UnsafeRawPointer(bytes.baseAddress! + range.lowerBound).loadUnaligned(as: UInt64.self)
            return count == 8 ? word : word & ((1 << UInt64(count * 8)) - 1)
        }
        var value: UInt64 = 0
        for index in 0..<count { value |= UInt64(bytes[range.lowerBound + index]) << UInt64(index * 8) }
        return value
    }

    /// Where a probe starts: the prefix and length mixed (the prefix alone tells most words apart).
    @inline(__always)
    private func home(_ prefix: UInt64, _ length: Int, _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
        var value = prefix ^ UInt64(length) &* 0x9E37_79B9_7F4A_7C15
        // Longer words also mix their last eight bytes in, so that words sharing a prefix spread out.
        if length > 8 { value ^= Self.prefix(bytes, range.upperBound - 8..<range.upperBound) &* 0xC2B2_AE3D_27D4_EB4F }
        value = (value ^ (value >> 29)) &* 0xBF58_476D_1CE4_E5B9
        return Int(truncatingIfNeeded: value ^ (value >> 32)) & mask
    }

    /// The verdict on the word at `range`, if it was stored before.
    func lookup(_ range: Range<Int>, in text: [UInt8]) -> Bool? {
        text.withUnsafeBufferPointer { bytes in
            slots.withUnsafeBufferPointer { slots in
                let length = range.count
                let prefix = Self.prefix(bytes, range)
                var position = home(prefix, length, bytes, range)
                while true {
                    let slot = slots[position]
                    if slot.length == 0 { return nil }
                    if slot.prefix == prefix, Int(slot.length) == length,
                       length <= 8 || ByteComparison.equal(bytes.baseAddress! + Int(slot.start) + 8,
                                                           bytes.baseAddress! + range.lowerBound + 8, length - 8) {
                        return slot.verdict
                    }
                    position = (position + 1) & mask
                }
            }
        }
    }

    /// Stores the verdict on the word at `range`.
    mutating func store(_ range: Range<Int>, in text: [UInt8], _ verdict: Bool) {
        guard !range.isEmpty, range.upperBound < Self.limit, range.count <= Self.longestWord else { return }
        if (count + 1) * 2 > slots.count { grow(text) }
        let (prefix, position) = text.withUnsafeBufferPointer { bytes in
            let prefix = Self.prefix(bytes, range)
            return (prefix, home(prefix, range.count, bytes, range))
        }
        insert(Slot(prefix: prefix, start: Int32(range.lowerBound), length: UInt16(range.count), verdict: verdict), at: position)
        count += 1
    }

    private mutating func insert(_ slot: Slot, at home: Int) {
        var position = home
        while slots[position].length != 0 { position = (position + 1) & mask }
        slots[position] = slot
    }

    private mutating func grow(_ text: [UInt8]) {
        let old = slots
        slots = [Slot](repeating: Slot(), count: old.count * 2)
        mask = slots.count - 1
        text.withUnsafeBufferPointer { bytes in
            for slot in old where slot.length != 0 {
                let range = Int(slot.start)..<Int(slot.start) + Int(slot.length)
                insert(slot, at: home(slot.prefix, range.count, bytes, range))
            }
        }
    }
}
extension Int {
    /// The smallest power of two not below this value.
    var nextPowerOfTwo: Int {
        guard self > 1 else { return 1 }
        return 1 << (Int.bitWidth - (self - 1).leadingZeroBitCount)
    }
}

/// Equality of short byte strings, eight bytes at a time (words are short: a call to `memcmp` cost more than the comparison).
enum ByteComparison {
    @inline(__always)
    static func equal(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        var offset = 0
        while offset + 8 <= count {
            if UnsafeRawPointer(a + offset).loadUnaligned(as: UInt64.self) != UnsafeRawPointer(b + offset).loadUnaligned(as: UInt64.self) {
                return false
            }
            offset += 8
        }
        while offset < count {
            if a[offset] != b[offset] { return false }
            offset += 1
        }
        return true
    }
}
