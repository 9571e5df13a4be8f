/// Verdicts on words already judged, keyed by the words' bytes.
///
/// Real text repeats words a great deal; this table answers repeats without
/// making a string, hashing it twice or taking a lock. It keeps its own copy
/// of each word's bytes, so it answers for any text: a checker keeps one
/// from one scan to the next (`WordMemoPool`), and a repository's files or a
/// large text's pieces share what earlier ones judged. One array of 16-byte
/// slots holding a word's first eight bytes, its length, where the rest of
/// its bytes are kept and the verdict: a probe for a word of up to eight
/// bytes (most words) reads the slot alone, a longer one also the rest of
/// the stored word's bytes. Holds at most `maximumWords` words, then starts
/// over empty. Not thread-safe: one per scan at a time.
struct WordMemo {
    /// A stored word: its first eight bytes (zero past its end), where its bytes past the eighth are in `rest`,
    /// its length and the verdict; `length` 0 marks a free slot.
    private struct Slot: WordKeyedSlot {
        var prefix: UInt64 = 0
        var start: Int32 = 0
        var length: UInt16 = 0
        var verdict = false

        var byteCount: Int { Int(length) }
        var restStart: Int { Int(start) }
    }

    private var slots: [Slot]
    /// The bytes past the eighth of the stored words, one after another.
    private var rest: [UInt8] = []
    private var count = 0
    /// How many verdicts were ever stored (each a lookup that missed), across start-overs.
    private(set) var stores = 0
    private var mask: Int
    /// Words longer than 64 KB are not stored (and so judged again).
    private static let longestWord = Int(UInt16.max)
    /// How many words a memo holds before it starts over (2 MB of slots; English fortunes have 39,000 distinct words).
    static let maximumWords = 1 << 16
    /// How many bytes of long words a memo keeps before it starts over.
    private static let maximumRestBytes = 1 << 22

    /// A memo for about `capacity` distinct words before it grows.
    init(capacity: Int = 1 << 12) {
        let size = max(16, (min(capacity, Self.maximumWords) * 2).nextPowerOfTwo)
        slots = [Slot](repeating: Slot(), count: size)
        mask = size - 1
    }

    /// A memo sized for the distinct words of a text of `byteCount` bytes (about one for every 24 bytes).
    init(textBytes byteCount: Int) {
        self.init(capacity: min(max(byteCount / 24, 1 << 8), 1 << 16))
    }

    /// Where a probe starts (`WordKey.hash`).
    @inline(__always)
    private func home(_ prefix: UInt64, _ length: Int, last: UInt64) -> Int {
        Int(truncatingIfNeeded: WordKey.hash(prefix, length, last: last)) & mask
    }

    /// The verdict on the word at `range` of `text`, if a word with the same bytes was stored before.
    func lookup(_ range: Range<Int>, in text: [UInt8]) -> Bool? {
        text.withUnsafeBufferPointer { lookup(range, in: $0) }
    }

    /// `lookup(_:in:)` over the text's bytes in place.
    @inline(__always)
    func lookup(_ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        slots.withUnsafeBufferPointer { slots in
            rest.withUnsafeBufferPointer { rest in
                WordKey.find(range, in: bytes, slots: slots, rest: rest, mask: mask)?.verdict
            }
        }
    }

    /// Hints that the word at `range` of `text` is looked up soon: the processor fetches its home slot meanwhile.
    ///
    /// The memo is mostly larger than the processor's nearer caches and probed at random, so a lookup
    /// waits on memory; hinting a few words ahead overlaps those waits. Changes nothing but timing.
    @inline(__always)
    func prefetch(_ range: Range<Int>, in text: UnsafeBufferPointer<UInt8>) {
        let position = home(WordKey.prefix(text, range), range.count, last: WordKey.last(text, range))
        slots.withUnsafeBufferPointer { Prefetch.read(UnsafeRawPointer($0.baseAddress! + position)) }
    }

    /// Stores the verdict on the word at `range` of `text`, with a copy of its bytes.
    mutating func store(_ range: Range<Int>, in text: [UInt8], _ verdict: Bool) {
        guard !range.isEmpty, range.count <= Self.longestWord else { return }
        if count >= Self.maximumWords || rest.count > Self.maximumRestBytes {
            removeAll()
        } else if (count + 1) * 2 > slots.count {
            grow()
        }
        let (prefix, last) = text.withUnsafeBufferPointer { bytes in (WordKey.prefix(bytes, range), WordKey.last(bytes, range)) }
        let start = rest.count
        if range.count > 8 { rest.append(contentsOf: text[range.lowerBound + 8..<range.upperBound]) }
        insert(Slot(prefix: prefix, start: Int32(start), length: UInt16(range.count), verdict: verdict),
               at: home(prefix, range.count, last: last))
        count += 1
        stores += 1
    }

    /// Forgets every word, keeping the memory.
    private mutating func removeAll() {
        for index in slots.indices { slots[index] = Slot() }
        rest.removeAll(keepingCapacity: true)
        count = 0
    }

    private mutating func insert(_ slot: Slot, at home: Int) {
        var position = home
        while slots[position].length != 0 { position = (position + 1) & mask }
        slots[position] = slot
    }

    private mutating func grow() {
        let old = slots
        slots = [Slot](repeating: Slot(), count: old.count * 2)
        mask = slots.count - 1
        for slot in old where slot.length != 0 {
            insert(slot, at: home(slot.prefix, Int(slot.length), last: storedLast(slot)))
        }
    }

    /// The last eight bytes of a stored word longer than eight bytes, from its prefix and `rest` (0 for a shorter one).
    private func storedLast(_ slot: Slot) -> UInt64 {
        let length = Int(slot.length)
        guard length > 8 else { return 0 }
        var value: UInt64 = 0
        for index in length - 8..<length {
            let byte = index < 8 ? UInt8(truncatingIfNeeded: slot.prefix >> UInt64(index * 8)) : rest[Int(slot.start) + index - 8]
            value |= UInt64(byte) << UInt64((index - (length - 8)) * 8)
        }
        return value
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
