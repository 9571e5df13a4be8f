/// A checker that answers lines met before in a run from `RepeatedLines`, and scans only the others.
///
/// The misspellings are `base`'s, in text order, offsets in the text
/// given: a line kept under `context` gives its kept misspellings, and the
/// other lines are checked by `base` in a copy of the text where the kept
/// lines are blank (offsets stay), then kept. `context` must name everything
/// `base`'s verdicts depend on besides the words (its languages, its
/// accepted words); automatic languages, which read the whole text, must not
/// be checked through it. Thread-safe as `base` is.
public struct RepeatedLineChecking<Base: WordChecking>: WordChecking {
    public let base: Base
    public let lines: RepeatedLines
    private let context: Int

    public init(_ base: Base, lines: RepeatedLines, context: String) {
        self.base = base
        self.lines = lines
        self.context = lines.context(context)
    }

    public func misspellings(in text: TextBuffer) throws -> [Misspelling] {
        let (all, kept) = text.bytes.withUnsafeBufferPointer { bytes in
            let all = RepeatedLines.lines(of: bytes, context: context)
            return (all, lines.lookup(all, in: bytes, context: context))
        }
        let missed = kept.indices.filter { kept[$0] == nil }
        guard missed.count < all.count else {
            // Nothing met before: the text as it is.
            let found = try base.misspellings(in: text)
            keep(found, on: missed.map { all[$0] }, of: text)
            return found
        }
        var found: [Misspelling] = []
        if !missed.isEmpty {
            var blanked = text.bytes
            blanked.withUnsafeMutableBufferPointer { bytes in
                for (line, known) in zip(all, kept) where known != nil {
                    for index in line.range { bytes[index] = 0x20 }
                }
            }
            found = try base.misspellings(in: TextBuffer(validatedBytes: blanked))
            keep(found, on: missed.map { all[$0] }, of: text)
        }
        // Both in text order, on lines apart: merged by where they start.
        var merged: [Misspelling] = []
        merged.reserveCapacity(found.count)
        var next = 0
        for (line, known) in zip(all, kept) {
            guard let known else { continue }
            while next < found.count, found[next].range.lowerBound.rawValue < line.range.lowerBound {
                merged.append(found[next])
                next += 1
            }
            for misspelling in known {
                var placed = misspelling
                placed.range = ByteRange(bytes: misspelling.range.lowerBound.rawValue + line.range.lowerBound
                    ..< misspelling.range.upperBound.rawValue + line.range.lowerBound)
                merged.append(placed)
            }
        }
        merged += found[next...]
        return merged
    }

    /// Keeps `missed` (lines of `text`, in order) with the misspellings of `found` on each, ranges from the line's start.
    ///
    /// A line that a misspelling runs past is not kept (no word crosses a line feed, but nothing here relies on it).
    private func keep(_ found: [Misspelling], on missed: [RepeatedLines.Line], of text: TextBuffer) {
        var keeping: [(line: RepeatedLines.Line, found: [Misspelling])] = []
        keeping.reserveCapacity(missed.count)
        var next = 0
        for line in missed {
            while next < found.count, found[next].range.lowerBound.rawValue < line.range.lowerBound { next += 1 }
            var onLine: [Misspelling] = []
            var whole = true
            while next < found.count, found[next].range.lowerBound.rawValue < line.range.upperBound {
                var relative = found[next]
                let range = relative.range.ints
                whole = whole && range.upperBound <= line.range.upperBound
                relative.range = ByteRange(bytes: range.lowerBound - line.range.lowerBound..<range.upperBound - line.range.lowerBound)
                onLine.append(relative)
                next += 1
            }
            if whole { keeping.append((line, onLine)) }
        }
        text.bytes.withUnsafeBufferPointer { bytes in lines.keep(keeping, in: bytes, context: context) }
    }

    public func accepts(_ words: [String]) throws -> [Bool] {
        try base.accepts(words)
    }
}
