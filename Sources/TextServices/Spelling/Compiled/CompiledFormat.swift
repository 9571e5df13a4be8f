/// The on-disk layout of a compiled dictionary: header, section table, aligned sections.
///
/// All numbers are little-endian; positions are byte offsets from the start
/// of the file, so the file means the same wherever it is mapped.
///
/// ```
/// 0   magic "TSVDICT\u{1A}"          8 bytes
/// 8   format version                 UInt32
/// 12  section count                  UInt32
/// 16  file size                      UInt64
/// 24  content key                    2 x UInt64 (high, low)
/// 40  header checksum                UInt64: bytes 0..<40 and the section table
/// 48  reserved                       16 bytes of zero
/// 64  section table                  count x 32 bytes:
///       id UInt32, element width UInt32, offset UInt64, length UInt64 (bytes), checksum UInt64
///     sections, each at a multiple of 64 bytes
/// ```
///
/// The content key is the hash of the .aff, .dic and frequency bytes with the
/// format version, the libhunspell build and ICU's case mapping
/// (`DictionaryCompiler.contentKey`). Each section's checksum is
/// `ContentHash(section bytes).low`.
enum CompiledFormat {
    static let magic: [UInt8] = Array("TSVDICT\u{1A}".utf8)
    /// Bumped whenever the layout or the meaning of a section changes.
    ///
    /// 8: the same layout, with every expanded form (no 2-million-form cap), so capped version-7 files are recompiled.
    /// 9: the same layout; an .aff with CR LF line ends is read line by line (version-8 files of Catalan, Kazakh and
    /// Serbian held capitalised spellings their FORBIDDENWORD forbids), and elided forms are left to Hunspell.
    /// 10: the reject index keeps BREAK patterns with their anchors and breaks words where Hunspell does, and takes
    /// dictionaries with Greek stems (French): version-9 files of French proved no word wrong.
    /// 11: the reject index's rules hold each affix's cross product and exactness (`RejectIndex.acceptsElided`):
    /// version-10 files sent every Italian elided word on a suffixed form to Hunspell.
    /// 12: forms a FULLSTRIP affix gives by replacing a whole stem (French `sont`, `vais` of `être`, `aller`) are
    /// compiled, and the reject index's rules say whether KEEPCASE limits the elided spellings proven correct and
    /// whether no stem is forbidden: version-11 files sent those forms and every French elided word to Hunspell.
    /// 13: the reject index's rules keep the ASCII letters the dictionary writes (`RejectIndex.rejectsByLetters`) and
    /// name the KEEPCASE and NEEDAFFIX flags (`RejectIndex.Rules.keepCaseFlag`): version-12 files proved no word wrong by
    /// its letters, and fewer French words.
    /// 14: the reject index's rules hold COMPOUNDMIN, the compound flags and CHECKSHARPS (rules version 7), and a
    /// compounding dictionary's parts are a section pair of their own (`CompoundPartTable`): version-13 files of
    /// German proved no word wrong.
    /// 15: the reject index's rules name the ONLYINCOMPOUND flag (rules version 8), and a compounding dictionary holds
    /// the filter of every spelling its derivation search may find (`DerivationFilter`): version-14 files of German
    /// searched every misspelling's case spellings and sent those derived only through ONLYINCOMPOUND roots to Hunspell.
    static let version: UInt32 = 15
    static let headerSize = 64
    static let sectionEntrySize = 32
    static let alignment = 64
    /// At most this many sections: a header claiming more is corrupt.
    static let maximumSections = 64

    /// What each section holds.
    enum Section: UInt32, CaseIterable, Sendable {
        case metadata = 1
        case storeBytes = 10, storeOffsets, storeZipf, storeFlags, variantEntries, variantBytes, variantOffsets, variantSuggestible,
             storeKeySlots
        case groupStarts = 20, bucketOffsets, bucketGroups
        case phoneticHashes = 30, phoneticEntries
        case acceptSlots = 40, acceptBytes
        case rejectRules = 50, stemSlots, stemBytes, compoundPartSlots, compoundPartBytes, derivationFilter

        /// Bytes per element; offsets and lengths must be multiples of it.
        var elementWidth: Int {
            switch self {
            case .metadata, .storeBytes, .storeZipf, .storeFlags, .variantBytes, .variantSuggestible, .acceptBytes,
                 .rejectRules, .stemBytes, .compoundPartBytes: 1
            case .acceptSlots, .stemSlots, .compoundPartSlots, .derivationFilter: 8
            default: 4
            }
        }
    }

    /// One row of the section table.
    struct SectionEntry: Sendable {
        var section: Section
        var offset: FileOffset
        var length: Int
        var checksum: UInt64
    }

