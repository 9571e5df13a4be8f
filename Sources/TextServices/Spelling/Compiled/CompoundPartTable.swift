/// The spellings a compounding dictionary's parts may have, in lower case, each with the places in a compound it may
/// take: a cut of a word costs one probe (`RejectIndex.compoundParts`).
///
/// A key is the lower case (`CaseSpellings.lowerCased`) of every spelling
/// that `AffixIndex.derivable` gives, hidden homonyms included, with one of
/// the compound flags on its stem or on an affix applied: a stem; a prefix,
/// a suffix or two suffixes on it; a cross-product prefix with one or two
/// suffixes, as that search allows them. Its flags (`begins`, `middles`,
/// `ends`) say which of COMPOUNDBEGIN, COMPOUNDMIDDLE and COMPOUNDEND some such
/// derivation holds. Hunspell's `compound_check` (1.7) finds a first part
/// only holding COMPOUNDBEGIN, a part between only holding COMPOUNDMIDDLE,
/// and a last part only holding COMPOUNDEND, each on a derivation that search
/// also finds, in one case spelling of the word; every case spelling of a part
/// has the same lower case, so the key of every part Hunspell joins is here,
/// with its place. Built once by the compiler, mapped from the compiled file
/// (`CompiledFormat.Section.compoundPartSlots`). Thread-safe (immutable).
struct CompoundPartTable: Sendable {
    /// The spelling may start a compound (a derivation holds COMPOUNDBEGIN).
    static let begins: UInt8 = 1
    /// The spelling may stand between two parts (COMPOUNDMIDDLE).
    static let middles: UInt8 = 2
    /// The spelling may end a compound (COMPOUNDEND).
    static let ends: UInt8 = 4

    /// The keys with their places as flags (an accept table's three flag bits).
    let parts: AcceptTable

    static let empty = CompoundPartTable(parts: AcceptTable(tables: .init(slots: Table([]), bytes: Table([]))))

    /// How many spellings the table holds.
    var count: Int {
        var keys = 0
        for position in 0..<parts.tables.slots.count where parts.tables.slots[position] != 0 { keys += 1 }
        return keys
    }

    /// The places (`begins`, `middles`, `ends`) the part with these lower-case bytes may take; 0 for none.
    @inline(__always)
    func places(_ part: UnsafeBufferPointer<UInt8>) -> UInt8 {
        parts.flags(of: part)
    }
}
