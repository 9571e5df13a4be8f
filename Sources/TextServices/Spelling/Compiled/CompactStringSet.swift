/// A set of strings kept as one buffer of their UTF-8 bytes, answering `contains` exactly as a `Set<String>` would.
///
/// A `Set<String>` holds a heap object per string beyond 15 bytes and a
/// 16-byte slot per member and a half: Mongolian's 480,000 hidden forms and
/// 180,000 forbidden ones (`CaseInference`) were 48 MB of its compile's heap,
/// alive beside Hunspell's handle. Here a member costs its bytes, an end
/// offset, a hash and about two 4-byte slots. Hashes are `String.hashValue`,
/// which Swift takes from the canonical form, and members whose bytes differ
/// are compared as strings, so canonically equivalent spellings are one
/// member, as in a `Set<String>`. A value type; thread-safe to read.
struct CompactStringSet: Sendable, Equatable, ExpressibleByArrayLiteral {
    /// The members' UTF-8 bytes, one after another, in insertion order.
    private var bytes: [UInt8] = []
    /// Where each member's bytes end in `bytes`.
    private var ends: [UInt32] = []
    /// The low 32 bits of each member's `hashValue`: its slot and a quick test before its bytes are compared.
    private var hashes: [UInt32] = []
    /// Open addressing, probed linearly: a member's index plus one, 0 for an empty slot. A power of two long, or empty.
    private var slots: [UInt32] = []

    init() {}

    init<Members: Sequence<String>>(_ members: Members) {
        for member in members { insert(member) }
    }

    init(arrayLiteral members: String...) {
        self.init(members)
    }

    var count: Int { ends.count }
    var isEmpty: Bool { ends.isEmpty }

    /// Whether a member equals `word` (canonical equivalence, as `String`'s `==`).
    func contains(_ word: String) -> Bool {
        guard !ends.isEmpty else { return false }
        return slot(of: word, hash: UInt32(truncatingIfNeeded: word.hashValue)).found
    }

    /// Adds `word` unless a member equals it; whether it was added.
    @discardableResult
    mutating func insert(_ word: String) -> Bool {
        let hash = UInt32(truncatingIfNeeded: word.hashValue)
        if !ends.isEmpty, slot(of: word, hash: hash).found { return false }
        // At most three quarters of the slots full.
        if (ends.count + 1) * 4 > slots.count * 3 { rehash(slotCount: max(16, slots.count * 2)) }
        var text = word
        text.withUTF8 { bytes.append(contentsOf: $0) }
        precondition(bytes.count <= Int(UInt32.max), "CompactStringSet holds at most 4 GiB of bytes")
        ends.append(UInt32(bytes.count))
        hashes.append(hash)
        let free = slot(of: word, hash: hash).position
        slots[free] = UInt32(ends.count)
        return true
    }

    /// The slot holding a member equal to `word`, or the empty slot where it would go.
    private func slot(of word: String, hash: UInt32) -> (position: Int, found: Bool) {
        let mask = slots.count - 1
        var position = Int(hash) & mask
        var text = word
        return text.withUTF8 { wanted in
            bytes.withUnsafeBufferPointer { stored in
                while true {
                    let entry = slots[position]
                    if entry == 0 { return (position, false) }
                    let member = Int(entry) - 1
                    if hashes[member] == hash {
                        let start = member == 0 ? 0 : Int(ends[member - 1]), end = Int(ends[member])
                        let candidate = UnsafeBufferPointer(rebasing: stored[start..<end])
                        if candidate.elementsEqual(wanted) { return (position, true) }
                        // Different bytes may still be one string to Swift (a letter written as one scalar and as a letter and a mark).
                        if String(decoding: candidate, as: UTF8.self) == word { return (position, true) }
                    }
                    position = (position + 1) & mask
                }
            }
        }
    }

    private mutating func rehash(slotCount: Int) {
        var fresh = [UInt32](repeating: 0, count: slotCount)
        let mask = slotCount - 1
        for member in hashes.indices {
            var position = Int(hashes[member]) & mask
            while fresh[position] != 0 { position = (position + 1) & mask }
            fresh[position] = UInt32(member + 1)
        }
        slots = fresh
    }

    /// The same members, whatever their order.
    static func == (left: CompactStringSet, right: CompactStringSet) -> Bool {
        guard left.count == right.count else { return false }
        for member in left.ends.indices where !right.contains(left.member(member)) { return false }
        return true
    }

    private func member(_ index: Int) -> String {
        let start = index == 0 ? 0 : Int(ends[index - 1])
        return bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[start..<Int(ends[index])]), as: UTF8.self) }
    }
}
