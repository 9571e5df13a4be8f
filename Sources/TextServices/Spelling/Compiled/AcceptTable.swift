#if canImport(Glibc)
import Glibc
#endif

/// The word forms Hunspell accepted when the dictionary was compiled, with the case variants it also accepted.
///
/// Every key is a surface form the affix rules generate that Hunspell itself
/// accepted, in one or more of three spellings: as is, capitalised (first
/// scalar upper-cased) and all in capitals. A hit is Hunspell's verdict by
/// construction; a miss decides nothing (compounds, forms the expander does
/// not generate, other case patterns go to Hunspell). Open addressing over
/// 64-bit slots (a 32-bit hash tag beside the entry number), so most probes
/// touch one slot and the key's bytes. Thread-safe (immutable).
struct AcceptTable: Sendable {
    struct Tables: Sendable {
        /// `tag << 32 | (entry + 1)`; 0 is an empty slot. The count is a power of two.
        var slots: Table<UInt64>
        var bytes: Table<UInt8>
        var offsets: Table<UInt32>
        var flags: Table<UInt8>
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

    var count: Int { max(tables.offsets.count - 1, 0) }

    /// Whether Hunspell accepted `word` when the table was built; false means "not known here".
    func accepts(_ word: String) -> Bool {
        let original = word
        var word = word
        return word.withUTF8 { accepts(bytes: $0, word: original) }
    }

    private func accepts(bytes: UnsafeBufferPointer<UInt8>, word: String) -> Bool {
        guard !bytes.isEmpty else { return false }
        if flags(of: bytes) & Self.asIs != 0 { return true }
        if bytes.allSatisfy({ $0 < 0x80 }) {
            let first = bytes[0]
            guard first >= 0x41, first <= 0x5A else { return false }
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count) { lowered in
                _ = lowered.initialize(from: bytes)
                lowered[0] = first + 32
                if flags(of: UnsafeBufferPointer(lowered)) & Self.capitalised != 0 { return true }
                var anyLower = false
                for index in 1..<bytes.count {
                    let byte = bytes[index]
                    if byte >= 0x61, byte <= 0x7A { anyLower = true; break }
                    if byte >= 0x41, byte <= 0x5A { lowered[index] = byte + 32 }
                }
                return !anyLower && flags(of: UnsafeBufferPointer(lowered)) & Self.upper != 0
            }
        }
        // Beyond ASCII: look up the lower-cased spelling, then check that its variant is exactly this word.
        guard let firstScalar = word.unicodeScalars.first, firstScalar.properties.changesWhenLowercased else { return false }
        let lowerFirst = CaseVariants.lowerFirst(word)
        if lowerFirst != word, flags(of: lowerFirst) & Self.capitalised != 0, CaseVariants.capitalised(lowerFirst) == word {
            return true
        }
        let lower = CaseVariants.lower(word)
        return lower != word && flags(of: lower) & Self.upper != 0 && CaseVariants.upper(lower) == word
    }

    private func flags(of key: String) -> UInt8 {
        var key = key
        return key.withUTF8 { flags(of: $0) }
    }

    /// The flags stored for exactly these bytes; 0 when absent.
    func flags(of key: UnsafeBufferPointer<UInt8>) -> UInt8 {
        guard mask >= 0 else { return 0 }
        let hash = Self.hash(key)
        let tag = UInt64(hash >> 32)
        var position = Int(truncatingIfNeeded: hash) & mask
        // A full or looping table cannot trap or spin: at most `count` probes.
        for _ in 0...mask {
            let slot = tables.slots[position]
            if slot == 0 { return 0 }
            if slot >> 32 == tag {
                let entry = Int(slot & 0xFFFF_FFFF) - 1
                let range = Table<UInt32>.clampedRange(tables.offsets[entry], tables.offsets[entry + 1], limit: tables.bytes.count)
                if range.count == key.count, memcmpEqual(tables.bytes.slice(range), key) { return tables.flags[entry] }
            }
            position = (position + 1) & mask
        }
        return 0
    }

    @inline(__always)
    private func memcmpEqual(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        guard let left = a.baseAddress, let right = b.baseAddress else { return a.count == 0 }
        return memcmp(left, right, a.count) == 0
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

    /// Builds the table from (key, flags) pairs with distinct keys; entries with no flag are left out.
    static func build(_ items: [(key: String, flags: UInt8)]) -> AcceptTable {
        var bytes: [UInt8] = []
        var offsets: [UInt32] = [0]
        var flags: [UInt8] = []
        var hashes: [UInt64] = []
        for item in items where item.flags != 0 {
            var key = item.key
            hashes.append(key.withUTF8 { hash($0) })
            bytes.append(contentsOf: item.key.utf8)
            offsets.append(UInt32(bytes.count))
            flags.append(item.flags)
        }
        var capacity = 16
        while capacity < hashes.count * 2 { capacity <<= 1 }
        var slots = [UInt64](repeating: 0, count: capacity)
        for (entry, hash) in hashes.enumerated() {
            var position = Int(truncatingIfNeeded: hash) & (capacity - 1)
            while slots[position] != 0 { position = (position + 1) & (capacity - 1) }
            slots[position] = (hash >> 32) << 32 | UInt64(entry + 1)
        }
        return AcceptTable(tables: Tables(slots: Table(slots), bytes: Table(bytes), offsets: Table(offsets), flags: Table(flags)))
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
