import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Every word form of a dictionary in compact sorted storage, with how common each one is.
///
/// Entries are folded forms (lower case, typographic apostrophe as ASCII),
/// sorted by their UTF-8 bytes, held in one byte buffer with offsets. Each
/// entry knows its dictionary spellings (`London` for `london`), whether it
/// may be suggested (not NOSUGGEST), and its zipf frequency times ten (0 when
/// unknown). Immutable and thread-safe once built.
final class WordStore: Sendable {
    private let bytes: Table<UInt8>
    private let offsets: Table<UInt32>
    /// Zipf times ten per entry; 0 when the frequency list lacks the word.
    let scaledZipf: Table<UInt8>
    private let flags: Table<UInt8>
    /// Entries whose dictionary spelling differs from the folded key, sorted by entry.
    private let variantEntries: Table<UInt32>
    /// The variant spellings' UTF-8 bytes, one after another, cut by `variantOffsets`.
    private let variantBytes: Table<UInt8>
    private let variantOffsets: Table<UInt32>
    private let variantSuggestible: Table<UInt8>
    /// An open-addressing hash of the keys (`entry + 1`, 0 empty; a power of two long), or empty.
    ///
    /// With it `find` touches about three pages instead of a binary search's
    /// scattered dozens, which matters for a large mapped store.
    private let keySlots: Table<UInt32>
    /// Whether any frequency data was applied.
    let hasFrequencies: Bool
    /// The most common entries for prefixes with many words (`co`, `pre`), computed once each.
    private let commonEntriesCache = Mutex<[[UInt8]: [Int32]]>([:])
    private static let cachedRangeMinimum = 1024
    private static let cachedCount = 64

    private static let lowerSurface: UInt8 = 1
    private static let lowerSuggestible: UInt8 = 2
    private static let anySuggestible: UInt8 = 4

    var count: Int { max(offsets.count - 1, 0) }

    /// The store's arrays, as a compiled dictionary stores them.
    struct Tables: Sendable {
        var bytes: Table<UInt8>
        var offsets: Table<UInt32>
        var scaledZipf: Table<UInt8>
        var flags: Table<UInt8>
        var variantEntries: Table<UInt32>
        var variantBytes: Table<UInt8>
        var variantOffsets: Table<UInt32>
        var variantSuggestible: Table<UInt8>
        var keySlots: Table<UInt32>
    }

    var tables: Tables {
        Tables(bytes: bytes, offsets: offsets, scaledZipf: scaledZipf, flags: flags, variantEntries: variantEntries,
               variantBytes: variantBytes, variantOffsets: variantOffsets, variantSuggestible: variantSuggestible,
               keySlots: keySlots)
    }

    /// A store over tables read from a compiled dictionary (not checked: reads stay in bounds whatever they hold).
    init(tables: Tables, hasFrequencies: Bool) {
        bytes = tables.bytes
        offsets = tables.offsets
        scaledZipf = tables.scaledZipf
        flags = tables.flags
        variantEntries = tables.variantEntries
        variantBytes = tables.variantBytes
        variantOffsets = tables.variantOffsets
        variantSuggestible = tables.variantSuggestible
        keySlots = tables.keySlots
        self.hasFrequencies = hasFrequencies
    }

    /// The same store with a hash of its keys, for `find` (compiled dictionaries store it).
    func withKeyHash() -> WordStore {
        var capacity = 16
        while capacity < count * 3 / 2 { capacity <<= 1 }
        var tables = tables
        tables.keySlots = Table(zeroed: capacity) { slots in
            for entry in 0..<count {
                var position = Int(truncatingIfNeeded: AcceptTable.hash(keyBytes(entry))) & (capacity - 1)
                while slots[position] != 0 { position = (position + 1) & (capacity - 1) }
                slots[position] = UInt32(entry + 1)
            }
        }
        return WordStore(tables: tables, hasFrequencies: hasFrequencies)
    }

    /// A store of the forms, with their frequencies.
    ///
    /// Every word of the frequency list that no form spells is added too
    /// (folded, suggestible): the forms the expander does not make (compounds,
    /// forms past its limit) but people type. Callers check such a word with
    /// the dictionary before offering it, as they do every guess.
    convenience init(forms: [WordFormExpander.Form], frequencies: WordFrequencies?) {
        var list = FormList()
        for form in forms { list.append(form.word, suggestible: form.suggestible, keepsCase: form.keepsCase) }
        self.init(forms: list, frequencies: frequencies)
    }

