import Foundation

/// The stems of a dictionary by their bytes, each with its homonyms' affix flags (a mapped hash table).
///
/// Slots as in `AcceptTable` (tag, length, offset; the flag bits unused). At
/// a key's offset come its bytes, then a homonym count (UInt8) and for each
/// homonym: a hidden marker (UInt8: 1 for the capitalised form Hunspell
/// adds with ONLYUPCASEFLAG), a flag count (UInt16) and the flags (UInt16
/// each, little-endian, sorted). Reads are bounds-checked.
struct StemTable: Sendable {
    struct Tables: Sendable {
        var slots: Table<UInt64>
        var bytes: Table<UInt8>
    }

    let tables: Tables
    private let mask: Int

    init(tables: Tables) {
        self.tables = tables
        let count = tables.slots.count
        mask = count > 0 && count & (count - 1) == 0 ? count - 1 : -1
    }

    /// A homonym's flags, read from the table.
    struct Flags {
        let bytes: Table<UInt8>
        let start: Int
        let count: Int

        func contains(_ flag: UInt16) -> Bool {
            for index in 0..<count {
                let position = start + 2 * index
                if UInt16(bytes[position]) | UInt16(bytes[position + 1]) << 8 == flag { return true }
            }
            return false
        }
    }

    /// Whether `key` is a stem with a homonym satisfying `test` (hidden homonyms only when `hidden`, and only
    /// for a key with no homonym from the .dic, as in Hunspell).
    func anyHomonym(_ key: [UInt8], hidden: Bool, where test: (Flags) -> Bool) -> Bool {
        guard mask >= 0, !key.isEmpty, key.count <= AcceptTable.maximumKeyLength else { return false }
        let hash = key.withUnsafeBufferPointer { AcceptTable.hash($0) }
        let tag = hash >> 43
        var position = Int(truncatingIfNeeded: hash) & mask
        for _ in 0...mask {
            let slot = tables.slots[position]
            if slot == 0 { return false }
            if slot >> 43 == tag, (slot >> 32) & 0xFF == UInt64(key.count) {
                let offset = Int(slot & 0xFFFF_FFFF)
                if tables.bytes.slice(offset..<(offset + key.count)).elementsEqual(key) {
                    let first = offset + key.count + 1
                    let homonyms = Int(tables.bytes[first - 1])
                    // Hunspell keeps a hidden homonym only where no .dic stem has the same spelling: it drops
                    // one added after such a stem, and a stem added after it takes its place (`HashMgr::add_word`).
                    let useHidden = hidden && !anyHomonym(from: first, count: homonyms, where: { isHidden, _ in !isHidden })
                    return anyHomonym(from: first, count: homonyms) { isHidden, flags in (useHidden || !isHidden) && test(flags) }
                }
            }
            position = (position + 1) & mask
        }
        return false
    }

    /// Whether one of the `count` homonyms stored from `start` satisfies `test` (given whether it is hidden).
    private func anyHomonym(from start: Int, count homonyms: Int, where test: (Bool, Flags) -> Bool) -> Bool {
        var cursor = start
        for _ in 0..<homonyms {
            let isHidden = tables.bytes[cursor] != 0
            let count = Int(tables.bytes[cursor + 1]) | Int(tables.bytes[cursor + 2]) << 8
            if test(isHidden, Flags(bytes: tables.bytes, start: cursor + 3, count: count)) { return true }
            cursor += 3 + 2 * count
        }
        return false
    }
}