    /// The parsed header of a file whose structure has been checked (not yet its sections' checksums).
    struct Layout: Sendable {
        var contentKey: ContentHash
        var sections: [Section: SectionEntry]
    }

    /// Why a compiled file cannot be used.
    enum Failure: Error, Equatable, CustomStringConvertible, Sendable {
        case truncated(size: Int)
        case foreign
        case version(UInt32)
        case sizeMismatch(header: Int, actual: Int)
        case headerChecksum
        case sectionBounds(UInt32)
        case missingSection(UInt32)
        case sectionChecksum(UInt32)
        case badMetadata(String)
        case stale

        var description: String {
            switch self {
            case .truncated(let size): "truncated (\(size) bytes)"
            case .foreign: "not a compiled dictionary (bad magic)"
            case .version(let found): "format version \(found), expected \(CompiledFormat.version)"
            case .sizeMismatch(let header, let actual): "size \(actual) bytes, header says \(header)"
            case .headerChecksum: "header checksum mismatch"
            case .sectionBounds(let id): "section \(id) out of bounds or misaligned"
            case .missingSection(let id): "section \(id) missing"
            case .sectionChecksum(let id): "section \(id) checksum mismatch"
            case .badMetadata(let reason): "bad metadata: \(reason)"
            case .stale: "compiled from other dictionary files"
            }
        }
    }

    /// Checks the header and section table of a file's bytes; never reads outside them.
    static func parse(_ bytes: UnsafeRawBufferPointer) throws(Failure) -> Layout {
        #if _endian(big)
        throw .foreign
        #else
        guard bytes.count >= headerSize else { throw .truncated(size: bytes.count) }
        guard bytes.prefix(magic.count).elementsEqual(magic) else { throw .foreign }
        let version = bytes.loadUnaligned(fromByteOffset: 8, as: UInt32.self)
        guard version == Self.version else { throw .version(version) }
        let sectionCount = Int(bytes.loadUnaligned(fromByteOffset: 12, as: UInt32.self))
        let declaredSize = bytes.loadUnaligned(fromByteOffset: 16, as: UInt64.self)
        guard declaredSize == UInt64(bytes.count) else {
            throw .sizeMismatch(header: Int(truncatingIfNeeded: declaredSize), actual: bytes.count)
        }
        guard sectionCount <= maximumSections, headerSize + sectionCount * sectionEntrySize <= bytes.count else {
            throw .truncated(size: bytes.count)
        }
        let tableEnd = headerSize + sectionCount * sectionEntrySize
        let stored = bytes.loadUnaligned(fromByteOffset: 40, as: UInt64.self)
        guard headerChecksum(bytes, tableEnd: tableEnd) == stored else { throw .headerChecksum }
        let key = ContentHash(high: bytes.loadUnaligned(fromByteOffset: 24, as: UInt64.self),
                              low: bytes.loadUnaligned(fromByteOffset: 32, as: UInt64.self))
        var sections: [Section: SectionEntry] = [:]
        for index in 0..<sectionCount {
            let row = headerSize + index * sectionEntrySize
            let id = bytes.loadUnaligned(fromByteOffset: row, as: UInt32.self)
            let width = bytes.loadUnaligned(fromByteOffset: row + 4, as: UInt32.self)
            let offset = bytes.loadUnaligned(fromByteOffset: row + 8, as: UInt64.self)
            let length = bytes.loadUnaligned(fromByteOffset: row + 16, as: UInt64.self)
            let checksum = bytes.loadUnaligned(fromByteOffset: row + 24, as: UInt64.self)
            guard let section = Section(rawValue: id) else { continue }
            guard Int(width) == section.elementWidth, offset >= UInt64(tableEnd), offset <= UInt64(bytes.count),
                  length <= UInt64(bytes.count) - offset, offset % UInt64(alignment) == 0, length % UInt64(width) == 0
            else { throw .sectionBounds(id) }
            sections[section] = SectionEntry(section: section, offset: FileOffset(Int(offset)), length: Int(length), checksum: checksum)
        }
        for section in Section.allCases where sections[section] == nil { throw .missingSection(section.rawValue) }
        return Layout(contentKey: key, sections: sections)
        #endif
    }

    /// The checksum over bytes 0..<40 and the section table.
    static func headerChecksum(_ bytes: UnsafeRawBufferPointer, tableEnd: Int) -> UInt64 {
        var copy = Array(bytes[0..<tableEnd])
        for index in 40..<64 { copy[index] = 0 }
        return ContentHash(copy, seed: 0x7E5D).low
    }

