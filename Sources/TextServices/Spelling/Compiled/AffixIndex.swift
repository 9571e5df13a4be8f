/// The reject index's affix entries in flat memory, found by the text they append: the search for a word's
/// derivations without an allocation, a closure or a reference count.
///
/// Entries, their strip text, continuation flags and conditions are plain
/// numbers in buffers this object owns; a word's candidate roots are written
/// into scratch memory its caller provides (`scratchSize`). An entry is tried
/// only when what it appends is the word's end (a suffix) or start (a
/// prefix): entries are grouped by that text in open-addressed tables, and a
/// word probes one group per length some entry appends. Thread-safe
/// (immutable after `init`).
final class AffixIndex: @unchecked Sendable {
    private struct Entry {
        var flag: UInt16
        var stripCount: UInt16
        var continuationCount: UInt16
        var conditionCount: UInt16
        var stripStart: Int32
        var continuationStart: Int32
        var conditionStart: Int32
        /// `crossProduct`, `exact` and `elides`, one bit each.
        var options: UInt8
    }

    private static let crossProduct: UInt8 = 1, exact: UInt8 = 2, elides: UInt8 = 4

    /// One element of a condition: any scalar, one scalar, or a set of scalars (negated or not).
    private struct ConditionElement {
        var kind: UInt8
        var scalar: UInt32
        var membersStart: Int32
        var membersCount: Int32
    }

    private static let anyScalar: UInt8 = 0, oneScalar: UInt8 = 1, memberOf: UInt8 = 2, notMemberOf: UInt8 = 3

    /// Entries grouped by what they append (and, for inner suffixes, by a flag their continuation classes hold).
    private struct GroupTable {
        struct Group {
            var hash: UInt64
            var flag: UInt16
            var appendCount: Int32
            var appendStart: Int32
            var first: Int32
            var count: Int32
        }

        /// Group numbers by hash (-1: empty), a power of two long.
        var slots: UnsafeMutableBufferPointer<Int32>
        /// The groups, `groupCount` of them (the buffer holds at least one).
        var groups: UnsafeMutableBufferPointer<Group>
        var groupCount: Int
        /// Entry numbers, group by group.
        var members: UnsafeMutableBufferPointer<Int32>
        /// Which append lengths (0...255) some group has, one bit each.
        var lengths: (UInt64, UInt64, UInt64, UInt64)
        var longest: Int

        @inline(__always)
        func hasLength(_ length: Int) -> Bool {
            let word: UInt64
            switch length >> 6 {
            case 0: word = lengths.0
            case 1: word = lengths.1
            case 2: word = lengths.2
            default: word = lengths.3
            }
            return word >> UInt64(length & 63) & 1 != 0
        }

        func deallocate() {
            slots.deallocate()
            groups.deallocate()
            members.deallocate()
        }
    }

    private let entries: UnsafeMutableBufferPointer<Entry>
    /// Strip and append texts.
    private let text: UnsafeMutableBufferPointer<UInt8>
    private let continuations: UnsafeMutableBufferPointer<UInt16>
    private let conditions: UnsafeMutableBufferPointer<ConditionElement>
    private let members: UnsafeMutableBufferPointer<UInt32>
    private let suffixes: GroupTable
    private let prefixes: GroupTable
    /// Suffix entries by a flag of their continuation classes: those that may come before a suffix with that flag.
    private let innerSuffixes: GroupTable
    /// Bytes of scratch memory one root needs beyond the word's length (the longest strip text, three times).
    private let rootSlack: Int

    /// Entries of one group of `suffixes` that strip the same text under the same condition: they leave a word one root.
    private struct RootClass {
        /// An entry of the class: its strip text and condition are the class's.
        var entry: Int32
        /// The class's entries in `classEntries`, those with continuation classes first (`innerCount` of them).
        var entriesStart: Int32
        var entriesCount: Int32
        var innerCount: Int32
        /// The distinct flags of its entries, and of its cross-product entries, each run sorted, in `classFlags`.
        var flagsStart: Int32
        var flagsCount: Int32
        var crossFlagsStart: Int32
        var crossFlagsCount: Int32
        /// One bit a flag (its number modulo 64) of those flags, of the cross-product ones, and of the continuation
        /// classes of its entries: a class whose continuation bits meet none of an outer class's flag bits is skipped.
        var flagBits: UInt64
        var crossFlagBits: UInt64
        var continuationBits: UInt64
    }

    /// The root classes of every group of `suffixes`: those of group `g` are `rootClasses[classStarts[g]..<classStarts[g + 1]]`.
    private let rootClasses: UnsafeMutableBufferPointer<RootClass>
    private let classStarts: UnsafeMutableBufferPointer<Int32>
    private let classEntries: UnsafeMutableBufferPointer<Int32>
    private let classFlags: UnsafeMutableBufferPointer<UInt16>
    /// Whether a search without needed flags finds suffixed roots once a root class (`suffixedByRoot`), not once an entry.
    let searchesByRoot: Bool

