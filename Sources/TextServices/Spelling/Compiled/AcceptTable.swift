/// The word forms Hunspell accepted when the dictionary was compiled, with the case variants it also accepted.
///
/// Every key is a surface form the affix rules generate that Hunspell itself
/// accepted, in one or more of three spellings: as is, capitalised (first
/// scalar upper-cased) and all in capitals. A hit is Hunspell's verdict by
/// construction; a miss decides nothing (compounds, forms the expander does
/// not generate, other case patterns go to Hunspell). Open addressing over
/// 64-bit slots that hold the key's byte offset and length, its flags and a
/// 21-bit hash tag, so a probe touches one slot and the key's bytes (two
/// cache misses). Keys longer than 255 bytes are left out. Thread-safe (immutable).
struct AcceptTable: Sendable {
    struct Tables: Sendable {
        /// `tag << 43 | flags << 40 | length << 32 | offset`; 0 is an empty slot. The count is a power of two.
        var slots: Table<UInt64>
        /// The keys' UTF-8 bytes, one after another.
        var bytes: Table<UInt8>
    }

    /// Hunspell accepts the key as it is.
    static let asIs: UInt8 = 1
    /// Hunspell accepts the key with its first scalar upper-cased (`CaseVariants.capitalised`).
    static let capitalised: UInt8 = 2
    /// Hunspell accepts the key in capitals (`CaseVariants.upper`).
    static let upper: UInt8 = 4

    let tables: Tables
    private let mask: Int

    init(tables: Tables) {
        self.tables = tables
        let count = tables.slots.count
        mask = count > 0 && count & (count - 1) == 0 ? count - 1 : -1
    }


    /// Whether Hunspell accepted `word` when the table was built; false means "not known here".
    ///
    /// With `unmapped`, the table is read with `pread` instead of through the
    /// mapping (`Table.unmappedElement`): the same answer, at a system call a
    /// probe, but none of the table's pages mapped into this process. For a
    /// one-off question about a word this dictionary does not check (another
    /// language's `alsoIn`), whose probes would each map the 64 KB around a
    /// slot that nothing else here reads.
    func accepts(_ word: String, unmapped: Bool = false) -> Bool {
        let original = word
        var word = word
        return word.withUTF8 { accepts(bytes: $0, word: original, unmapped: unmapped) }
    }

    /// Whether Hunspell accepted the word with these UTF-8 bytes, when the bytes alone decide it: the word
    /// as is, or in one of its case spellings where `SimpleCase` maps every scalar (ASCII, Latin-1's letters,
    /// basic Cyrillic). False means "not known here" (beyond those, `accepts(_:)` also tries the case variants).
    ///
    /// Makes no string, so a checker can answer most words straight from the text's bytes.
    func accepts(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        accepts(utf8: bytes, unmapped: false)
    }

    @inline(__always)
    private func accepts(utf8 bytes: UnsafeBufferPointer<UInt8>, unmapped: Bool) -> Bool {
        guard !bytes.isEmpty else { return false }
        if flags(of: bytes, unmapped: unmapped) & Self.asIs != 0 { return true }
        return acceptsSimpleCaseVariant(bytes, unmapped: unmapped) == true
    }

    private func accepts(bytes: UnsafeBufferPointer<UInt8>, word: String, unmapped: Bool) -> Bool {
        guard !bytes.isEmpty else { return false }
        if flags(of: bytes, unmapped: unmapped) & Self.asIs != 0 { return true }
        if let answer = acceptsSimpleCaseVariant(bytes, unmapped: unmapped) { return answer }
        // Beyond `SimpleCase`: look up the lower-cased spelling, then check that its variant is exactly this word.
        guard let firstScalar = word.unicodeScalars.first, firstScalar.properties.changesWhenLowercased else { return false }
        let lowerFirst = CaseVariants.lowerFirst(word)
        if lowerFirst != word, flags(of: lowerFirst, unmapped: unmapped) & Self.capitalised != 0,
           CaseVariants.capitalised(lowerFirst) == word {
            return true
        }
        let lower = CaseVariants.lower(word)
        guard lower != word else { return false }
        if flags(of: lower, unmapped: unmapped) & Self.upper != 0, CaseVariants.upper(lower) == word { return true }
        let capitalised = CaseVariants.capitalised(lower)
        return capitalised != lower && flags(of: capitalised, unmapped: unmapped) & Self.upper != 0
            && CaseVariants.upper(capitalised) == word
    }