    /// A section's bytes where they already are (a table's buffer or an encoded array), read without a copy.
    struct SectionSource {
        var section: Section
        /// The section's length in bytes.
        var count: Int
        /// Calls its argument with the section's little-endian bytes.
        var withBytes: ((UnsafeRawBufferPointer) throws -> Void) throws -> Void

        init<T: FixedWidthInteger>(_ section: Section, _ table: Table<T>) {
            self.section = section
            count = table.byteCount
            withBytes = { body in
                #if _endian(little)
                try body(UnsafeRawBufferPointer(table.buffer))
                #else
                try CompiledFormat.bytes(table).withUnsafeBytes(body)
                #endif
            }
        }

        init(_ section: Section, _ bytes: [UInt8]) {
            self.section = section
            count = bytes.count
            withBytes = { body in try bytes.withUnsafeBytes(body) }
        }
    }

    /// Writes a compiled file one section at a time, each as soon as it is built, and the header last.
    ///
    /// A compiler hands each table over once it is final and may free it
    /// before building the next, so its peak memory holds the tables still
    /// being built, not every table of the file. Sections lie in the file in
    /// the order they are added; the section table lists them in the order
    /// given at the start, and readers find them through it. Each section is
    /// read twice (its checksum, then its bytes) and never copied.
    struct SectionWriter {
        private let order: [Section]
        private let write: (UnsafeRawBufferPointer, Int) throws -> Void
        private var rows: [Section: (offset: Int, length: Int, checksum: UInt64)] = [:]
        private var position: Int
        private let headerEnd: Int

        /// A writer of the sections `order` (each must be added once) through `write`, which puts bytes at a file offset.
        init(order: [Section], write: @escaping (UnsafeRawBufferPointer, Int) throws -> Void) {
            self.order = order
            self.write = write
            headerEnd = CompiledFormat.aligned(headerSize + order.count * sectionEntrySize)
            position = headerEnd
        }

        /// Writes a section after the ones already written; throws what `write` throws.
        mutating func add(_ source: SectionSource) throws {
            precondition(order.contains(source.section) && rows[source.section] == nil, "section \(source.section) not expected")
            var checksum: UInt64 = 0
            let offset = position
            try source.withBytes { bytes in
                checksum = ContentHash(bytes).low
                if !bytes.isEmpty { try write(bytes, offset) }
            }
            rows[source.section] = (offset, source.count, checksum)
            position = CompiledFormat.aligned(offset + source.count)
        }

        /// Writes the padding after the last section and the header; returns the file's size.
        func finish(contentKey: ContentHash) throws -> Int {
            precondition(rows.count == order.count, "sections missing")
            let size = position
            var header = [UInt8](repeating: 0, count: headerEnd)
            func put<T: FixedWidthInteger>(_ value: T, at offset: Int) {
                withUnsafeBytes(of: value.littleEndian) { raw in
                    for (index, byte) in raw.enumerated() { header[offset + index] = byte }
                }
            }
            for (index, byte) in magic.enumerated() { header[index] = byte }
            put(version, at: 8)
            put(UInt32(order.count), at: 12)
            put(UInt64(size), at: 16)
            put(contentKey.high, at: 24)
            put(contentKey.low, at: 32)
            for (index, section) in order.enumerated() {
                let row = rows[section]!
                let base = headerSize + index * sectionEntrySize
                put(section.rawValue, at: base)
                put(UInt32(section.elementWidth), at: base + 4)
                put(UInt64(row.offset), at: base + 8)
                put(UInt64(row.length), at: base + 16)
                put(row.checksum, at: base + 24)
            }
            let tableEnd = headerSize + order.count * sectionEntrySize
            let checksum = header.withUnsafeBytes { headerChecksum($0, tableEnd: tableEnd) }
            put(checksum, at: 40)
            // The file ends at a multiple of the alignment: the last section's padding is written out.
            let lastEnd = rows.values.map { $0.offset + $0.length }.max() ?? headerEnd
            if size > lastEnd {
                try [UInt8](repeating: 0, count: size - lastEnd).withUnsafeBytes { try write($0, lastEnd) }
            }
            try header.withUnsafeBytes { try write($0, 0) }
            return size
        }
    }

    /// The next multiple of `alignment` from `offset`.
    static func aligned(_ offset: Int) -> Int { (offset + alignment - 1) / alignment * alignment }

    /// The little-endian bytes of a table.
    static func bytes<T: FixedWidthInteger>(_ table: Table<T>) -> [UInt8] {
        #if _endian(little)
        return Array(UnsafeRawBufferPointer(table.buffer))
        #else
        var result = [UInt8]()
        result.reserveCapacity(table.byteCount)
        for value in table.buffer {
            withUnsafeBytes(of: value.littleEndian) { result.append(contentsOf: $0) }
        }
        return result
        #endif
    }
}