    /// The fewest suffix entries a root class holds on average for a search by root class (`searchesByRoot`): 3.
    ///
    /// Basque's classes hold 6 entries each (121,179 in 19,931), Galician's
    /// and Icelandic's 5, Catalan's 4; most dictionaries' about 1 (German's
    /// 410 in 393), where the search by class does more work than the one by
    /// entry (its share of a German compile's samples rose from 2.8% to 3.4-3.8%).
    static let rootClassSize = 3

    /// The index of `affixes`; `searchesByRoot` true or false chooses the search (to compare the two), nil chooses by
    /// the size of the root classes (`rootClassSize`).
    init(_ affixes: [RejectIndex.Affix], searchesByRoot: Bool? = nil) {
        var entryList: [Entry] = [], textBytes: [UInt8] = [], flags: [UInt16] = []
        var elements: [ConditionElement] = [], memberList: [UInt32] = []
        var appendStarts: [Int32] = []
        var longestStrip = 0
        for affix in affixes {
            let entry = Entry(flag: affix.flag, stripCount: UInt16(clamping: affix.strip.count),
                              continuationCount: UInt16(clamping: affix.continuation.count),
                              conditionCount: UInt16(clamping: affix.condition.elements.count),
                              stripStart: Int32(textBytes.count), continuationStart: Int32(flags.count),
                              conditionStart: Int32(elements.count),
                              options: (affix.crossProduct ? Self.crossProduct : 0) | (affix.isExact ? Self.exact : 0)
                                  | (affix.isPrefix && affix.add.contains(UInt8(ascii: "'")) ? Self.elides : 0))
            textBytes += affix.strip.prefix(Int(entry.stripCount))
            appendStarts.append(Int32(textBytes.count))
            textBytes += affix.add
            flags += affix.continuation.prefix(Int(entry.continuationCount))
            for element in affix.condition.elements.prefix(Int(entry.conditionCount)) {
                switch element {
                case .any:
                    elements.append(ConditionElement(kind: Self.anyScalar, scalar: 0, membersStart: 0, membersCount: 0))
                case .scalar(let scalar):
                    elements.append(ConditionElement(kind: Self.oneScalar, scalar: scalar.value, membersStart: 0, membersCount: 0))
                case .set(let scalars, let negated):
                    elements.append(ConditionElement(kind: negated ? Self.notMemberOf : Self.memberOf, scalar: 0,
                                                     membersStart: Int32(memberList.count), membersCount: Int32(scalars.count)))
                    memberList += scalars.map(\.value)
                }
            }
            longestStrip = max(longestStrip, Int(entry.stripCount))
            entryList.append(entry)
        }
        entries = Self.copy(entryList)
        text = Self.copy(textBytes)
        continuations = Self.copy(flags)
        conditions = Self.copy(elements)
        members = Self.copy(memberList)
        rootSlack = 3 * longestStrip + 8
        // A word is under 256 bytes: an entry appending more never applies.
        var suffixKeys: [(key: GroupKey, entry: Int32)] = []
        var prefixKeys: [(key: GroupKey, entry: Int32)] = []
        var innerKeys: [(key: GroupKey, entry: Int32)] = []
        for (index, affix) in affixes.enumerated() where affix.add.count < 256 {
            let key = GroupKey(start: appendStarts[index], count: Int32(affix.add.count), flag: 0)
            if affix.isPrefix {
                prefixKeys.append((key, Int32(index)))
            } else {
                suffixKeys.append((key, Int32(index)))
                for flag in Set(affix.continuation) {
                    innerKeys.append((GroupKey(start: key.start, count: key.count, flag: flag), Int32(index)))
                }
            }
        }
        suffixes = Self.groupTable(suffixKeys, text: textBytes, fromEnd: true)
        prefixes = Self.groupTable(prefixKeys, text: textBytes, fromEnd: false)
        innerSuffixes = Self.groupTable(innerKeys, text: textBytes, fromEnd: true)
        (rootClasses, classStarts, classEntries, classFlags) = Self.rootClasses(of: suffixes, entries: entryList, text: textBytes,
                                                                                flags: flags, conditions: elements,
                                                                                members: memberList)
        self.searchesByRoot = searchesByRoot ?? (suffixKeys.count >= Self.rootClassSize * max(1, rootClasses.count))
    }

