import SystemPackage

/// A dictionary's compiled form, mapped read-only: accepted word forms, frequencies and guess indexes.
///
/// Opening checks the header, the section table and every section's
/// checksum. The checksums are computed over bytes read with `pread`, not
/// through the mapping: a pass through the mapping would map every page into
/// this process and count the whole file in its resident and proportional
/// set size (then `madvise(MADV_DONTNEED)` could give them back, but the
/// kernel would have mapped whole 2 MB folios and left the page cache in
/// them). Reading and hashing cost about 1.6 ms per MB here (544 MB of six
/// languages in 0.87 s), 200 ms of every fresh process's start with ru_RU, so
/// `DictionaryCompiler` verifies the sections once per version of the file
/// (its device, inode, size, mtime and ctime, which any write changes) and
/// skips them while that identity holds; the header, the section table and
/// their checksum are checked on every open. Only the pages lookups touch
/// count, shared with every other process that maps the file. Verifying each
/// section on first use would defer the cost but read unverified bytes in the
/// meantime. All reads are bounds-checked anyway (`Table`): even an
/// unverified corrupt file cannot crash the process, only give wrong answers,
/// which the checksums rule out. Immutable and thread-safe.
public final class CompiledDictionary: Sendable {
    public let path: String
    /// The file's size in bytes.
    public let byteCount: Int
    let file: MappedFile
    let contentKey: ContentHash
    let metadata: CompiledMetadata
    let store: WordStore
    let deletionIndex: DeletionIndex
    let phonetic: PhoneticIndex?
    let accepted: AcceptTable
    /// Proves words wrong without Hunspell, for dictionaries it covers (`RejectIndex`).
    let rejects: RejectIndex

    /// Maps and checks the file at `path`; throws `CompiledFormat.Failure` when it is unusable (`.truncated(size: 0)` when it cannot be opened).
    static func open(path: String) throws(CompiledFormat.Failure) -> CompiledDictionary {
        guard let file = MappedFile(path: path) else { throw .truncated(size: 0) }
        return try CompiledDictionary(file: file)
    }

    /// Reads the metadata and layout of a mapped file, verifying everything unless `verifySections` is false.
    ///
    /// Without section verification (for fuzzing the readers) only the
    /// header and section table are checked; reads stay in bounds regardless.
    init(file: MappedFile, verifySections: Bool = true) throws(CompiledFormat.Failure) {
        let bytes = file.bytes
        let layout = try CompiledFormat.parse(bytes)
        if verifySections {
            for entry in layout.sections.values {
                guard file.hash(entry.offset.rawValue..<(entry.offset.rawValue + entry.length))?.low == entry.checksum else {
                    throw .sectionChecksum(entry.section.rawValue)
                }
            }
        }
        let metadataEntry = layout.sections[.metadata]!
        metadata = try CompiledMetadata(decoding: UnsafeRawBufferPointer(
            rebasing: bytes[metadataEntry.offset.rawValue..<(metadataEntry.offset.rawValue + metadataEntry.length)]))
        func table<T: FixedWidthInteger>(_ section: CompiledFormat.Section, _: T.Type = T.self) -> Table<T> {
            let entry = layout.sections[section]!
            return Table(mapped: file, at: entry.offset, count: entry.length / MemoryLayout<T>.stride)
        }
        let store = WordStore(tables: WordStore.Tables(
            bytes: table(.storeBytes), offsets: table(.storeOffsets), scaledZipf: table(.storeZipf), flags: table(.storeFlags),
            variantEntries: table(.variantEntries), variantBytes: table(.variantBytes), variantOffsets: table(.variantOffsets),
            variantSuggestible: table(.variantSuggestible), keySlots: table(.storeKeySlots)), hasFrequencies: metadata.hasFrequencies)
        self.store = store
        deletionIndex = DeletionIndex(groupStarts: table(.groupStarts), bucketOffsets: table(.bucketOffsets),
                                      bucketGroups: table(.bucketGroups), bucketMask: metadata.bucketMask,
                                      prefixLength: metadata.prefixLength, maxDistance: metadata.maxDistance,
                                      entryCount: store.count)
        phonetic = metadata.hasPhonetic ? PhoneticIndex(hashes: table(.phoneticHashes), entries: table(.phoneticEntries)) : nil
        accepted = AcceptTable(tables: AcceptTable.Tables(slots: table(.acceptSlots), bytes: table(.acceptBytes)))
        let rules = RejectIndex.decodeRules(table(.rejectRules))
        rejects = rules == nil ? .unusable
            : RejectIndex(rules: rules, stems: StemTable(tables: StemTable.Tables(slots: table(.stemSlots), bytes: table(.stemBytes))),
                          parts: CompoundPartTable(parts: AcceptTable(tables: .init(slots: table(.compoundPartSlots),
                                                                                    bytes: table(.compoundPartBytes)))),
                          derivations: DerivationFilter(words: table(.derivationFilter)))
        contentKey = layout.contentKey
        path = file.path
        byteCount = file.count
        self.file = file
    }

