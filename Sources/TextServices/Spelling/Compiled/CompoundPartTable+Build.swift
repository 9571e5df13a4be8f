extension CompoundPartTable {
    /// The parts of a dictionary with the reject index's `stems` and `affixes`, whose compound flags are `begin`,
    /// `middle` and `end` (0: not declared).
    ///
    /// Each stem's homonyms are expanded forward, every affix applied as `AffixIndex.derivable` finds it backward:
    /// what a suffix appends replaces the strip text its condition matched at the stem's end, a prefix likewise at the
    /// start (after the suffixes, on the suffixed spelling); a suffix's continuation classes name the suffixes that may
    /// follow it; a prefix and suffixes combine when both are cross products, a suffix then found through the stem's
    /// flags or the prefix's continuation classes, the prefix's flag through the stem or the first suffix's classes
    /// (with two suffixes that search asks no flag of the prefix, so neither does this). A spelling's places are
    /// those of the compound flags on the stem or on any affix applied.
    ///
    /// The same expansion gives the filter of every spelling the search may derive whole (`DerivationFilter`): the
    /// derivations of each homonym not holding `onlyInCompound` (0: none), the flag a whole word's root must lack.
    static func build(stems: StemTable, affixes: [RejectIndex.Affix], begin: UInt16, middle: UInt16, end: UInt16,
                      onlyInCompound: UInt16 = 0) -> (parts: CompoundPartTable, derivations: DerivationFilter) {
        var builder = Expansion(affixes: affixes, begin: begin, middle: middle, end: end)
        stems.forEachHomonym { key, _, flags in
            builder.wholeWords = onlyInCompound == 0 || !flags.contains(onlyInCompound)
            builder.expand(Array(key), flags: flags)
        }
        return (builder.table(), builder.derivations())
    }

    /// The forward expansion, with the spellings found so far in one flat hash set.
    private struct Expansion {
        let affixes: [RejectIndex.Affix]
        let begin: UInt16, middle: UInt16, end: UInt16
        /// Places of each entry's continuation classes.
        let entryPlaces: [UInt8]
        /// Suffix and prefix entries by their flag.
        let suffixesByFlag: [UInt16: [Int]]
        let prefixesByFlag: [UInt16: [Int]]
        /// For each suffix entry, the suffix entries that may follow it (their flag in its continuation classes).
        let followers: [[Int]]
        /// Cross-product prefix entries by their flag, and cross-product suffix entries by theirs.
        let crossPrefixesByFlag: [UInt16: [Int]]
        let crossSuffixesByFlag: [UInt16: [Int]]
        /// Cross-product prefix entries with no strip text, and by the first byte of the text they strip: only these
        /// can apply to a spelling starting with that byte.
        let crossPrefixesStrippingNothing: [Int]
        let crossPrefixesByStripStart: [[Int]]
        /// For each suffix entry, the cross-product prefix entries whose flag its continuation classes hold.
        let crossPrefixesInClasses: [[Int]]
        /// The flags some cross-product prefix's continuation classes hold.
        let crossPrefixClasses: Set<UInt16>
        /// The cross-product suffix entries whose flag is in `crossPrefixClasses`.
        let crossSuffixesInPrefixClasses: [Int]
        var found = FlatSet()
        var lowered = [UInt8](repeating: 0, count: 4 * 256)
        /// Whether the homonym being expanded may be the root of a whole word: its spellings go into the filter.
        var wholeWords = true
        /// The hashes of the lower-cased spellings for the filter, sorted and made distinct now and then.
        private var derivationHashes: [UInt64] = []
        private var distinctHashes = 0

        init(affixes: [RejectIndex.Affix], begin: UInt16, middle: UInt16, end: UInt16) {
            self.affixes = affixes
            self.begin = begin
            self.middle = middle
            self.end = end
            func places(_ flags: [UInt16]) -> UInt8 {
                var result: UInt8 = 0
                for flag in flags where flag != 0 {
                    if flag == begin { result |= CompoundPartTable.begins }
                    if flag == middle { result |= CompoundPartTable.middles }
                    if flag == end { result |= CompoundPartTable.ends }
                }
                return result
            }
            entryPlaces = affixes.map { places($0.continuation) }
            var suffixes: [UInt16: [Int]] = [:], prefixes: [UInt16: [Int]] = [:]
            for (index, affix) in affixes.enumerated() {
                if affix.isPrefix { prefixes[affix.flag, default: []].append(index) } else { suffixes[affix.flag, default: []].append(index) }
            }
            suffixesByFlag = suffixes
            prefixesByFlag = prefixes
            followers = affixes.map { affix in
                affix.isPrefix ? [] : affix.continuation.flatMap { suffixes[$0] ?? [] }
            }
            let crossPrefixes = affixes.indices.filter { affixes[$0].isPrefix && affixes[$0].crossProduct }
            let crossSuffixes = affixes.indices.filter { !affixes[$0].isPrefix && affixes[$0].crossProduct }
            crossPrefixesByFlag = Dictionary(grouping: crossPrefixes) { affixes[$0].flag }
            crossSuffixesByFlag = Dictionary(grouping: crossSuffixes) { affixes[$0].flag }
            crossPrefixesStrippingNothing = crossPrefixes.filter { affixes[$0].strip.isEmpty }
            var byStripStart = [[Int]](repeating: [], count: 256)
            for prefix in crossPrefixes where !affixes[prefix].strip.isEmpty { byStripStart[Int(affixes[prefix].strip[0])].append(prefix) }
            crossPrefixesByStripStart = byStripStart
            let prefixesByFlag = crossPrefixesByFlag
            crossPrefixesInClasses = affixes.map { affix in
                affix.isPrefix ? [] : Self.sortedUnion(Set(affix.continuation).map { prefixesByFlag[$0] ?? [] })
            }
            let classes = Set(crossPrefixes.flatMap { affixes[$0].continuation })
            crossPrefixClasses = classes
            crossSuffixesInPrefixClasses = crossSuffixes.filter { classes.contains(affixes[$0].flag) }
        }

        /// The distinct indices of `lists`, in increasing order.
        static func sortedUnion(_ lists: [[Int]]) -> [Int] {
            var all = lists.flatMap { $0 }
            all.sort()
            var distinct: [Int] = []
            distinct.reserveCapacity(all.count)
            for index in all where distinct.last != index { distinct.append(index) }
            return distinct
        }

        /// Adds the spellings of stem `stem` with `flags` (sorted) and its derivations.
        mutating func expand(_ stem: [UInt8], flags: [UInt16]) {
            let stemPlaces = placesOf(flags)
            add(stem, stemPlaces)
            func holds(_ flag: UInt16) -> Bool { flags.contains(flag) }
            // Suffixes, one or two, and a cross-product prefix on two.
            for flag in flags {
                for first in suffixesByFlag[flag] ?? [] {
                    guard let once = suffixed(stem, first) else { continue }
                    let oncePlaces = stemPlaces | entryPlaces[first]
                    add(once, oncePlaces)
                    twice(once, after: first, places: oncePlaces, prefixClasses: nil)
                }
            }
            // A prefix alone, on a stem holding its flag.
            for flag in flags {
                for prefix in prefixesByFlag[flag] ?? [] {
                    if let spelling = prefixed(stem, prefix) { add(spelling, stemPlaces | entryPlaces[prefix]) }
                }
            }
            // A cross-product prefix with one suffix: the suffix's flag on the stem or in the prefix's classes, the
            // prefix's on the stem or in the suffix's classes. With two suffixes whose first the stem does not hold,
            // the first through the prefix's classes. Only the entries whose flags can meet are visited, in the order
            // of the entries (so the table is the same as with every pair tried).
            let stemSuffixes = Self.sortedUnion([crossSuffixesInPrefixClasses]
                                                + flags.filter { !crossPrefixClasses.contains($0) }.map { crossSuffixesByFlag[$0] ?? [] })
            let stemPrefixes = Self.sortedUnion(flags.map { crossPrefixesByFlag[$0] ?? [] })
            for suffix in stemSuffixes {
                let suffixFlag = affixes[suffix].flag
                let stemHolds = holds(suffixFlag)
                guard let once = suffixed(stem, suffix) else { continue }
                for prefix in Self.sortedUnion([stemPrefixes, crossPrefixesInClasses[suffix]]) {
                    guard stemHolds || affixes[prefix].continuation.contains(suffixFlag) else { continue }
                    let prefixFlag = affixes[prefix].flag
                    guard holds(prefixFlag) || affixes[suffix].continuation.contains(prefixFlag) else { continue }
                    if let spelling = prefixed(once, prefix) {
                        add(spelling, stemPlaces | entryPlaces[suffix] | entryPlaces[prefix])
                    }
                }
            }
            for flag in crossPrefixClasses where !holds(flag) {
                for first in suffixesByFlag[flag] ?? [] {
                    guard let once = suffixed(stem, first) else { continue }
                    twice(once, after: first, places: stemPlaces | entryPlaces[first], prefixClasses: flag)
                }
            }
        }

        /// Adds the spellings a second suffix gives of `once` (made by suffix entry `first`), and a cross-product
        /// prefix on each: any such prefix, or with `prefixClasses` only those whose classes hold that flag (then the
        /// spelling without a prefix is not added: the stem does not hold the first suffix's flag).
        private mutating func twice(_ once: [UInt8], after first: Int, places: UInt8, prefixClasses: UInt16?) {
            for second in followers[first] {
                guard let twice = suffixed(once, second) else { continue }
                let twicePlaces = places | entryPlaces[second]
                if prefixClasses == nil { add(twice, twicePlaces) }
                guard affixes[second].crossProduct else { continue }
                let stripping = twice.isEmpty ? [] : crossPrefixesByStripStart[Int(twice[0])]
                for prefix in stripping.isEmpty ? crossPrefixesStrippingNothing
                    : Self.sortedUnion([crossPrefixesStrippingNothing, stripping]) {
                    if let prefixClasses, !affixes[prefix].continuation.contains(prefixClasses) { continue }
                    if let spelling = prefixed(twice, prefix) { add(spelling, twicePlaces | entryPlaces[prefix]) }
                }
            }
        }

        private func placesOf(_ flags: [UInt16]) -> UInt8 {
            var result: UInt8 = 0
            for flag in flags where flag != 0 {
                if flag == begin { result |= CompoundPartTable.begins }
                if flag == middle { result |= CompoundPartTable.middles }
                if flag == end { result |= CompoundPartTable.ends }
            }
            return result
        }

        /// `root` with suffix entry `index` applied, when its strip text ends `root` and its condition matches.
        private func suffixed(_ root: [UInt8], _ index: Int) -> [UInt8]? {
            // The entry's fields are read in place: a copy of the entry retains and releases each of its arrays.
            let stripped = affixes[index].strip.count
            guard root.count >= stripped, root.suffix(stripped).elementsEqual(affixes[index].strip),
                  affixes[index].condition.matchesEnd(ofUTF8: root) else { return nil }
            var spelling: [UInt8] = []
            spelling.reserveCapacity(root.count - stripped + affixes[index].add.count)
            spelling += root[..<(root.count - stripped)]
            spelling += affixes[index].add
            return spelling
        }

        /// `root` with prefix entry `index` applied, when its strip text starts `root` and its condition matches.
        private func prefixed(_ root: [UInt8], _ index: Int) -> [UInt8]? {
            let stripped = affixes[index].strip.count
            guard root.count >= stripped, root.prefix(stripped).elementsEqual(affixes[index].strip),
                  affixes[index].condition.matchesStart(ofUTF8: root) else { return nil }
            var spelling: [UInt8] = []
            spelling.reserveCapacity(root.count - stripped + affixes[index].add.count)
            spelling += affixes[index].add
            spelling += root[stripped...]
            return spelling
        }

        /// Records `spelling`'s lower case with `places` (nothing without a place, empty, or too long to judge), and
        /// for the filter when the homonym may be a whole word's root.
        private mutating func add(_ spelling: [UInt8], _ places: UInt8) {
            guard places != 0 || wholeWords, !spelling.isEmpty, spelling.count <= AcceptTable.maximumKeyLength else { return }
            let length = spelling.withUnsafeBufferPointer { source in
                lowered.withUnsafeMutableBufferPointer { CaseSpellings.lowerCased(source, into: $0.baseAddress!) }
            }
            guard length <= AcceptTable.maximumKeyLength else { return }
            lowered.withUnsafeBufferPointer { lowered in
                let key = UnsafeBufferPointer(rebasing: lowered[..<length])
                if wholeWords {
                    derivationHashes.append(AcceptTable.hash(key))
                    if derivationHashes.count >= 2 * distinctHashes + (1 << 20) { makeDistinct() }
                }
                if places != 0 { found.insert(key, places) }
            }
        }

        /// Sorts the filter's hashes and drops repeats (one spelling comes from many homonyms and derivations).
        private mutating func makeDistinct() {
            derivationHashes.sort()
            var kept = 0
            for index in derivationHashes.indices where kept == 0 || derivationHashes[index] != derivationHashes[kept - 1] {
                derivationHashes[kept] = derivationHashes[index]
                kept += 1
            }
            derivationHashes.removeLast(derivationHashes.count - kept)
            distinctHashes = kept
        }

        /// The table of every spelling found.
        func table() -> CompoundPartTable {
            CompoundPartTable(parts: AcceptTable.build { add in found.forEach(add) })
        }

        /// The filter of every spelling found for a whole word.
        mutating func derivations() -> DerivationFilter {
            makeDistinct()
            return DerivationFilter.build(hashes: derivationHashes)
        }
    }

    /// Distinct keys with their places OR-ed together, in flat memory: slots as `AcceptTable`'s, keys one after another.
    private struct FlatSet {
        private var slots = [UInt64](repeating: 0, count: 1 << 16)
        private var keys: [UInt8] = []
        private var count = 0

        mutating func insert(_ key: UnsafeBufferPointer<UInt8>, _ places: UInt8) {
            if 4 * (count + 1) > 3 * slots.count { grow() }
            let hash = AcceptTable.hash(key)
            let mask = slots.count - 1
            var position = Int(truncatingIfNeeded: hash) & mask
            while slots[position] != 0 {
                let slot = slots[position]
                if slot >> 43 == hash >> 43, Int((slot >> 32) & 0xFF) == key.count {
                    let offset = Int(slot & 0xFFFF_FFFF)
                    let equal = keys.withUnsafeBufferPointer { ByteComparison.equal($0.baseAddress! + offset, key.baseAddress!, key.count) }
                    if equal {
                        slots[position] = slot | UInt64(places) << 40
                        return
                    }
                }
                position = (position + 1) & mask
            }
            slots[position] = (hash >> 43) << 43 | UInt64(places) << 40 | UInt64(key.count) << 32 | UInt64(keys.count)
            keys.append(contentsOf: key)
            count += 1
        }

        private mutating func grow() {
            let old = slots
            slots = [UInt64](repeating: 0, count: 2 * old.count)
            let mask = slots.count - 1
            for slot in old where slot != 0 {
                let offset = Int(slot & 0xFFFF_FFFF), length = Int((slot >> 32) & 0xFF)
                let hash = keys.withUnsafeBufferPointer { AcceptTable.hash(UnsafeBufferPointer(rebasing: $0[offset..<(offset + length)])) }
                var position = Int(truncatingIfNeeded: hash) & mask
                while slots[position] != 0 { position = (position + 1) & mask }
                slots[position] = slot
            }
        }

        /// Calls `body` with every key and its places, in the order of the slots.
        func forEach(_ body: (UnsafeBufferPointer<UInt8>, UInt8) -> Void) {
            keys.withUnsafeBufferPointer { keys in
                for slot in slots where slot != 0 {
                    let offset = Int(slot & 0xFFFF_FFFF), length = Int((slot >> 32) & 0xFF)
                    body(UnsafeBufferPointer(rebasing: keys[offset..<(offset + length)]), UInt8((slot >> 40) & 0x7))
                }
            }
        }
    }
}