    /// The root classes of each group of `table` (`RootClass`), in group order.
    private static func rootClasses(of table: GroupTable, entries: [Entry], text: [UInt8], flags: [UInt16],
                                    conditions: [ConditionElement], members: [UInt32])
        -> (UnsafeMutableBufferPointer<RootClass>, UnsafeMutableBufferPointer<Int32>, UnsafeMutableBufferPointer<Int32>,
            UnsafeMutableBufferPointer<UInt16>) {
        var classes: [RootClass] = [], starts: [Int32] = [], classEntryList: [Int32] = [], flagList: [UInt16] = []
        // What makes two entries leave one root: the strip text, then each condition element in full.
        func rootKey(_ entry: Entry) -> [UInt32] {
            var key = [UInt32(entry.stripCount)]
            key += text[Int(entry.stripStart)..<(Int(entry.stripStart) + Int(entry.stripCount))].map(UInt32.init)
            for element in conditions[Int(entry.conditionStart)..<(Int(entry.conditionStart) + Int(entry.conditionCount))] {
                key += [UInt32(element.kind), element.scalar, UInt32(element.membersCount)]
                key += members[Int(element.membersStart)..<(Int(element.membersStart) + Int(element.membersCount))]
            }
            return key
        }
        for group in table.groups.prefix(table.groupCount) {
            starts.append(Int32(classes.count))
            var numbers: [[UInt32]: Int] = [:]
            var grouped: [[Int32]] = []
            for member in table.members[Int(group.first)..<Int(group.first + group.count)] {
                let key = rootKey(entries[Int(member)])
                if let number = numbers[key] {
                    grouped[number].append(member)
                } else {
                    numbers[key] = grouped.count
                    grouped.append([member])
                }
            }
            for members in grouped {
                let inner = members.filter { entries[Int($0)].continuationCount > 0 }
                let entriesStart = Int32(classEntryList.count)
                classEntryList += inner + members.filter { entries[Int($0)].continuationCount == 0 }
                let all = Set(members.map { entries[Int($0)].flag }).sorted()
                let cross = Set(members.filter { entries[Int($0)].options & Self.crossProduct != 0 }.map { entries[Int($0)].flag }).sorted()
                let flagsStart = Int32(flagList.count)
                flagList += all
                let crossStart = Int32(flagList.count)
                flagList += cross
                func bits(_ flags: [UInt16]) -> UInt64 { flags.reduce(0) { $0 | 1 << UInt64($1 & 63) } }
                var continuation: [UInt16] = []
                for member in inner {
                    let entry = entries[Int(member)]
                    continuation += flags[Int(entry.continuationStart)..<(Int(entry.continuationStart) + Int(entry.continuationCount))]
                }
                classes.append(RootClass(entry: members[0], entriesStart: entriesStart, entriesCount: Int32(members.count),
                                         innerCount: Int32(inner.count), flagsStart: flagsStart, flagsCount: Int32(all.count),
                                         crossFlagsStart: crossStart, crossFlagsCount: Int32(cross.count), flagBits: bits(all),
                                         crossFlagBits: bits(cross), continuationBits: bits(continuation)))
            }
        }
        starts.append(Int32(classes.count))
        return (copy(classes), copy(starts), copy(classEntryList), copy(flagList))
    }

    deinit {
        entries.deallocate()
        text.deallocate()
        continuations.deallocate()
        conditions.deallocate()
        members.deallocate()
        suffixes.deallocate()
        prefixes.deallocate()
        innerSuffixes.deallocate()
        rootClasses.deallocate()
        classStarts.deallocate()
        classEntries.deallocate()
        classFlags.deallocate()
    }

    /// Bytes of scratch memory `derivable` needs for a word of `count` bytes.
    func scratchSize(forWordOf count: Int) -> Int { 3 * (count + rootSlack) }

    // MARK: Searching

    /// Whether some derivation (stem, suffix, prefix, prefix + suffix, two suffixes, prefix + two suffixes) could give
    /// `word`, its stems found in `stems` (hidden homonyms only when `hidden`) and its root's homonym passing `filter`;
    /// `scratch` holds `scratchSize` bytes.
    ///
    /// A homonym holding `needAffix` (the NEEDAFFIX flag's number, 0: none) is no stem alone: `checkword` (1.7) passes
    /// over it when it looks the word up whole, and finds it only through an affix. With `needed` (a compound part,
    /// `CompoundPartTable`) the stem or the continuation classes of an entry applied must also hold one of its flags:
    /// Hunspell's `compound_check` asks `lookup` for a homonym holding COMPOUNDBEGIN, COMPOUNDMIDDLE or COMPOUNDEND, and
    /// `prefix_check`, `suffix_check` and `affix_check` for that flag (`needflag`) on the stem or on an entry's
    /// continuation classes.
    func derivable(_ word: UnsafeBufferPointer<UInt8>, hidden: Bool, stems: StemTable, scratch: UnsafeMutablePointer<UInt8>,
                   filter: HomonymFilter = .none, needAffix: UInt16 = 0, needing needed: StemTable.AnyFlag = .none) -> Bool {
        if stems.anyHomonym(word, hidden: hidden, holding: 0, and: 0, andOneOf: needed, filter: filter, excluding: needAffix) {
            return true
        }
        let level = word.count + rootSlack
        if suffixed(word, prefix: -1, hidden: hidden, stems: stems, scratch: scratch + level, level: level, filter: filter,
                    needed: needed) {
            return true
        }
        // Prefix, with no suffix, one or two.
        return anyEntry(in: prefixes, flag: 0, of: word.baseAddress!, count: word.count, fromEnd: false) { index, length in
            let entry = entries[index]
            let root = prefixRoot(entry, of: word, appending: length, into: scratch)
            guard matchesStart(entry, root) else { return false }
            let stillNeeded = holdsOne(entry, of: needed) ? .none : needed
            if stems.anyHomonym(root, hidden: hidden, holding: entry.flag, and: 0, andOneOf: stillNeeded, filter: filter) { return true }
            // Hunspell crosses a prefix with suffixes only when both are cross products (`PfxEntry::checkword`,
            // `SfxEntry::checkword` and `check_twosfx` for the outer suffix).
            guard entry.options & Self.crossProduct != 0 else { return false }
            return suffixed(root, prefix: index, hidden: hidden, stems: stems, scratch: scratch + level, level: level, filter: filter,
                            needed: stillNeeded)
        }
    }

