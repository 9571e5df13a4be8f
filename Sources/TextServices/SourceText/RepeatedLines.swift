import Synchronization

/// The misspellings found on lines of masked text, kept by the lines' bytes for a whole run over many files.
///
/// A repository repeats lines from file to file: the 26 catalogs of a
/// program's translations hold the same source strings, tests and headers
/// the same comments. No word crosses a line feed, so the words a scan finds
/// on a line, and their verdicts, depend on the line's bytes alone (with one
/// checker); a line met again is answered from here instead of scanned
/// (`RepeatedLineChecking`). Lines are kept exactly, their bytes compared,
/// under a `context` that names the checker (its languages and project
/// words): lines of one context never answer for another. At most
/// `byteLimit` bytes of lines are kept; past it lines are still answered but
/// no more are kept. Thread-safe: files checked at once share it.
public final class RepeatedLines: Sendable {
    /// A line of a text: where it is, and its hash under its context.
    struct Line {
        var range: Range<Int>
        var hash: Int
    }

    /// A kept line (32-bit fields: a run keeps hundreds of thousands).
    private struct Entry {
        var start: Int32
        var length: Int32
        var context: Int32
        /// Where the line's misspellings are in `State.found`, and how many.
        var found: Int32
        var foundCount: Int32
        /// The next entry whose line has the same hash, or -1.
        var next: Int32
    }

    private struct State {
        /// The kept lines' bytes, one after another.
        var bytes: [UInt8] = []
        var entries: [Entry] = []
        /// The first entry of each hash.
        var first: [Int: Int32] = [:]
        /// Every kept line's misspellings, their ranges from the line's start.
        var found: [Misspelling] = []
        var contexts: [String: Int] = [:]
    }

    private let state = Mutex(State())
    /// How many bytes of lines are kept at most.
    public let byteLimit: Int

    public init(byteLimit: Int = 16 << 20) {
        precondition(byteLimit <= Int(Int32.max), "offsets of kept lines are 32-bit")
        self.byteLimit = byteLimit
    }

    /// A number for `context` (the same for the same string): lines are kept and answered under it.
    func context(_ context: String) -> Int {
        state.withLock { state in
            if let known = state.contexts[context] { return known }
            let number = state.contexts.count
            state.contexts[context] = number
            return number
        }
    }

    /// The lines of `bytes` that hold a byte other than white space (`SkipRules.isSpace`), each hashed with `context`.
    static func lines(of bytes: UnsafeBufferPointer<UInt8>, context: Int) -> [Line] {
        var lines: [Line] = []
        var index = 0
        let end = bytes.count
        while index < end {
            let first = SkipRules.endOfSpaces(bytes, from: index, to: end)
            guard first < end else { break }
            var start = first
            while start > index, bytes[start - 1] != 0x0A { start -= 1 }
            let lineEnd = ByteSearch.firstIndex(of: 0x0A, in: UnsafeRawBufferPointer(bytes), from: first) ?? end
            var hasher = Hasher()
            hasher.combine(context)
            hasher.combine(bytes: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[start..<lineEnd])))
            lines.append(Line(range: start..<lineEnd, hash: hasher.finalize()))
            index = lineEnd + 1
        }
        return lines
    }

    /// For each line of `bytes`, its misspellings (ranges from the line's start) if a line with the same bytes was kept
    /// under `context`; nil for a line not kept.
    func lookup(_ lines: [Line], in bytes: UnsafeBufferPointer<UInt8>, context: Int) -> [[Misspelling]?] {
        state.withLock { state in
            lines.map { line in
                guard let entry = Self.find(line, in: bytes, context: context, state: state) else { return nil }
                return Array(state.found[Int(entry.found)..<Int(entry.found + entry.foundCount)])
            }
        }
    }

    /// Keeps lines of `bytes` with their misspellings (ranges from each line's start), while under `byteLimit`.
    func keep(_ lines: [(line: Line, found: [Misspelling])], in bytes: UnsafeBufferPointer<UInt8>, context: Int) {
        guard !lines.isEmpty else { return }
        state.withLock { state in
            for (line, found) in lines {
                guard state.bytes.count + line.range.count <= byteLimit, state.found.count + found.count <= Int(Int32.max) else { return }
                guard Self.find(line, in: bytes, context: context, state: state) == nil else { continue }
                let entry = Entry(start: Int32(state.bytes.count), length: Int32(line.range.count), context: Int32(context),
                                  found: Int32(state.found.count), foundCount: Int32(found.count), next: state.first[line.hash] ?? -1)
                state.bytes.append(contentsOf: bytes[line.range])
                state.found += found
                state.first[line.hash] = Int32(state.entries.count)
                state.entries.append(entry)
            }
        }
    }

    /// The entry kept for a line with the bytes of `line` under `context`, if any.
    private static func find(_ line: Line, in bytes: UnsafeBufferPointer<UInt8>, context: Int, state: State) -> Entry? {
        var index = state.first[line.hash] ?? -1
        while index >= 0 {
            let entry = state.entries[Int(index)]
            if Int(entry.context) == context, Int(entry.length) == line.range.count, state.bytes.withUnsafeBufferPointer({ kept in
                entry.length == 0 || ByteComparison.equal(kept.baseAddress! + Int(entry.start), bytes.baseAddress! + line.range.lowerBound,
                                                          Int(entry.length))
            }) {
                return entry
            }
            index = entry.next
        }
        return nil
    }
}