    /// Whether a word not accepted as is was accepted capitalised or in capitals, looked up from its bytes when every
    /// scalar of the word is one `SimpleCase` maps; nil when one is not (then ICU's mappings decide).
    ///
    /// The same keys and answers as the string path: within those ranges ICU's root-locale mappings are the simple
    /// ones (`SimpleCase`), so a capitalised English, Russian, French or German word needs no string and no ICU call.
    private func acceptsSimpleCaseVariant(_ bytes: UnsafeBufferPointer<UInt8>, unmapped: Bool) -> Bool? {
        // As the string path: nothing unless the first scalar changes when lower-cased (most words start in lower case).
        let first = bytes[0]
        guard first >= 0x80 || (first >= 0x41 && first <= 0x5A) else { return false }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 2 * bytes.count) { scratch -> Bool? in
            let lowered = UnsafeMutableBufferPointer(rebasing: scratch[..<bytes.count])
            guard let word = SimpleCase.lowered(bytes, into: lowered) else { return nil }
            guard word.firstIsUpper else { return false }
            // The first scalar lower-cased, accepted capitalised.
            let lowerFirst = UnsafeMutableBufferPointer(rebasing: scratch[bytes.count...])
            _ = lowerFirst.initialize(from: bytes)
            for index in 0..<word.firstLength { lowerFirst[index] = lowered[index] }
            if flags(of: UnsafeBufferPointer(lowerFirst), unmapped: unmapped) & Self.capitalised != 0 { return true }
            // In capitals: the lower-cased word, or it capitalised (`AMERICA` from `America`), accepted in capitals. With
            // no lower-case letter in the word, upper-casing either spelling gives the word back; with one, neither can.
            guard !word.anyLower else { return false }
            if flags(of: UnsafeBufferPointer(lowered), unmapped: unmapped) & Self.upper != 0 { return true }
            for index in 0..<word.firstLength { lowered[index] = bytes[index] }
            return bytes.count > 1 && flags(of: UnsafeBufferPointer(lowered), unmapped: unmapped) & Self.upper != 0
        }
    }

    private func flags(of key: String, unmapped: Bool) -> UInt8 {
        var key = key
        return key.withUTF8 { flags(of: $0, unmapped: unmapped) }
    }

    /// Hints that `flags(of:)` is asked for exactly these bytes soon: the processor fetches the key's home
    /// slot meanwhile (a probe's first cache miss). Changes nothing but timing.
    @inline(__always)
    func prefetch(_ key: UnsafeBufferPointer<UInt8>) {
        guard mask >= 0, !key.isEmpty, key.count <= Self.maximumKeyLength else { return }
        tables.slots.prefetch(Int(truncatingIfNeeded: Self.hash(key)) & mask)
    }

    /// The flags stored for exactly these bytes; 0 when absent.
    func flags(of key: UnsafeBufferPointer<UInt8>) -> UInt8 {
        flags(of: key, unmapped: false)
    }

    /// `flags(of:)`, with `unmapped` reading the slots and keys with `pread` (`accepts(_:unmapped:)`).
    @inline(__always)
    private func flags(of key: UnsafeBufferPointer<UInt8>, unmapped: Bool) -> UInt8 {
        guard mask >= 0 else { return 0 }
        guard key.count <= Self.maximumKeyLength else { return 0 }
        let hash = Self.hash(key)
        let tag = hash >> 43
        let length = UInt64(key.count)
        var position = Int(truncatingIfNeeded: hash) & mask
        // A full or looping table cannot trap or spin: at most `count` probes.
        for _ in 0...mask {
            let slot = unmapped ? tables.slots.unmappedElement(position) : tables.slots[position]
            if slot == 0 { return 0 }
            if slot >> 43 == tag, (slot >> 32) & 0xFF == length {
                let offset = Int(slot & 0xFFFF_FFFF)
                if offset <= tables.bytes.count - key.count,
                   unmapped ? tables.bytes.unmappedSliceEquals(offset..<(offset + key.count), key)
                            : bytesEqual(tables.bytes.slice(offset..<(offset + key.count)), key) {
                    return UInt8((slot >> 40) & 0x7)
                }
            }
            position = (position + 1) & mask
        }
        return 0
    }

    @inline(__always)
    private func bytesEqual(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        guard let left = a.baseAddress, let right = b.baseAddress else { return a.count == 0 }
        return ByteComparison.equal(left, right, a.count)
    }

    /// FNV-1a over the bytes, finished with a multiply so that both halves are well mixed.
    @inline(__always)
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var value: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes { value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        value ^= value >> 29
        value = value &* 0xBF58_476D_1CE4_E5B9
        return value ^ (value >> 32)
    }

    static let maximumKeyLength = 255

    /// Builds the table from (key, flags) pairs with distinct keys; keys with no flag or over 255 bytes are left out.
    static func build(_ items: [(key: String, flags: UInt8)]) -> AcceptTable {
        build { add in
            for item in items {
                var key = item.key
                key.withUTF8 { add($0, item.flags) }
            }
        }
    }

    /// Builds the table (as `build(_:)`) from the keys `keys` hands its argument, as UTF-8 bytes with their flags.
    ///
    /// `keys` is called twice and must give the same keys in the same order:
    /// once to size the tables, once to fill them in their own memory. No
    /// `String`, item array or copy is made, so a compiler holds the table once.
    static func build(_ keys: ((UnsafeBufferPointer<UInt8>, UInt8) -> Void) -> Void) -> AcceptTable {
        var count = 0, byteCount = 0
        keys { key, flags in
            guard flags != 0, key.count <= maximumKeyLength else { return }
            count += 1
            byteCount += key.count
        }
        var slots = Table<UInt64>([])
        let bytes = Table<UInt8>(zeroed: byteCount) { bytes in
            var written = 0
            slots = .openAddressed(count: count) { slots in
                keys { key, flags in
                    guard flags != 0, key.count <= maximumKeyLength, written + key.count <= bytes.count else { return }
                    let hash = self.hash(key)
                    slots.insert(hash, (hash >> 43) << 43 | UInt64(flags & 0x7) << 40 | UInt64(key.count) << 32 | UInt64(written))
                    if let base = bytes.baseAddress, let source = key.baseAddress {
                        (base + written).update(from: source, count: key.count)
                    }
                    written += key.count
                }
            }
        }
        return AcceptTable(tables: Tables(slots: slots, bytes: bytes))
    }
}

