import Foundation

extension StemTable {
    /// The stems of a dictionary as they are read, in flat buffers, until `build` makes the table.
    ///
    /// A homonym is its key's bytes and its flags, appended to shared
    /// buffers: no array or dictionary entry per stem. A dictionary keyed by
    /// each stem's bytes, with an array of homonyms holding an array of flags,
    /// was three heap blocks a stem (9 MB for English, alive beside Hunspell
    /// while the forms were verified: the compile's peak). Equal keys are found
    /// by sorting, so the table's bytes do not depend on a hash seed.
    struct Builder {
        private struct Homonym {
            var keyStart: UInt32
            var keyCount: UInt8
            var hidden: Bool
            var flagStart: UInt32
            var flagCount: UInt32
        }

        private var keyBytes: [UInt8] = []
        private var flagValues: [UInt16] = []
        private var homonyms: [Homonym] = []
        /// A buffer passed 4 GiB: the table cannot be built.
        private var overflowed = false

        /// Adds a homonym of `key` (at most `AcceptTable.maximumKeyLength` bytes) with its sorted flags.
        mutating func add(key: some Collection<UInt8>, hidden: Bool, flags: some Collection<UInt16>) {
            guard keyBytes.count + key.count < 1 << 32, flagValues.count + flags.count < 1 << 32,
                  key.count <= Int(UInt8.max) else {
                overflowed = true
                return
            }
            homonyms.append(Homonym(keyStart: UInt32(keyBytes.count), keyCount: UInt8(key.count), hidden: hidden,
                                    flagStart: UInt32(flagValues.count), flagCount: UInt32(flags.count)))
            keyBytes.append(contentsOf: key)
            flagValues.append(contentsOf: flags)
        }

        /// The table of every key added, each with its homonyms in the order added (more than 255 merged into one
        /// holding every flag, never fewer derivations); nil when a key or a homonym list does not fit the layout.
        func build() -> StemTable? {
            guard !overflowed else { return nil }
            let order = keyBytes.withUnsafeBufferPointer { keys in
                homonyms.indices.sorted { a, b in
                    let order = Self.compare(keys, homonyms[a], homonyms[b])
                    return order != 0 ? order < 0 : a < b
                }
            }
            var bytes: [UInt8] = []
            var slotValues: [(hash: UInt64, slot: UInt64)] = []
            var groupStart = 0
            var failed = false
            keyBytes.withUnsafeBufferPointer { keys in
                while groupStart < order.count, !failed {
                    let first = homonyms[order[groupStart]]
                    var groupEnd = groupStart + 1
                    while groupEnd < order.count, Self.compare(keys, first, homonyms[order[groupEnd]]) == 0 { groupEnd += 1 }
                    let key = UnsafeBufferPointer(rebasing: keys[Int(first.keyStart)..<(Int(first.keyStart) + Int(first.keyCount))])
                    guard !key.isEmpty else { failed = true; return }
                    let hash = AcceptTable.hash(key)
                    slotValues.append((hash, (hash >> 43) << 43 | UInt64(key.count) << 32 | UInt64(bytes.count)))
                    bytes.append(contentsOf: key)
                    let group = order[groupStart..<groupEnd]
                    if group.count > 255 {
                        var all = Set<UInt16>()
                        for index in group { all.formUnion(flags(of: homonyms[index])) }
                        guard all.count <= 0xFFFF else { failed = true; return }
                        bytes.append(1)
                        Self.append(hidden: false, flags: all.sorted(), to: &bytes)
                    } else {
                        bytes.append(UInt8(group.count))
                        for index in group {
                            guard homonyms[index].flagCount <= 0xFFFF else { failed = true; return }
                            Self.append(hidden: homonyms[index].hidden, flags: flags(of: homonyms[index]), to: &bytes)
                        }
                    }
                    if bytes.count >= 1 << 32 { failed = true }
                    groupStart = groupEnd
                }
            }
            guard !failed else { return nil }
            return StemTable(tables: Tables(slots: .openAddressed(slotValues), bytes: Table(bytes)))
        }

        private func flags(of homonym: Homonym) -> ArraySlice<UInt16> {
            flagValues[Int(homonym.flagStart)..<(Int(homonym.flagStart) + Int(homonym.flagCount))]
        }

        private static func append(hidden: Bool, flags: some Collection<UInt16>, to bytes: inout [UInt8]) {
            bytes.append(hidden ? 1 : 0)
            bytes.append(UInt8(flags.count & 0xFF))
            bytes.append(UInt8(flags.count >> 8))
            for flag in flags {
                bytes.append(UInt8(flag & 0xFF))
                bytes.append(UInt8(flag >> 8))
            }
        }

        /// The order of two homonyms' keys by their bytes.
        private static func compare(_ keys: UnsafeBufferPointer<UInt8>, _ a: Homonym, _ b: Homonym) -> Int32 {
            let common = min(Int(a.keyCount), Int(b.keyCount))
            if common > 0, let base = keys.baseAddress {
                let order = memcmp(base + Int(a.keyStart), base + Int(b.keyStart), common)
                if order != 0 { return order }
            }
            return a.keyCount == b.keyCount ? 0 : (a.keyCount < b.keyCount ? -1 : 1)
        }
    }
}