    /// Whether `entry`'s continuation classes hold one of `flags` (false for `none`).
    @inline(__always)
    private func holdsOne(_ entry: Entry, of flags: StemTable.AnyFlag) -> Bool {
        guard !flags.isNone else { return false }
        return (flags.first != 0 && holds(entry, flags.first)) || (flags.second != 0 && holds(entry, flags.second))
            || (flags.third != 0 && holds(entry, flags.third))
    }

    /// Whether Hunspell's affix lookup certainly finds `word` (`RejectIndex.acceptsElided`): an exact cross-product
    /// prefix entry that writes an apostrophe, on a .dic stem holding its flag, alone or with an exact cross-product
    /// suffix, every condition met by as many scalars as it names. With a suffix, the stem holds the suffix's flag
    /// unless the prefix's continuation classes do, and the prefix's unless the suffix's do (French `l'utilisateur`:
    /// `utilisateur/Fc()` through `SFX Fc 0 0/L'D'Q'`). With `stripsWhole` (FULLSTRIP) the suffix may replace the
    /// whole root the prefix leaves (`c'est`).
    ///
    /// As `PfxEntry::checkword` and `SfxEntry::checkword` (1.7) find them, for a spelling `checkword` is given without
    /// SPELL_INITCAP: a hidden homonym answers when Hunspell certainly kept it (`StemTable.certainHomonym`; Italian
    /// `dell'Onu` on the hidden `Onu` of `ONU/Tqr`). `scratch` holds `scratchSize` bytes.
    func elided(_ word: UnsafeBufferPointer<UInt8>, stems: StemTable, stripsWhole: Bool, scratch: UnsafeMutablePointer<UInt8>) -> Bool {
        let count = word.count
        let level = count + rootSlack
        return anyEntry(in: prefixes, flag: 0, of: word.baseAddress!, count: count, fromEnd: false) { index, length in
            let entry = entries[index]
            let wanted = Self.crossProduct | Self.exact | Self.elides
            guard length > 0, entry.options & wanted == wanted, count > length else { return false }
            let root = prefixRoot(entry, of: word, appending: length, into: scratch)
            guard Self.scalarCount(root) >= Int(entry.conditionCount), matchesStart(entry, root) else { return false }
            if stems.certainHomonym(root, holding: entry.flag, and: 0) { return true }
            return crossSuffixed(root, prefix: entry, stems: stems, stripsWhole: stripsWhole, scratch: scratch + level)
        }
    }

    /// Whether an exact cross-product suffix derives `word` from a .dic stem after the prefix entry `prefix`: the stem
    /// holds each entry's flag unless the other entry's continuation classes do, as `SfxEntry::checkword` (1.7) asks.
    private func crossSuffixed(_ word: UnsafeBufferPointer<UInt8>, prefix: Entry, stems: StemTable, stripsWhole: Bool,
                               scratch: UnsafeMutablePointer<UInt8>) -> Bool {
        let count = word.count
        guard let base = word.baseAddress else { return false }
        return anyEntry(in: suffixes, flag: 0, of: base, count: count, fromEnd: true) { index, length in
            let entry = entries[index]
            let wanted = Self.crossProduct | Self.exact
            // `SfxEntry::checkword` leaves no byte of the word under FULLSTRIP only for a strip text to look up.
            guard entry.options & wanted == wanted, count > length || (stripsWhole && count == length && entry.stripCount > 0) else {
                return false
            }
            let root = suffixRoot(entry, of: base, count: count, appending: length, into: scratch)
            guard Self.scalarCount(root) >= Int(entry.conditionCount), matchesEnd(entry, root) else { return false }
            return stems.certainHomonym(root, holding: holds(prefix, entry.flag) ? 0 : entry.flag,
                                        and: holds(entry, prefix.flag) ? 0 : prefix.flag)
        }
    }

