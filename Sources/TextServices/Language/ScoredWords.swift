/// The distinct words a `LanguageScorer` has scored, keyed by their bytes: each word's number, in the order first stored.
///
/// A scorer meets each word of a text many times and scores it once; this
/// table finds a word met before without making a string or hashing it with
/// SipHash. One array of 24-byte slots holding a word's first eight bytes,
/// its hash, its length, where its bytes past the eighth are kept and its number: a
/// probe for a word of up to eight bytes (most words) reads the slot alone.
/// Not thread-safe.
struct ScoredWords {
    /// A stored word: its first eight bytes (zero past its end), its hash, where its bytes past the eighth are in
    /// `rest`, its number and its length (0 marks a free slot).
    private struct Slot: WordKeyedSlot {
        var prefix: UInt64 = 0
        var hash: UInt32 = 0
        var start: Int32 = 0
        var number: Int32 = 0
        var length: UInt32 = 0

        var byteCount: Int { Int(length) }
        var restStart: Int { Int(start) }
    }

    private var slots: [Slot]
    /// The bytes past the eighth of the stored words, one after another.
    private var rest: [UInt8] = []
    private var mask: Int
    /// How many words are stored; the next one stored gets this number.
    private(set) var count = 0
    static let longestWord = Int(UInt32.max)

    /// A table for about `capacity` words before it grows.
    init(capacity: Int = 1 << 9) {
        slots = [Slot](repeating: Slot(), count: max(16, (capacity * 2).nextPowerOfTwo))
        mask = slots.count - 1
    }

    /// The number of the word at `range` of `bytes`, if it was stored.
    func number(_ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        slots.withUnsafeBufferPointer { slots in
            rest.withUnsafeBufferPointer { rest in
                WordKey.find(range, in: bytes, slots: slots, rest: rest, mask: mask).map { Int($0.number) }
            }
        }
    }

    /// Stores the word at `range` of `bytes` (not stored before) as number `count`; false for an empty word.
    mutating func store(_ range: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !range.isEmpty, range.count <= Self.longestWord else { return false }
        if (count + 1) * 2 > slots.count { grow() }
        let prefix = WordKey.prefix(bytes, range)
        let start = rest.count
        if range.count > 8 { rest.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[range.lowerBound + 8..<range.upperBound])) }
        let hash = UInt32(truncatingIfNeeded: WordKey.hash(prefix, range.count, last: WordKey.last(bytes, range)))
        insert(Slot(prefix: prefix, hash: hash, start: Int32(start),
                    number: Int32(count), length: UInt32(range.count)))
        count += 1
        return true
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