    /// A store of the forms in a form list, with their frequencies (as `init(forms:frequencies:)`).
    ///
    /// Holds no `String` per form: the folded keys go into one byte buffer,
    /// and the forms are sorted as 32-bit item numbers (by key, then
    /// spelling, bytewise), so building the store of millions of forms costs
    /// their bytes and about twenty bytes each.
    init(forms: FormList, frequencies: WordFrequencies?) {
        // Item i: its folded key is keyBytes[keyStarts[i]..<keyStarts[i + 1]]; its spelling is form surfaceForms[i],
        // or the key itself for a word of the frequency list (`listedItem`).
        var keyBytes: [UInt8] = []
        var keyStarts: [Int] = [0]
        var surfaceForms: [UInt32] = []
        let listedItem = UInt32.max
        keyBytes.reserveCapacity(forms.bytes.count)
        keyStarts.reserveCapacity(forms.count + (frequencies?.count ?? 0) + 1)
        surfaceForms.reserveCapacity(forms.count + (frequencies?.count ?? 0))
        var unchanged = ScalarByteMemo()
        forms.bytes.withUnsafeBufferPointer { formBytes in
            for index in 0..<forms.count {
                let range = forms.range(index)
                guard !range.isEmpty else { continue }
                let bytes = UnsafeBufferPointer(rebasing: formBytes[range])
                if bytes.allSatisfy({ $0 < 0x80 }) {
                    for byte in bytes { keyBytes.append(byte >= 0x41 && byte <= 0x5A ? byte + 32 : byte) }
                } else {
                    let word = String(decoding: bytes, as: UTF8.self)
                    if WordList.isOwnFold(word, unchanged: &unchanged) {
                        keyBytes.append(contentsOf: bytes)
                    } else {
                        keyBytes.append(contentsOf: WordList.fold(word).utf8)
                    }
                }
                keyStarts.append(keyBytes.count)
                surfaceForms.append(UInt32(index))
            }
        }
        for word in frequencies?.words ?? [:].keys where !word.isEmpty {
            keyBytes.append(contentsOf: word.utf8)
            keyStarts.append(keyBytes.count)
            surfaceForms.append(listedItem)
        }
        let itemCount = surfaceForms.count
        let order = forms.bytes.withUnsafeBufferPointer { formBytes in
            forms.ends.withUnsafeBufferPointer { formEnds in
                keyBytes.withUnsafeBufferPointer { keyBytes in
                    keyStarts.withUnsafeBufferPointer { keyStarts in
                        surfaceForms.withUnsafeBufferPointer { surfaceForms in
                            Self.sortedItems(SortItems(keyBytes: keyBytes, keyStarts: keyStarts, surfaceForms: surfaceForms,
                                                       formBytes: formBytes, formEnds: formEnds, listedItem: listedItem),
                                             count: itemCount)
                        }
                    }
                }
            }
        }

        var bytes: [UInt8] = []
        var offsets: [UInt32] = [0]
        var zipf: [UInt8] = []
        var flags: [UInt8] = []
        var variantEntries: [UInt32] = []
        var variantBytes: [UInt8] = []
        var variantOffsets: [UInt32] = [0]
        var variantSuggestible: [UInt8] = []
        forms.bytes.withUnsafeBufferPointer { formBytes in
            keyBytes.withUnsafeBufferPointer { keyBytes in
                keyStarts.withUnsafeBufferPointer { keyStarts in
                    surfaceForms.withUnsafeBufferPointer { surfaceForms in
                        func key(_ item: UInt32) -> UnsafeBufferPointer<UInt8> {
                            UnsafeBufferPointer(rebasing: keyBytes[keyStarts[Int(item)]..<keyStarts[Int(item) + 1]])
                        }
                        func surface(_ item: UInt32) -> UnsafeBufferPointer<UInt8> {
                            let form = surfaceForms[Int(item)]
                            return form == listedItem ? key(item) : UnsafeBufferPointer(rebasing: formBytes[forms.range(Int(form))])
                        }
                        bytes.reserveCapacity(keyBytes.count)
                        var position = 0
                        while position < itemCount {
                            let keyString = key(order[position])
                            let entry = UInt32(offsets.count - 1)
                            var flag: UInt8 = 0
                            var lastVariant: UnsafeBufferPointer<UInt8>?
                            var end = position
                            var hasForms = false
                            while end < itemCount, Self.order(key(order[end]), keyString) == 0 {
                                if surfaceForms[Int(order[end])] != listedItem { hasForms = true }
                                end += 1
                            }
                            while position < end {
                                let item = order[position]
                                position += 1
                                let form = surfaceForms[Int(item)]
                                let listed = form == listedItem
                                let suggestible = listed || forms.isSuggestible(Int(form))
                                // A listed word counts only where no form spells it (a NOSUGGEST form stays unsuggested).
                                if listed && hasForms { continue }
                                let spelling = surface(item)
                                if Self.order(spelling, keyString) == 0 {
                                    flag |= Self.lowerSurface
                                    if suggestible { flag |= Self.lowerSuggestible | Self.anySuggestible }
                                } else if let lastVariant, Self.order(spelling, lastVariant) == 0 {
                                    if suggestible {
                                        variantSuggestible[variantSuggestible.count - 1] = 1
                                        flag |= Self.anySuggestible
                                    }
                                } else {
                                    variantEntries.append(entry)
                                    variantBytes.append(contentsOf: spelling)
                                    variantOffsets.append(UInt32(variantBytes.count))
                                    variantSuggestible.append(suggestible ? 1 : 0)
                                    lastVariant = spelling
                                    if suggestible { flag |= Self.anySuggestible }
                                }
                            }
                            bytes.append(contentsOf: keyString)
                            offsets.append(UInt32(bytes.count))
                            zipf.append(frequencies?.scaledZipf(folded: String(decoding: keyString, as: UTF8.self)) ?? 0)
                            flags.append(flag)
                        }
                    }
                }
            }
        }
        self.bytes = Table(bytes)
        self.offsets = Table(offsets)
        self.scaledZipf = Table(zipf)
        self.flags = Table(flags)
        self.variantEntries = Table(variantEntries)
        self.variantBytes = Table(variantBytes)
        self.variantOffsets = Table(variantOffsets)
        self.variantSuggestible = Table(variantSuggestible)
        self.keySlots = Table([])
        self.hasFrequencies = frequencies != nil
    }

