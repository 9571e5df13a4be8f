/// Verdicts on words already judged during one scan, keyed by the words' bytes in the text.
///
/// Real text repeats words a great deal; this table answers repeats without
/// making a string, hashing it twice or taking a lock. Keys are byte ranges
/// of the text being scanned, so a memo must only be used with that text.
/// Not thread-safe: one per scan.
struct WordMemo {
    private var starts: [Int]
    private var lengths: [Int]
    private var hashes: [UInt32]
    private var verdicts: [Bool]
    private var count = 0
    private var mask: Int

    init(capacity: Int = 1 << 12) {
        let size = max(16, capacity.nextPowerOfTwo)
        starts = [Int](repeating: 0, count: size)
        lengths = [Int](repeating: -1, count: size)
        hashes = [UInt32](repeating: 0, count: size)
        verdicts = [Bool](repeating: false, count: size)
        mask = size - 1
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

    @inline(__always)
    private func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ slot: Int, _ range: Range<Int>) -> Bool {
        guard Int(lengths[slot]) == range.count else { return false }
        let start = Int(starts[slot])
        var offset = 0
        while offset < range.count {
            if bytes[start + offset] != bytes[range.lowerBound + offset] { return false }
            offset += 1
        }
        return true
    }

    /// The verdict on the word at `range`, if it was stored before.
    func lookup(_ range: Range<Int>, in text: [UInt8]) -> Bool? {
        text.withUnsafeBufferPointer { bytes in
            let hash = Self.hash(bytes, range)
            var slot = Int(hash) & mask
            while lengths[slot] >= 0 {
                if hashes[slot] == hash, equal(bytes, slot, range) { return verdicts[slot] }
                slot = (slot + 1) & mask
            }
            return nil
        }
    }

    /// Stores the verdict on the word at `range`.
    mutating func store(_ range: Range<Int>, in text: [UInt8], _ verdict: Bool) {
        if (count + 1) * 2 > lengths.count { grow(text) }
        let hash = text.withUnsafeBufferPointer { Self.hash($0, range) }
        var slot = Int(hash) & mask
        while lengths[slot] >= 0 { slot = (slot + 1) & mask }
        starts[slot] = range.lowerBound
        lengths[slot] = range.count
        hashes[slot] = hash
        verdicts[slot] = verdict
        count += 1
    }

    private mutating func grow(_ text: [UInt8]) {
        var bigger = WordMemo(capacity: lengths.count * 2)
        for slot in 0..<lengths.count where lengths[slot] >= 0 {
            let start = Int(starts[slot])
            bigger.store(start..<start + Int(lengths[slot]), in: text, verdicts[slot])
        }
        self = bigger
    }
}

extension Int {
    /// The smallest power of two not below this value.
    var nextPowerOfTwo: Int {
        guard self > 1 else { return 1 }
        return 1 << (Int.bitWidth - (self - 1).leadingZeroBitCount)
    }
}
