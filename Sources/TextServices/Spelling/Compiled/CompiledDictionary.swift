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
            : RejectIndex(rules: rules, stems: StemTable(tables: StemTable.Tables(slots: table(.stemSlots), bytes: table(.stemBytes))))
        contentKey = layout.contentKey
        path = file.path
        byteCount = file.count
        self.file = file
    }

    /// How many forms the affix rules generated when compiling.
    public var expandedForms: Int { metadata.expandedForms }
    /// How many of them Hunspell accepted in some case (the table's keys).
    public var acceptedForms: Int { metadata.acceptedForms }

    /// Writes a compiled dictionary holding these parts to `path` atomically; returns the file's size in bytes.
    ///
    /// The tables are streamed to the file, not gathered into one image
    /// first: the compiler's peak memory holds them once. Throws
    /// `SystemFailure` when the file cannot be written (nothing is left at
    /// `path` then but what was there before).
    static func write(to path: String, mode: FilePermissions, contentKey: ContentHash, metadata: CompiledMetadata,
                      store: WordStore, index: DeletionIndex, phonetic: PhoneticIndex?, accepted: AcceptTable,
                      rejects: RejectIndex) throws -> Int {
        let storeTables = store.tables
        let noPhonetic = Table<UInt32>([])
        let sections: [CompiledFormat.SectionSource] = [
            .init(.metadata, metadata.encoded()),
            .init(.storeBytes, storeTables.bytes),
            .init(.storeOffsets, storeTables.offsets),
            .init(.storeZipf, storeTables.scaledZipf),
            .init(.storeFlags, storeTables.flags),
            .init(.variantEntries, storeTables.variantEntries),
            .init(.variantBytes, storeTables.variantBytes),
            .init(.variantOffsets, storeTables.variantOffsets),
            .init(.variantSuggestible, storeTables.variantSuggestible),
            .init(.storeKeySlots, storeTables.keySlots),
            .init(.groupStarts, index.groupStarts),
            .init(.bucketOffsets, index.bucketOffsets),
            .init(.bucketGroups, index.bucketGroups),
            .init(.phoneticHashes, phonetic?.hashes ?? noPhonetic),
            .init(.phoneticEntries, phonetic?.entries ?? noPhonetic),
            .init(.acceptSlots, accepted.tables.slots),
            .init(.acceptBytes, accepted.tables.bytes),
            .init(.rejectRules, rejects.encodedRules()),
            .init(.stemSlots, rejects.stems.tables.slots),
            .init(.stemBytes, rejects.stems.tables.bytes),
        ]
        var size = 0
        try FileSystem.writeAtomically(to: path, mode: mode) { sink in
            size = try CompiledFormat.write(contentKey: contentKey, sections: sections, to: sink)
        }
        return size
    }
}
