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

    /// Up to three flags of which a homonym must hold one (all 0: none needed).
    struct AnyFlag: Sendable {
        var first: UInt16 = 0, second: UInt16 = 0, third: UInt16 = 0

        static let none = AnyFlag()

        var isNone: Bool { first == 0 && second == 0 && third == 0 }
    }

    /// Whether `key` is a stem with a homonym whose flags hold `first` and `second` (0: no flag needed) and one of
    /// `needed` unless that is `none`, pass `filter` and do not hold `excluded` (0: none).
    ///
    /// Hidden homonyms answer only when `hidden`, and only for a key with no homonym from the .dic, as in Hunspell.
    func anyHomonym(_ key: UnsafeBufferPointer<UInt8>, hidden: Bool, holding first: UInt16, and second: UInt16,
                    andOneOf needed: AnyFlag = .none, filter: HomonymFilter = .none, excluding excluded: UInt16 = 0) -> Bool {
        let bytes = tables.bytes
        return containsHomonym(key, hidden: hidden) { flags, count in
            (first == 0 || Self.holds(bytes, flags, count, first))
                && (second == 0 || Self.holds(bytes, flags, count, second))
                && (filter.flag == 0 || Self.holds(bytes, flags, count, filter.flag) == filter.held)
                && (excluded == 0 || !Self.holds(bytes, flags, count, excluded))
                && (needed.isNone || (needed.first != 0 && Self.holds(bytes, flags, count, needed.first))
                    || (needed.second != 0 && Self.holds(bytes, flags, count, needed.second))
                    || (needed.third != 0 && Self.holds(bytes, flags, count, needed.third)))
        }
    }

    /// `anyHomonym(_:hidden:holding:and:filter:)` for a homonym holding one of `flags` (sorted; a 0 among them needs no flag).
    ///
    /// One lookup for what would be one a flag (`AffixIndex`'s root classes).
    func anyHomonym(_ key: UnsafeBufferPointer<UInt8>, hidden: Bool, holdingOneOf flags: UnsafeBufferPointer<UInt16>,
                    filter: HomonymFilter = .none) -> Bool {
        guard let anyFlag = flags.first else { return false }
        let bytes = tables.bytes
        return containsHomonym(key, hidden: hidden) { start, count in
            guard filter.flag == 0 || Self.holds(bytes, start, count, filter.flag) == filter.held else { return false }
            if anyFlag == 0 { return true }
            for index in 0..<count {
                let position = start + 2 * index
                if Self.sortedContains(flags, UInt16(bytes[position]) | UInt16(bytes[position + 1]) << 8) { return true }
            }
            return false
        }
    }

    /// Whether a homonym of `key` that may answer passes `test` (given where its flags start, and how many it holds).
    ///
    /// Hidden homonyms may answer only when `hidden`, and only for a key with no homonym from the .dic, as in Hunspell.
    @inline(__always)
    private func containsHomonym(_ key: UnsafeBufferPointer<UInt8>, hidden: Bool,
                                 where test: (_ flagsStart: Int, _ count: Int) -> Bool) -> Bool {
        guard let start = homonymsStart(key) else { return false }
        let bytes = tables.bytes
        let homonyms = Int(bytes[start - 1])
        let useHidden = hidden && Self.onlyHidden(bytes, start, homonyms)
        var cursor = start
        for _ in 0..<homonyms {
            let count = Int(bytes[cursor + 1]) | Int(bytes[cursor + 2]) << 8
            if useHidden || bytes[cursor] == 0, test(cursor + 3, count) { return true }
            cursor += 3 + 2 * count
        }
        return false
    }

    /// Whether `key` is a stem (a homonym of it, hidden or not, is in the table).
    func isStem(_ key: UnsafeBufferPointer<UInt8>) -> Bool {
        homonymsStart(key) != nil
    }

    /// Whether the sorted `flags` hold `flag`.
    @inline(__always)
    static func sortedContains(_ flags: UnsafeBufferPointer<UInt16>, _ flag: UInt16) -> Bool {
        var low = 0, high = flags.count
        while low < high {
            let middle = (low + high) >> 1
            if flags[middle] < flag { low = middle + 1 } else { high = middle }
        }
        return low < flags.count && flags[low] == flag
    }

    /// Whether Hunspell's lookup of `key` certainly finds a homonym holding `first` and `second` (0: no flag needed),
    /// for a spelling `checkword` is given without SPELL_INITCAP (where a hidden homonym answers as any other).
    ///
    /// A homonym from the .dic answers, and so does a hidden one when it is the key's only homonym: Hunspell keeps
    /// one hidden homonym a spelling, the first added, and none beside a .dic stem (`HashMgr::add_word`); this
    /// table keeps every one it was given, so with two it cannot tell which Hunspell kept.
    func certainHomonym(_ key: UnsafeBufferPointer<UInt8>, holding first: UInt16, and second: UInt16) -> Bool {
        guard let start = homonymsStart(key) else { return false }
        let bytes = tables.bytes
        let homonyms = Int(bytes[start - 1])
        var cursor = start
        for _ in 0..<homonyms {
            let count = Int(bytes[cursor + 1]) | Int(bytes[cursor + 2]) << 8
            if bytes[cursor] == 0 || homonyms == 1,
               first == 0 || Self.holds(bytes, cursor + 3, count, first),
               second == 0 || Self.holds(bytes, cursor + 3, count, second) {
                return true
            }
            cursor += 3 + 2 * count
        }
        return false
    }

    /// Whether Hunspell's lookup of `key` alone certainly returns a homonym holding `flag`: a .dic homonym without
    /// `excluded` (NEEDAFFIX, which `checkword` passes over) exists, and every homonym without it, hidden ones too, holds
    /// `flag`.
    ///
    /// `checkword` (1.7) takes the first homonym it does not pass over and looks no further, affixes included: `min`
    /// is `min/||` (KEEPCASE) for it, although `min/S.()` with the empty suffix of `S.` would give the same spelling.
    func lookupCertainlyHolds(_ key: UnsafeBufferPointer<UInt8>, _ flag: UInt16, excluding excluded: UInt16) -> Bool {
        guard flag != 0, let start = homonymsStart(key) else { return false }
        let bytes = tables.bytes
        var found = false
        var cursor = start
        for _ in 0..<Int(bytes[start - 1]) {
            let count = Int(bytes[cursor + 1]) | Int(bytes[cursor + 2]) << 8
            if excluded == 0 || !Self.holds(bytes, cursor + 3, count, excluded) {
                guard Self.holds(bytes, cursor + 3, count, flag) else { return false }
                if bytes[cursor] == 0 { found = true }
            }
            cursor += 3 + 2 * count
        }
        return found
    }

    /// Calls `body` with every homonym of every stem: its key's bytes, whether it is hidden, and its flags (sorted).
    ///
    /// In the order of the table's slots; for building other tables from the stems (`CompoundPartTable.build`).
    func forEachHomonym(_ body: (_ key: UnsafeBufferPointer<UInt8>, _ hidden: Bool, _ flags: [UInt16]) -> Void) {
        let bytes = tables.bytes
        guard let base = bytes.buffer.baseAddress else { return }
        var flags: [UInt16] = []
        for position in 0..<tables.slots.count {
            let slot = tables.slots[position]
            guard slot != 0 else { continue }
            let offset = Int(slot & 0xFFFF_FFFF), length = Int((slot >> 32) & 0xFF)
            guard offset + length < bytes.count else { continue }
            let key = UnsafeBufferPointer(start: base + offset, count: length)
            var cursor = offset + length + 1
            for _ in 0..<Int(bytes[offset + length]) {
                guard cursor + 3 <= bytes.count else { return }
                let count = Int(bytes[cursor + 1]) | Int(bytes[cursor + 2]) << 8
                guard cursor + 3 + 2 * count <= bytes.count else { return }
                flags.removeAll(keepingCapacity: true)
                for index in 0..<count {
                    flags.append(UInt16(bytes[cursor + 3 + 2 * index]) | UInt16(bytes[cursor + 4 + 2 * index]) << 8)
                }
                body(key, bytes[cursor] != 0, flags)
                cursor += 3 + 2 * count
            }
        }
    }

    /// Where `key`'s first homonym starts in the table's bytes (its homonym count is the byte before), if it is a stem.
    private func homonymsStart(_ key: UnsafeBufferPointer<UInt8>) -> Int? {
        guard mask >= 0, let base = key.baseAddress, !key.isEmpty, key.count <= AcceptTable.maximumKeyLength else { return nil }
        let hash = AcceptTable.hash(key)
        let tag = hash >> 43
        var position = Int(truncatingIfNeeded: hash) & mask
        let bytes = tables.bytes
        for _ in 0...mask {
            let slot = tables.slots[position]
            if slot == 0 { return nil }
            if slot >> 43 == tag, (slot >> 32) & 0xFF == UInt64(key.count) {
                let offset = Int(slot & 0xFFFF_FFFF)
                if offset <= bytes.count - key.count - 1, let stored = bytes.buffer.baseAddress,
                   ByteComparison.equal(stored + offset, base, key.count) {
                    return offset + key.count + 1
                }
            }
            position = (position + 1) & mask
        }
        return nil
    }

    /// Whether the `homonyms` homonyms from `start` are all hidden ones, so that hidden homonyms may answer.
    ///
    /// Hunspell keeps a hidden homonym only where no .dic stem has the same spelling: it drops one added after such
    /// a stem, and a stem added after it takes its place (`HashMgr::add_word`).
    @inline(__always)
    private static func onlyHidden(_ bytes: Table<UInt8>, _ start: Int, _ homonyms: Int) -> Bool {
        var cursor = start
        for _ in 0..<homonyms {
            if bytes[cursor] == 0 { return false }
            cursor += 3 + 2 * (Int(bytes[cursor + 1]) | Int(bytes[cursor + 2]) << 8)
        }
        return true
    }

    /// Whether the `count` flags stored from `start` hold `flag`.
    @inline(__always)
    private static func holds(_ bytes: Table<UInt8>, _ start: Int, _ count: Int, _ flag: UInt16) -> Bool {
        for index in 0..<count {
            let position = start + 2 * index
            if UInt16(bytes[position]) | UInt16(bytes[position + 1]) << 8 == flag { return true }
        }
        return false
    }
}