    /// Negative, zero or positive as `a`'s bytes come before, equal or come after `b`'s.
    @inline(__always)
    static func order(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int32 {
        let common = min(a.count, b.count)
        if common > 0, let left = a.baseAddress, let right = b.baseAddress {
            let order = memcmp(left, right, common)
            if order != 0 { return order }
        }
        return a.count == b.count ? 0 : (a.count < b.count ? -1 : 1)
    }

    /// The folded key of an entry as UTF-8 bytes.
    @inline(__always)
    func keyBytes(_ entry: Int) -> UnsafeBufferPointer<UInt8> {
        bytes.slice(Table<UInt32>.clampedRange(offsets[entry], offsets[entry &+ 1], limit: bytes.count))
    }

    /// Hints that the entry's place in the key offsets is read soon (`Prefetch.read`); changes nothing but timing.
    @inline(__always)
    func prefetchOffset(_ entry: Int) {
        offsets.prefetch(entry)
    }

    /// Hints that the entry's key bytes are read soon; reads its offset, so best after `prefetchOffset(_:)`.
    @inline(__always)
    func prefetchKey(_ entry: Int) {
        bytes.prefetch(Int(offsets[entry]))
    }

    func key(_ entry: Int) -> String {
        String(decoding: keyBytes(entry), as: UTF8.self)
    }

    func keyLength(_ entry: Int) -> Int { keyBytes(entry).count }

    /// Whether some spelling of the entry may be suggested.
    func isSuggestible(_ entry: Int) -> Bool { flags[entry] & Self.anySuggestible != 0 }

    /// The dictionary spellings of an entry; only suggestible ones when asked.
    func surfaces(_ entry: Int, suggestibleOnly: Bool) -> [String] {
        var result: [String] = []
        guard entry >= 0, entry < count else { return result }
        let flag = flags[entry]
        if flag & Self.lowerSurface != 0, !suggestibleOnly || flag & Self.lowerSuggestible != 0 {
            result.append(key(entry))
        }
        var low = 0
        var high = variantEntries.count
        let target = UInt32(entry)
        while low < high {
            let mid = (low + high) / 2
            if variantEntries[mid] < target { low = mid + 1 } else { high = mid }
        }
        while low < variantEntries.count, variantEntries[low] == target {
            if !suggestibleOnly || variantSuggestible[low] != 0 {
                let range = Table<UInt32>.clampedRange(variantOffsets[low], variantOffsets[low &+ 1], limit: variantBytes.count)
                result.append(String(decoding: variantBytes.slice(range), as: UTF8.self))
            }
            low += 1
        }
        return result
    }

    /// The first entry whose key is not less than `key` (bytewise).
    func lowerBound<C: Collection>(_ key: C) -> Int where C.Element == UInt8 {
        var low = 0
        var high = count
        while low < high {
            let mid = (low + high) / 2
            if keyBytes(mid).lexicographicallyPrecedes(key) { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The entry whose key is exactly `key`, if any.
    func find<C: Collection>(_ key: C) -> Int? where C.Element == UInt8 {
        let slotCount = keySlots.count
        if slotCount > 0, slotCount & (slotCount - 1) == 0 {
            let bytes = Array(key)
            let mask = slotCount - 1
            var position = bytes.withUnsafeBufferPointer { Int(truncatingIfNeeded: AcceptTable.hash($0)) } & mask
            for _ in 0...mask {
                let slot = keySlots[position]
                if slot == 0 { return nil }
                let entry = Int(slot) - 1
                if keyBytes(entry).elementsEqual(bytes) { return entry }
                position = (position + 1) & mask
            }
            return nil
        }
        let index = lowerBound(key)
        return index < count && keyBytes(index).elementsEqual(key) ? index : nil
    }

    /// The entries whose keys start with `prefix`, as a range of entry numbers.
    func range<C: Collection>(withPrefix prefix: C) -> Range<Int> where C.Element == UInt8 {
        let start = lowerBound(prefix)
        var low = start
        var high = count
        // The first entry at or after `start` that does not start with the prefix.
        while low < high {
            let mid = (low + high) / 2
            if keyBytes(mid).starts(with: prefix) { low = mid + 1 } else { high = mid }
        }
        return start..<low
    }

    /// The first entry after `entry`, and before `end`, whose key does not start with `prefix`; `end` if none.
    ///
    /// `entry`'s own key must start with `prefix`. The keys are sorted, so
    /// those that share it follow in one run: the search gallops out, then
    /// halves, and reads about twice the logarithm of the run's length in keys.
    func endOfRun(from entry: Int, sharing prefix: UnsafeBufferPointer<UInt8>, before end: Int) -> Int {
        @inline(__always) func shares(_ other: Int) -> Bool {
            let key = keyBytes(other)
            guard key.count >= prefix.count else { return false }
            var index = 0
            while index < prefix.count {
                if key[index] != prefix[index] { return false }
                index += 1
            }
            return true
        }
        guard !prefix.isEmpty else { return end }
        var low = entry
        var step = 1
        var high = entry + 1
        while high < end, shares(high) {
            low = high
            step <<= 1
            high = entry + step
        }
        high = min(high, end)
        // `low` shares the prefix; `high` does not, or is `end`.
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if shares(middle) { low = middle } else { high = middle }
        }
        return high
    }

    /// The suggestible entries longer than `prefix` that start with it, most common first.
    ///
    /// Order: highest zipf, then shortest, then key order. Large ranges are
    /// ranked once and remembered, so short prefixes stay fast.
    func mostCommonEntries(withPrefix prefix: [UInt8], count: Int) -> [Int] {
        let range = range(withPrefix: prefix)
        guard range.count >= Self.cachedRangeMinimum, count <= Self.cachedCount else {
            return rankEntries(in: range, longerThan: prefix.count, count: count)
        }
        if let cached = commonEntriesCache.withLock({ $0[prefix] }) {
            return cached.prefix(count).map(Int.init)
        }
        let ranked = rankEntries(in: range, longerThan: prefix.count, count: Self.cachedCount)
        commonEntriesCache.withLock { cache in
            if cache.count >= 4096 { cache.removeAll(keepingCapacity: true) }
            cache[prefix] = ranked.map { Int32($0) }
        }
        return Array(ranked.prefix(count))
    }

    private func rankEntries(in range: Range<Int>, longerThan length: Int, count: Int) -> [Int] {
        var best: [(zipf: UInt8, length: Int, entry: Int)] = []
        func better(_ a: (zipf: UInt8, length: Int, entry: Int), _ b: (zipf: UInt8, length: Int, entry: Int)) -> Bool {
            if a.zipf != b.zipf { return a.zipf > b.zipf }
            if a.length != b.length { return a.length < b.length }
            return a.entry < b.entry
        }
        for entry in range where keyLength(entry) > length && isSuggestible(entry) {
            let item = (zipf: scaledZipf[entry], length: keyLength(entry), entry: entry)
            if best.count == count, let last = best.last, !better(item, last) { continue }
            var position = best.count
            while position > 0, better(item, best[position - 1]) { position -= 1 }
            best.insert(item, at: position)
            if best.count > count { best.removeLast() }
        }
        return best.map(\.entry)
    }

    /// Approximate heap bytes held by the store.
    var memoryFootprint: Int {
        bytes.byteCount + offsets.byteCount + scaledZipf.byteCount + flags.byteCount + variantEntries.byteCount
            + variantBytes.byteCount + variantOffsets.byteCount + variantSuggestible.byteCount
    }
}