    /// How many forms the affix rules generated when compiling.
    public var expandedForms: Int { metadata.expandedForms }
    /// How many of them Hunspell accepted in some case (the table's keys).
    public var acceptedForms: Int { metadata.acceptedForms }

    /// The sections of a compiled file, in the order its section table lists them.
    static let sectionOrder: [CompiledFormat.Section] = [
        .metadata, .storeBytes, .storeOffsets, .storeZipf, .storeFlags, .variantEntries, .variantBytes, .variantOffsets,
        .variantSuggestible, .storeKeySlots, .groupStarts, .bucketOffsets, .bucketGroups, .phoneticHashes,
        .phoneticEntries, .acceptSlots, .acceptBytes, .rejectRules, .stemSlots, .stemBytes, .compoundPartSlots, .compoundPartBytes,
        .derivationFilter,
    ]

    /// The sections that hold a store.
    static func sections(of store: WordStore) -> [CompiledFormat.SectionSource] {
        let tables = store.tables
        return [.init(.storeBytes, tables.bytes), .init(.storeOffsets, tables.offsets), .init(.storeZipf, tables.scaledZipf),
                .init(.storeFlags, tables.flags), .init(.variantEntries, tables.variantEntries),
                .init(.variantBytes, tables.variantBytes), .init(.variantOffsets, tables.variantOffsets),
                .init(.variantSuggestible, tables.variantSuggestible), .init(.storeKeySlots, tables.keySlots)]
    }

    /// The sections that hold a deletion index.
    static func sections(of index: DeletionIndex) -> [CompiledFormat.SectionSource] {
        [.init(.groupStarts, index.groupStarts), .init(.bucketOffsets, index.bucketOffsets), .init(.bucketGroups, index.bucketGroups)]
    }

    /// The sections that hold a phonetic index (empty ones without).
    static func sections(of phonetic: PhoneticIndex?) -> [CompiledFormat.SectionSource] {
        let none = Table<UInt32>([])
        return [.init(.phoneticHashes, phonetic?.hashes ?? none), .init(.phoneticEntries, phonetic?.entries ?? none)]
    }

    /// The sections that hold an accept table.
    static func sections(of accepted: AcceptTable) -> [CompiledFormat.SectionSource] {
        [.init(.acceptSlots, accepted.tables.slots), .init(.acceptBytes, accepted.tables.bytes)]
    }

    /// The sections that hold a reject index.
    static func sections(of rejects: RejectIndex) -> [CompiledFormat.SectionSource] {
        [.init(.rejectRules, rejects.encodedRules()), .init(.stemSlots, rejects.stems.tables.slots),
         .init(.stemBytes, rejects.stems.tables.bytes), .init(.compoundPartSlots, rejects.parts.parts.tables.slots),
         .init(.compoundPartBytes, rejects.parts.parts.tables.bytes), .init(.derivationFilter, rejects.derivations.words)]
    }
}