    /// The root a prefix entry leaves of `word` when it writes its first `length` bytes: its strip text, then the rest of
    /// the word, written at `scratch`.
    @inline(__always)
    private func prefixRoot(_ entry: Entry, of word: UnsafeBufferPointer<UInt8>, appending length: Int,
                            into scratch: UnsafeMutablePointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        let strip = Int(entry.stripCount), rest = word.count - length
        scratch.update(from: text.baseAddress! + Int(entry.stripStart), count: strip)
        (scratch + strip).update(from: word.baseAddress! + length, count: rest)
        return UnsafeBufferPointer(start: scratch, count: strip + rest)
    }

    /// The root a suffix entry leaves of the `count` bytes at `word` when it writes their last `length`: the rest of
    /// the word, then its strip text, written at `scratch`.
    @inline(__always)
    private func suffixRoot(_ entry: Entry, of word: UnsafePointer<UInt8>, count: Int, appending length: Int,
                            into scratch: UnsafeMutablePointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        let keep = count - length, strip = Int(entry.stripCount)
        scratch.update(from: word, count: keep)
        (scratch + keep).update(from: text.baseAddress! + Int(entry.stripStart), count: strip)
        return UnsafeBufferPointer(start: scratch, count: keep + strip)
    }

    /// How many scalars UTF-8 `bytes` hold.
    @inline(__always)
    private static func scalarCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0
        for byte in bytes where byte & 0xC0 != 0x80 { count += 1 }
        return count
    }

    /// Whether a suffix, or two, derive `word` from a stem (after the prefix entry `prefix`, when not -1).
    ///
    /// With no flag needed, once a root class (`suffixedByRoot`); else entry by entry (`suffixedByEntry`).
    @inline(__always)
    private func suffixed(_ word: UnsafeBufferPointer<UInt8>, prefix: Int, hidden: Bool, stems: StemTable,
                          scratch: UnsafeMutablePointer<UInt8>, level: Int, filter: HomonymFilter,
                          needed: StemTable.AnyFlag) -> Bool {
        if searchesByRoot, needed.isNone {
            return suffixedByRoot(word, prefix: prefix, hidden: hidden, stems: stems, scratch: scratch, level: level, filter: filter)
        }
        return suffixedByEntry(word, prefix: prefix, hidden: hidden, stems: stems, scratch: scratch, level: level, filter: filter,
                               needed: needed)
    }

    /// `suffixedByEntry` with no flag needed, searched once a root class: each class's root is made and its condition
    /// tested once, and looked up once for the flags of all its entries; a second suffix is searched once a class
    /// of entries before it, among those whose continuation classes hold one of the outer class's flags.
    ///
    /// Basque's groups of one appended text hold up to 396 entries, all of one class (nothing stripped, no condition).
    private func suffixedByRoot(_ word: UnsafeBufferPointer<UInt8>, prefix: Int, hidden: Bool, stems: StemTable,
                                scratch: UnsafeMutablePointer<UInt8>, level: Int, filter: HomonymFilter) -> Bool {
        let count = word.count
        let base = word.baseAddress ?? UnsafePointer(scratch)
        return anyGroup(in: suffixes, of: base, count: count) { number, length in
            for classIndex in Int(classStarts[number])..<Int(classStarts[number + 1]) {
                let rootClass = rootClasses[classIndex]
                let representative = entries[Int(rootClass.entry)]
                let flags = prefix >= 0 ? flagRun(rootClass.crossFlagsStart, rootClass.crossFlagsCount)
                    : flagRun(rootClass.flagsStart, rootClass.flagsCount)
                guard !flags.isEmpty else { continue }
                let root = suffixRoot(representative, of: base, count: count, appending: length, into: scratch)
                guard matchesEnd(representative, root) else { continue }
                if prefix < 0 {
                    if stems.anyHomonym(root, hidden: hidden, holdingOneOf: flags, filter: filter) { return true }
                } else if stems.isStem(root) {
                    let outer = entries[prefix]
                    for position in Int(rootClass.entriesStart)..<Int(rootClass.entriesStart + rootClass.entriesCount) {
                        let entry = entries[Int(classEntries[position])]
                        guard entry.options & Self.crossProduct != 0 else { continue }
                        if stems.anyHomonym(root, hidden: hidden, holding: holds(outer, entry.flag) ? 0 : entry.flag,
                                            and: holds(entry, outer.flag) ? 0 : outer.flag, filter: filter) {
                            return true
                        }
                    }
                }
                if innerSuffixedByRoot(root, outerFlags: flags, outerBits: prefix >= 0 ? rootClass.crossFlagBits : rootClass.flagBits,
                                       prefix: prefix, hidden: hidden, stems: stems, scratch: scratch + level, filter: filter) {
                    return true
                }
            }
            return false
        }
    }

    /// Whether a suffix whose continuation classes hold one of `outerFlags` (sorted; `outerBits` their `RootClass` bits)
    /// derives `word` from a stem, searched once a root class: `innerSuffixed` for every outer flag at once, with no flag
    /// needed.
    private func innerSuffixedByRoot(_ word: UnsafeBufferPointer<UInt8>, outerFlags: UnsafeBufferPointer<UInt16>, outerBits: UInt64,
                                     prefix: Int, hidden: Bool, stems: StemTable, scratch: UnsafeMutablePointer<UInt8>,
                                     filter: HomonymFilter) -> Bool {
        let count = word.count
        let base = word.baseAddress ?? UnsafePointer(scratch)
        return anyGroup(in: suffixes, of: base, count: count) { number, length in
            for classIndex in Int(classStarts[number])..<Int(classStarts[number + 1])
            where rootClasses[classIndex].continuationBits & outerBits != 0 {
                let rootClass = rootClasses[classIndex]
                let representative = entries[Int(rootClass.entry)]
                let root = suffixRoot(representative, of: base, count: count, appending: length, into: scratch)
                guard matchesEnd(representative, root), stems.isStem(root) else { continue }
                for position in Int(rootClass.entriesStart)..<Int(rootClass.entriesStart + rootClass.innerCount) {
                    let entry = entries[Int(classEntries[position])]
                    guard continues(entry, into: outerFlags) else { continue }
                    let required = prefix >= 0 && holds(entries[prefix], entry.flag) ? 0 : entry.flag
                    if stems.anyHomonym(root, hidden: hidden, holding: required, and: 0, filter: filter) { return true }
                }
            }
            return false
        }
    }

    /// The `count` flags of `classFlags` from `start`.
    @inline(__always)
    private func flagRun(_ start: Int32, _ count: Int32) -> UnsafeBufferPointer<UInt16> {
        UnsafeBufferPointer(start: classFlags.baseAddress! + Int(start), count: Int(count))
    }

    /// Whether `entry`'s continuation classes hold one of `flags` (sorted).
    @inline(__always)
    private func continues(_ entry: Entry, into flags: UnsafeBufferPointer<UInt16>) -> Bool {
        let start = Int(entry.continuationStart)
        for index in start..<(start + Int(entry.continuationCount)) where StemTable.sortedContains(flags, continuations[index]) {
            return true
        }
        return false
    }

    /// Whether a suffix, or two, derive `word` from a stem (after the prefix entry `prefix`, when not -1), entry by entry.
    private func suffixedByEntry(_ word: UnsafeBufferPointer<UInt8>, prefix: Int, hidden: Bool, stems: StemTable,
                                 scratch: UnsafeMutablePointer<UInt8>, level: Int, filter: HomonymFilter,
                                 needed: StemTable.AnyFlag) -> Bool {
        let count = word.count
        let base = word.baseAddress ?? UnsafePointer(scratch)
        return anyEntry(in: suffixes, flag: 0, of: base, count: count, fromEnd: true) { index, length in
            let entry = entries[index]
            if prefix >= 0, entry.options & Self.crossProduct == 0 { return false }
            let root = suffixRoot(entry, of: base, count: count, appending: length, into: scratch)
            guard matchesEnd(entry, root) else { return false }
            var first = entry.flag, second: UInt16 = 0
            if prefix >= 0 {
                let outer = entries[prefix]
                if holds(outer, entry.flag) { first = 0 }
                second = holds(entry, outer.flag) ? 0 : outer.flag
            }
            let stillNeeded = holdsOne(entry, of: needed) ? .none : needed
            if stems.anyHomonym(root, hidden: hidden, holding: first, and: second, andOneOf: stillNeeded, filter: filter) { return true }
            return innerSuffixed(root, outerFlag: entry.flag, prefix: prefix, hidden: hidden, stems: stems, scratch: scratch + level,
                                 filter: filter, needed: stillNeeded)
        }
    }

    /// Whether a suffix whose continuation classes hold `outerFlag` derives `word` from a stem.
    private func innerSuffixed(_ word: UnsafeBufferPointer<UInt8>, outerFlag: UInt16, prefix: Int, hidden: Bool, stems: StemTable,
                               scratch: UnsafeMutablePointer<UInt8>, filter: HomonymFilter, needed: StemTable.AnyFlag) -> Bool {
        let count = word.count
        let base = word.baseAddress ?? UnsafePointer(scratch)
        return anyEntry(in: innerSuffixes, flag: outerFlag, of: base, count: count, fromEnd: true) { index, length in
            let entry = entries[index]
            let root = suffixRoot(entry, of: base, count: count, appending: length, into: scratch)
            guard matchesEnd(entry, root) else { return false }
            let required = prefix >= 0 && holds(entries[prefix], entry.flag) ? 0 : entry.flag
            return stems.anyHomonym(root, hidden: hidden, holding: required, and: 0,
                                    andOneOf: holdsOne(entry, of: needed) ? .none : needed, filter: filter)
        }
    }

    /// Whether `body` answers true for an entry of `table` (with `flag` among its continuation classes where `table`
    /// groups by it, else 0) whose appended text is the start, or with `fromEnd` the end, of the `count` bytes at `base`.
    ///
    /// The groups are probed from the shortest appended text to the longest, one a length some entry appends; `body`
    /// gets each member's entry index and the appended text's length, and the walk stops at its first true.
    @inline(__always)
    private func anyEntry(in table: GroupTable, flag: UInt16, of base: UnsafePointer<UInt8>, count: Int, fromEnd: Bool,
                          _ body: (_ index: Int, _ length: Int) -> Bool) -> Bool {
        var hash = Self.hashBasis
        var length = 0
        while true {
            if table.hasLength(length),
               let group = Self.group(in: table, hash: hash, flag: flag, bytes: fromEnd ? base + (count - length) : base, count: length,
                                      text: text) {
                for member in 0..<Int(group.count) where body(Int(table.members[Int(group.first) + member]), length) { return true }
            }
            guard length < table.longest, length < count else { return false }
            hash = Self.mix(hash, fromEnd ? base[count - 1 - length] : base[length])
            length += 1
        }
    }

    /// Whether `body` answers true for a group of `table` (grouped by text alone) whose text is the end of the `count`
    /// bytes at `base`: `anyEntry` once a group, given the group's number and its text's length.
    @inline(__always)
    private func anyGroup(in table: GroupTable, of base: UnsafePointer<UInt8>, count: Int,
                          _ body: (_ number: Int, _ length: Int) -> Bool) -> Bool {
        var hash = Self.hashBasis
        var length = 0
        while true {
            if table.hasLength(length),
               let number = Self.groupNumber(in: table, hash: hash, flag: 0, bytes: base + (count - length), count: length, text: text),
               body(number, length) {
                return true
            }
            guard length < table.longest, length < count else { return false }
            hash = Self.mix(hash, base[count - 1 - length])
            length += 1
        }
    }

    /// Whether `entry`'s continuation classes hold `flag`.
    @inline(__always)
    private func holds(_ entry: Entry, _ flag: UInt16) -> Bool {
        let start = Int(entry.continuationStart)
        for index in start..<(start + Int(entry.continuationCount)) where continuations[index] == flag { return true }
        return false
    }

    // MARK: Conditions

    /// `AffixCondition.matchesEnd(ofUTF8:)` on `root`, for `entry`'s condition.
    private func matchesEnd(_ entry: Entry, _ root: UnsafeBufferPointer<UInt8>) -> Bool {
        var end = root.count
        var index = Int(entry.conditionStart) + Int(entry.conditionCount) - 1
        while index >= Int(entry.conditionStart) {
            guard end > 0 else { return true }
            var start = end - 1
            while start > 0, root[start] & 0xC0 == 0x80 { start -= 1 }
            guard matches(conditions[index], Self.scalar(root, start, end)) else { return false }
            end = start
            index -= 1
        }
        return true
    }

    /// `AffixCondition.matchesStart(ofUTF8:)` on `root`, for `entry`'s condition.
    private func matchesStart(_ entry: Entry, _ root: UnsafeBufferPointer<UInt8>) -> Bool {
        var start = 0
        for index in Int(entry.conditionStart)..<(Int(entry.conditionStart) + Int(entry.conditionCount)) {
            guard start < root.count else { return true }
            var end = start + 1
            while end < root.count, root[end] & 0xC0 == 0x80 { end += 1 }
            guard matches(conditions[index], Self.scalar(root, start, end)) else { return false }
            start = end
        }
        return true
    }

    @inline(__always)
    private func matches(_ element: ConditionElement, _ scalar: UInt32) -> Bool {
        switch element.kind {
        case Self.anyScalar: return true
        case Self.oneScalar: return scalar == element.scalar
        default:
            var found = false
            for index in Int(element.membersStart)..<(Int(element.membersStart) + Int(element.membersCount)) where members[index] == scalar {
                found = true
                break
            }
            return found != (element.kind == Self.notMemberOf)
        }
    }

    /// The scalar encoded in `bytes[start..<end]` (U+FFFD when malformed), as `AffixCondition.scalar` reads it.
    @inline(__always)
    private static func scalar(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> UInt32 {
        let lead = UInt32(bytes[start])
        if lead < 0x80 { return lead }
        var value: UInt32
        switch end - start {
        case 2: value = lead & 0x1F
        case 3: value = lead & 0x0F
        case 4: value = lead & 0x07
        default: return 0xFFFD
        }
        for index in (start + 1)..<end { value = value << 6 | UInt32(bytes[index] & 0x3F) }
        return Unicode.Scalar(value) == nil ? 0xFFFD : value
    }

    // MARK: Groups

    private struct GroupKey: Hashable {
        var start: Int32
        var count: Int32
        var flag: UInt16
    }

    private static let hashBasis: UInt64 = 0xCBF2_9CE4_8422_2325

    @inline(__always)
    private static func mix(_ hash: UInt64, _ byte: UInt8) -> UInt64 { (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }

    @inline(__always)
    private static func slot(_ hash: UInt64, flag: UInt16, mask: Int) -> Int {
        Int(truncatingIfNeeded: ((hash ^ UInt64(flag) << 40) &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }

    /// The group of `table` for the `count` bytes at `bytes` (their hash `hash`, in the table's direction) and `flag`.
    @inline(__always)
    private static func group(in table: GroupTable, hash: UInt64, flag: UInt16, bytes: UnsafePointer<UInt8>, count: Int,
                              text: UnsafeMutableBufferPointer<UInt8>) -> GroupTable.Group? {
        groupNumber(in: table, hash: hash, flag: flag, bytes: bytes, count: count, text: text).map { table.groups[$0] }
    }

    /// The number of `group(in:hash:flag:bytes:count:text:)`'s group.
    @inline(__always)
    private static func groupNumber(in table: GroupTable, hash: UInt64, flag: UInt16, bytes: UnsafePointer<UInt8>, count: Int,
                                    text: UnsafeMutableBufferPointer<UInt8>) -> Int? {
        let mask = table.slots.count - 1
        var position = slot(hash, flag: flag, mask: mask)
        while true {
            let number = table.slots[position]
            if number < 0 { return nil }
            let group = table.groups[Int(number)]
            if group.hash == hash, group.flag == flag, Int(group.appendCount) == count,
               ByteComparison.equal(bytes, UnsafePointer(text.baseAddress! + Int(group.appendStart)), count) {
                return Int(number)
            }
            position = (position + 1) & mask
        }
    }

    /// Groups the entries of `keys` by their text (and flag), hashed from its end (`fromEnd`) or its start.
    private static func groupTable(_ keys: [(key: GroupKey, entry: Int32)], text: [UInt8], fromEnd: Bool) -> GroupTable {
        func textOf(_ key: GroupKey) -> ArraySlice<UInt8> { text[Int(key.start)..<Int(key.start + key.count)] }
        var numbers: [[UInt8]: [UInt16: Int]] = [:]
        var groupList: [(key: GroupKey, entries: [Int32])] = []
        for (key, entry) in keys {
            let bytes = Array(textOf(key))
            if let number = numbers[bytes]?[key.flag] {
                groupList[number].entries.append(entry)
            } else {
                numbers[bytes, default: [:]][key.flag] = groupList.count
                groupList.append((key, [entry]))
            }
        }
        var capacity = 8
        while capacity < 2 * groupList.count { capacity *= 2 }
        let slots = UnsafeMutableBufferPointer<Int32>.allocate(capacity: capacity)
        slots.initialize(repeating: -1)
        let groups = UnsafeMutableBufferPointer<GroupTable.Group>.allocate(capacity: max(groupList.count, 1))
        let members = UnsafeMutableBufferPointer<Int32>.allocate(capacity: max(keys.count, 1))
        var lengths: [UInt64] = [0, 0, 0, 0]
        var longest = 0
        var memberCount = 0
        for (number, item) in groupList.enumerated() {
            let bytes = textOf(item.key)
            var hash = hashBasis
            for byte in fromEnd ? Array(bytes.reversed()) : Array(bytes) { hash = mix(hash, byte) }
            let group = GroupTable.Group(hash: hash, flag: item.key.flag, appendCount: item.key.count, appendStart: item.key.start,
                                         first: Int32(memberCount), count: Int32(item.entries.count))
            (groups.baseAddress! + number).initialize(to: group)
            for entry in item.entries {
                (members.baseAddress! + memberCount).initialize(to: entry)
                memberCount += 1
            }
            var position = slot(hash, flag: item.key.flag, mask: capacity - 1)
            while slots[position] >= 0 { position = (position + 1) & (capacity - 1) }
            slots[position] = Int32(number)
            let length = Int(item.key.count)
            lengths[length >> 6] |= 1 << UInt64(length & 63)
            longest = max(longest, length)
        }
        return GroupTable(slots: slots, groups: groups, groupCount: groupList.count, members: members,
                          lengths: (lengths[0], lengths[1], lengths[2], lengths[3]), longest: longest)
    }

    private static func copy<Element>(_ values: [Element]) -> UnsafeMutableBufferPointer<Element> {
        let buffer = UnsafeMutableBufferPointer<Element>.allocate(capacity: max(values.count, 1))
        _ = buffer.initialize(from: values)
        return buffer
    }
}
