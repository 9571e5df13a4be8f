/// A set of strings kept as their 64-bit hashes alone: `contains` is true for every member, and for another string only
/// when its hash equals a member's.
///
/// For sets whose `contains` only sends a word to Hunspell (`CaseInference`'s
/// forbidden and hidden spellings): a string taken for a member by mistake
/// costs one more question, never a verdict, and with 64-bit hashes that
/// happens about once in 2^64 / `count` lookups. A member costs its hash in
/// an open-addressed table, 8-16 bytes: Mongolian's 480,000 hidden forms and
/// 180,000 forbidden ones were 48 MB of its compile as a `Set<String>` and
/// about 24 MB as their UTF-8 bytes in one buffer, alive beside Hunspell's
/// handle; here their tables are about 10 MB. Hashes are `String.hashValue`, which Swift
/// takes from the canonical form, so canonically equivalent spellings are one
/// member, as in a `Set<String>`; they are seeded per process, so a set is
/// never written out. A value type; thread-safe to read.
struct CompactStringSet: Sendable, Equatable, ExpressibleByArrayLiteral {
    /// Open addressing, probed linearly: a member's hash (`stored`), 0 for an empty slot. A power of two long, or empty.
    private var slots: [UInt64] = []
    private(set) var count = 0

    init() {}

    init<Members: Sequence<String>>(_ members: Members) {
        for member in members { insert(member) }
    }

    init(arrayLiteral members: String...) {
        self.init(members)
    }

    var isEmpty: Bool { count == 0 }

    /// Whether a member's hash equals `word`'s: true for every member (canonical equivalence, as `String`'s `==`).
    func contains(_ word: String) -> Bool {
        guard count > 0 else { return false }
        return slot(of: Self.stored(word)).found
    }

    /// Adds `word` unless a member's hash equals its; whether it was added.
    @discardableResult
    mutating func insert(_ word: String) -> Bool {
        let hash = Self.stored(word)
        if count > 0, slot(of: hash).found { return false }
        // At most three quarters of the slots full.
        if (count + 1) * 4 > slots.count * 3 { rehash(slotCount: max(16, slots.count * 2)) }
        slots[slot(of: hash).position] = hash
        count += 1
        return true
    }

    /// `word`'s hash as a slot holds it: never 0, which marks an empty slot (a hash of 0 is kept as 1).
    @inline(__always)
    private static func stored(_ word: String) -> UInt64 {
        let hash = UInt64(bitPattern: Int64(word.hashValue))
        return hash == 0 ? 1 : hash
    }

    /// The slot holding `hash`, or the empty slot where it would go.
    private func slot(of hash: UInt64) -> (position: Int, found: Bool) {
        let mask = slots.count - 1
        var position = Int(truncatingIfNeeded: hash) & mask
        while true {
            let entry = slots[position]
            if entry == 0 { return (position, false) }
            if entry == hash { return (position, true) }
            position = (position + 1) & mask
        }
    }

    private mutating func rehash(slotCount: Int) {
        let old = slots
        slots = [UInt64](repeating: 0, count: slotCount)
        for hash in old where hash != 0 { slots[slot(of: hash).position] = hash }
    }

    /// The same members' hashes, whatever their order.
    static func == (left: CompactStringSet, right: CompactStringSet) -> Bool {
        guard left.count == right.count else { return false }
        for hash in left.slots where hash != 0 && !right.slot(of: hash).found { return false }
        return true
    }
}