/// The case variants a compiled dictionary verifies, computed the same way when compiling and when looking up.
enum CaseVariants {
    /// The word with its first Unicode scalar upper-cased (ICU, root locale).
    static func capitalised(_ word: String) -> String {
        guard let first = word.unicodeScalars.first else { return word }
        if first.isASCII {
            guard first.value >= 0x61, first.value <= 0x7A else { return word }
            var scalars = word.unicodeScalars
            scalars.replaceSubrange(scalars.startIndex...scalars.startIndex, with: [Unicode.Scalar(first.value - 32)!])
            return String(scalars)
        }
        var rest = word.unicodeScalars
        rest.removeFirst()
        return CaseMapping.map(String(first), .upper) + String(rest)
    }

    /// The word with its first Unicode scalar lower-cased (ICU, root locale).
    static func lowerFirst(_ word: String) -> String {
        guard let first = word.unicodeScalars.first else { return word }
        var rest = word.unicodeScalars
        rest.removeFirst()
        return CaseMapping.map(String(first), .lower) + String(rest)
    }

    /// Whether some scalar of `word` changes in capitals; when none does, `capitalised` and `upper` give `word` itself.
    ///
    /// ICU's root-locale capitals map scalar by scalar, without context, so
    /// asking each scalar once (remembered in `memo`) answers for every word:
    /// a Hebrew compile spent a sixth of its time building both spellings of
    /// caseless words only to find them equal to the word.
    static func changesInCapitals(_ word: String, memo: inout ScalarByteMemo) -> Bool {
        for scalar in word.unicodeScalars {
            let changes = memo.value(scalar) { scalar in
                let text = String(scalar)
                return upper(text) == text ? 0 : 1
            }
            if changes != 0 { return true }
        }
        return false
    }

    static func upper(_ word: String) -> String {
        word.utf8.allSatisfy({ $0 < 0x80 }) ? word.uppercased() : CaseMapping.map(word, .upper)
    }

    static func lower(_ word: String) -> String {
        word.utf8.allSatisfy({ $0 < 0x80 }) ? word.lowercased() : CaseMapping.map(word, .lower)
    }

    /// A digest of how case mapping behaves here (ICU's data), part of a compiled dictionary's key.
    static var fingerprint: ContentHash {
        let sample = "aßǆİıΣσςﬁŉΐǰάέﬀ ЁёÄäÖöÜüÇçĞğŞşẞ"
        let text = [upper(sample), lower(sample), capitalised("ǆx"), capitalised("ßx"), lowerFirst("İx")].joined(separator: "|")
        return ContentHash(Array(text.utf8))
    }
}
