/// A read-only array of fixed-width numbers, in memory this process owns or in a mapped compiled dictionary.
///
/// Reads never trap: an index outside the table reads as 0, and ranges made
/// from stored numbers are clamped to the table, so a corrupt file can give
/// wrong answers but cannot crash the process. Thread-safe (immutable).
struct Table<Element: FixedWidthInteger>: @unchecked Sendable {
    let buffer: UnsafeBufferPointer<Element>
    /// Keeps the memory alive: the owned copy or the mapping (a `MappedFile`, then read from at `offset`).
    private let owner: AnyObject?
    private let offset: FileOffset

    /// A table holding a copy of `values`.
    init(_ values: [Element]) {
        let storage = TableStorage<Element>(values)
        buffer = UnsafeBufferPointer(storage.memory)
        owner = storage
        offset = FileOffset(0)
    }

    /// A table of `count` elements, zero until `fill` writes them in the table's own memory (no array, no copy).
    ///
    /// For tables whose size is known before they are filled: a compiler
    /// building a table of hundreds of MB holds it once, not as an array and its copy.
    init(zeroed count: Int, _ fill: (UnsafeMutableBufferPointer<Element>) -> Void) {
        let storage = TableStorage<Element>(zeroed: count)
        fill(storage.memory)
        buffer = UnsafeBufferPointer(storage.memory)
        owner = storage
        offset = FileOffset(0)
    }

    /// A table over `count` elements of a mapped file at a byte offset aligned for `Element`.
    init(mapped file: MappedFile, at offset: FileOffset, count: Int) {
        owner = file
        self.offset = offset
        guard count > 0, let base = file.base else {
            buffer = UnsafeBufferPointer(start: nil, count: 0)
            return
        }
        buffer = UnsafeBufferPointer(start: (base + offset.rawValue).assumingMemoryBound(to: Element.self), count: count)
    }

    var count: Int { buffer.count }
    var isEmpty: Bool { buffer.isEmpty }

    @inline(__always)
    subscript(index: Int) -> Element {
        UInt(bitPattern: index) < UInt(buffer.count) ? buffer[index] : 0
    }

    /// The element at `index` (0 outside the table), read from a mapped table's file with `pread`, not through the mapping.
    ///
    /// For a one-off look-up whose pages this process has no other use for
    /// (`MappedFile.read`): it maps none of them. 0 also when the read fails.
    func unmappedElement(_ index: Int) -> Element {
        guard UInt(bitPattern: index) < UInt(buffer.count) else { return 0 }
        guard let file = owner as? MappedFile else { return buffer[index] }
        var value: Element = 0
        let stride = MemoryLayout<Element>.stride
        guard withUnsafeMutableBytes(of: &value, { file.read($0.baseAddress!, count: stride, at: offset.rawValue + index * stride) })
        else { return 0 }
        return value
    }

    /// Hints that the element at `index` is read soon (`Prefetch.read`); nothing for an index outside the table.
    @inline(__always)
    func prefetch(_ index: Int) {
        guard UInt(bitPattern: index) < UInt(buffer.count), let base = buffer.baseAddress else { return }
        Prefetch.read(UnsafeRawPointer(base + index))
    }

    /// `start..<end` from two stored numbers, clamped to `0...limit` and never reversed.
    @inline(__always)
    static func clampedRange(_ start: Element, _ end: Element, limit: Int) -> Range<Int> {
        let lower = min(Int(truncatingIfNeeded: start) < 0 ? 0 : Int(truncatingIfNeeded: start), limit)
        let upper = min(max(Int(truncatingIfNeeded: end), lower), limit)
        return lower..<upper
    }

    /// The elements in `range`, clamped to the table.
    func slice(_ range: Range<Int>) -> UnsafeBufferPointer<Element> {
        let lower = min(max(range.lowerBound, 0), buffer.count)
        let upper = min(max(range.upperBound, lower), buffer.count)
        return UnsafeBufferPointer(rebasing: buffer[lower..<upper])
    }

    /// Whether the elements in `range` are exactly `other`, read as `unmappedElement` reads (false when the range
    /// leaves the table or the read fails).
    func unmappedSliceEquals(_ range: Range<Int>, _ other: UnsafeBufferPointer<Element>) -> Bool {
        guard range.count == other.count, range.lowerBound >= 0, range.upperBound <= buffer.count else { return false }
        guard let file = owner as? MappedFile else { return slice(range).elementsEqual(other) }
        let stride = MemoryLayout<Element>.stride
        return withUnsafeTemporaryAllocation(of: Element.self, capacity: max(other.count, 1)) { copy in
            guard file.read(copy.baseAddress!, count: other.count * stride, at: offset.rawValue + range.lowerBound * stride)
            else { return false }
            return UnsafeBufferPointer(rebasing: copy[0..<other.count]).elementsEqual(other)
        }
    }

    /// Bytes of memory the table spans.
    var byteCount: Int { buffer.count * MemoryLayout<Element>.stride }
}

/// Heap memory owned by a `Table`.
private final class TableStorage<Element> {
    let memory: UnsafeMutableBufferPointer<Element>

    init(_ values: [Element]) {
        memory = .allocate(capacity: values.count)
        _ = memory.initialize(from: values)
    }

    init(zeroed count: Int) where Element: FixedWidthInteger {
        memory = .allocate(capacity: count)
        memory.initialize(repeating: 0)
    }

    deinit { memory.deallocate() }
}

/// A byte position in a compiled dictionary file.
struct FileOffset: RawRepresentable, Hashable, Comparable, Sendable {
    var rawValue: Int
    init(rawValue: Int) { self.rawValue = rawValue }
    init(_ value: Int) { self.rawValue = value }
    static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
}

extension Table where Element == UInt64 {
    /// An open-addressed hash table of non-zero slots: capacity a power of two at least 4/3 of the count, linear probing.
    ///
    /// Each slot goes to the first free position from `hash & (capacity - 1)`;
    /// 0 marks a free position, so readers stop at the first 0 they probe.
    /// At most three quarters full, a miss reads about eight slots (one or two
    /// cache lines); a table half as big maps half the pages (a daemon's
    /// guesses touch every page of the accept table).
    static func openAddressed(_ slotValues: [(hash: UInt64, slot: UInt64)]) -> Table {
        openAddressed(count: slotValues.count) { slots in
            for (hash, slot) in slotValues { slots.insert(hash, slot) }
        }
    }

    /// The open-addressed table (as `openAddressed(_:)`) of `count` slots that `fill` inserts, in its order, in the table's own memory.
    static func openAddressed(count: Int, _ fill: (OpenAddressedSlots) -> Void) -> Table {
        var capacity = 16
        while capacity * 3 < count * 4 { capacity <<= 1 }
        return Table(zeroed: capacity) { fill(OpenAddressedSlots(slots: $0)) }
    }
}

/// The slots of an open-addressed table being filled (`Table.openAddressed(count:_:)`): each goes to the first free position from its hash.
struct OpenAddressedSlots {
    let slots: UnsafeMutableBufferPointer<UInt64>

    func insert(_ hash: UInt64, _ slot: UInt64) {
        let mask = slots.count - 1
        var position = Int(truncatingIfNeeded: hash) & mask
        while slots[position] != 0 { position = (position + 1) & mask }
        slots[position] = slot
    }
}
