/// Words grouped by how they sound in English, for misspellings too far from the word to find by edits.
///
/// The key is a simplified Metaphone: consonant sounds only (`ph` is `f`,
/// `gh` and initial `kn`/`wr` are silent, soft `c` is `s`, hard `c`, `q` and
/// `ck` are `k`), vowels dropped after the first letter, repeats collapsed.
/// `bizness` and `business` share `BSNS`; `playwrite` and `playwright`
/// share `PLWRT`. Storage is two flat arrays: entries sorted by key hash.
/// Immutable and thread-safe once built.
final class PhoneticIndex: Sendable {
    let hashes: Table<UInt32>
    let entries: Table<UInt32>

    /// An index over tables read from a compiled dictionary (not checked: reads stay in bounds whatever they hold).
    init(hashes: Table<UInt32>, entries: Table<UInt32>) {
        self.hashes = hashes
        self.entries = entries
    }

    init(store: WordStore) {
        var pairs: [UInt64] = []
        pairs.reserveCapacity(store.count)
        for entry in 0..<store.count where store.isSuggestible(entry) {
            let key = Self.key(DeletionIndex.scalars(store.keyBytes(entry)))
            guard key.count >= 3 else { continue }
            pairs.append(UInt64(Self.hash(key)) << 32 | UInt64(entry))
        }
        pairs.sort()
        hashes = Table(pairs.map { UInt32($0 >> 32) })
        entries = Table(pairs.map { UInt32($0 & 0xFFFF_FFFF) })
    }

    /// The entries that sound like the word (by key hash; the caller checks the candidates).
    func entries(soundingLike word: [UInt32]) -> UnsafeBufferPointer<UInt32> {
        let key = Self.key(word)
        guard key.count >= 3 else { return UnsafeBufferPointer(start: nil, count: 0) }
        let target = Self.hash(key)
        var low = 0
        var high = hashes.count
        while low < high {
            let mid = (low + high) / 2
            if hashes[mid] < target { low = mid + 1 } else { high = mid }
        }
        var end = low
        while end < hashes.count, hashes[end] == target { end += 1 }
        return entries.slice(low..<end)
    }

    var memoryFootprint: Int { hashes.byteCount + entries.byteCount }

    private static func hash(_ key: [UInt8]) -> UInt32 {
        var value: UInt32 = 2_166_136_261
        for byte in key { value = (value ^ UInt32(byte)) &* 16_777_619 }
        return value
    }

    /// The sound key of a lower-case word (ASCII letters only count; others are kept as they are).
    static func key(_ word: [UInt32]) -> [UInt8] {
        let letters: [UInt8] = word.map { $0 < 0x80 ? UInt8($0) : 0xFF }
        var key: [UInt8] = []
        func at(_ index: Int) -> UInt8 { index >= 0 && index < letters.count ? letters[index] : 0 }
        func isVowel(_ c: UInt8) -> Bool { c == 0x61 || c == 0x65 || c == 0x69 || c == 0x6F || c == 0x75 || c == 0x79 }
        func emit(_ c: UInt8) { if key.last != c { key.append(c) } }
        var index = 0
        if letters.starts(with: Array("kn".utf8)) || letters.starts(with: Array("gn".utf8))
            || letters.starts(with: Array("wr".utf8)) || letters.starts(with: Array("ps".utf8)) {
            index = 1
        }
        let start = index
        while index < letters.count {
            let c = letters[index]
            let next = at(index + 1)
            defer { index += 1 }
            if isVowel(c) {
                if index == start { emit(UInt8(ascii: "A")) }
                continue
            }
            switch c {
            case UInt8(ascii: "p") where next == UInt8(ascii: "h"):
                emit(UInt8(ascii: "F")); index += 1
            case UInt8(ascii: "g") where next == UInt8(ascii: "h"):
                if index == start { emit(UInt8(ascii: "G")) }
                index += 1
            case UInt8(ascii: "c"):
                if next == UInt8(ascii: "k") { emit(UInt8(ascii: "K")); index += 1 }
                else if next == UInt8(ascii: "h") { emit(UInt8(ascii: "X")); index += 1 }
                else if next == UInt8(ascii: "e") || next == UInt8(ascii: "i") || next == UInt8(ascii: "y") { emit(UInt8(ascii: "S")) }
                else { emit(UInt8(ascii: "K")) }
            case UInt8(ascii: "t") where next == UInt8(ascii: "c") && at(index + 2) == UInt8(ascii: "h"):
                continue
            case UInt8(ascii: "s") where next == UInt8(ascii: "h"):
                emit(UInt8(ascii: "X")); index += 1
            case UInt8(ascii: "t") where next == UInt8(ascii: "h"):
                emit(UInt8(ascii: "0")); index += 1
            case UInt8(ascii: "d") where next == UInt8(ascii: "g"):
                emit(UInt8(ascii: "J")); index += 1
            case UInt8(ascii: "w") where next == UInt8(ascii: "h"):
                emit(UInt8(ascii: "W")); index += 1
            case UInt8(ascii: "h"):
                // Sounded only before a vowel and not after a consonant that changes it.
                if isVowel(next), index == start || isVowel(at(index - 1)) { emit(UInt8(ascii: "H")) }
            case UInt8(ascii: "w"):
                if isVowel(next) { emit(UInt8(ascii: "W")) }
            case UInt8(ascii: "m") where next == UInt8(ascii: "b") && index + 2 == letters.count:
                emit(UInt8(ascii: "M")); index += 1
            case UInt8(ascii: "q"), UInt8(ascii: "k"): emit(UInt8(ascii: "K"))
            case UInt8(ascii: "x"): emit(UInt8(ascii: "K")); emit(UInt8(ascii: "S"))
            case UInt8(ascii: "z"), UInt8(ascii: "s"): emit(UInt8(ascii: "S"))
            case UInt8(ascii: "v"), UInt8(ascii: "f"): emit(UInt8(ascii: "F"))
            case UInt8(ascii: "j"): emit(UInt8(ascii: "J"))
            case UInt8(ascii: "g"):
                emit(next == UInt8(ascii: "e") || next == UInt8(ascii: "i") || next == UInt8(ascii: "y") ? UInt8(ascii: "J") : UInt8(ascii: "G"))
            case UInt8(ascii: "'"), UInt8(ascii: "-"):
                continue
            default:
                emit(c >= 0x61 && c <= 0x7A ? c - 32 : c)
            }
        }
        return key
    }
}
