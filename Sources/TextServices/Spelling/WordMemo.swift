/// Verdicts on words already judged during one scan, keyed by the words' bytes in the text.
///
/// Real text repeats words a great deal; this table answers repeats without
/// making a string, hashing it twice or taking a lock. Keys are byte ranges
/// of the text being scanned, so a memo must only be used with that text.
/// One array of 16-byte slots (offset, length, hash tag and verdict), so a
/// probe costs one cache miss and the key's bytes. Not thread-safe: one per scan.
struct WordMemo {
    /// A stored word: where its bytes are in the text, its hash and the verdict; `length` 0 marks a free slot.
    private struct Slot {
        var start: Int32 = 0
        var length: UInt32 = 0
        var hash: UInt32 = 0
        var verdict = false
    }

    private var slots: [Slot]
    private var count = 0
    private var mask: Int
    /// Words past 2 GB of text or of that length are not stored (and so judged again).
    private static let limit = Int(Int32.max)

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

    @inline(__always)
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> UInt32 {
        // FNV-1a over the bytes.
        var value: UInt32 = 2_166_136_261
        for index in range {
            value = (value ^ UInt32(bytes[index])) &* 16_777_619
        }
        return value
    }

    /// The verdict on the word at `range`, if it was stored before.
    func lookup(_ range: Range<Int>, in text: [UInt8]) -> Bool? {
        text.withUnsafeBufferPointer { bytes in
            slots.withUnsafeBufferPointer { slots in
                let hash = Self.hash(bytes, range)
                let length = UInt32(truncatingIfNeeded: range.count)
                var position = Int(hash) & mask
                while true {
                    let slot = slots[position]
                    if slot.length == 0 { return nil }
                    if slot.hash == hash, slot.length == length,
                       ByteComparison.equal(bytes.baseAddress! + Int(slot.start), bytes.baseAddress! + range.lowerBound, range.count) {
                        return slot.verdict
                    }
                    position = (position + 1) & mask
                }
            }
        }
    }

    /// Stores the verdict on the word at `range`.
    mutating func store(_ range: Range<Int>, in text: [UInt8], _ verdict: Bool) {
        guard !range.isEmpty, range.upperBound < Self.limit else { return }
        if (count + 1) * 2 > slots.count { grow() }
        let hash = text.withUnsafeBufferPointer { Self.hash($0, range) }
        insert(Slot(start: Int32(range.lowerBound), length: UInt32(range.count), hash: hash, verdict: verdict))
        count += 1
    }

    private mutating func insert(_ slot: Slot) {
        var position = Int(slot.hash) & mask
        while slots[position].length != 0 { position = (position + 1) & mask }
        slots[position] = slot
    }

    private mutating func grow() {
        let old = slots
        slots = [Slot](repeating: Slot(), count: old.count * 2)
        mask = slots.count - 1
        for slot in old where slot.length != 0 { insert(slot) }
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
