/// An ICU regular expression, as NSRegularExpression offers it, working on UTF-8 text directly.
///
/// Compiled patterns are cached (`RegexCache`) and shared; a value is cheap
/// to create again for the same pattern and safe to use from many threads
/// at once. All offsets are UTF-8 byte offsets into the whole text.
///
/// Every search runs under a wall-clock time limit (a catastrophic pattern
/// such as `(a+)+$` fails with `.patternLimit` instead of hanging) and ICU's
/// backtracking memory limit; a pattern that exceeds either throws and
/// leaves nothing behind.
public struct RegularExpression: Sendable {
    public let pattern: String
    public let options: RegexOptions
    let compiled: CompiledRegex

    /// Compiles a pattern (or takes it from the cache).
    ///
    /// Throws `.invalidPattern` for an invalid pattern, with the line (1-based)
    /// and the byte offset of the fault in the pattern (where ICU detected it:
    /// just after the offending character; nil when ICU cannot say).
    public init(_ pattern: String, options: RegexOptions = [], cache: RegexCache = .shared) throws(TextServicesError) {
        self.pattern = pattern
        self.options = options
        do {
            self.compiled = try cache.compiled(pattern, flags: options.compileFlags)
        } catch {
            throw Self.syntaxError(error, pattern: pattern)
        }
    }

    /// The number of capture groups (group 0, the whole match, not counted).
    public var groupCount: Int { compiled.groupCount }

    /// The named groups and their numbers, in the order of their numbers.
    public var namedGroups: [(name: String, number: Int)] { compiled.namedGroups }

    /// Matches found by a search, and whether more were left when it stopped at its limit.
    public struct Matches: Sendable {
        public var matches: [RegexMatch]
        /// True when the search stopped at its limit with more matches left.
        public var hasMore: Bool
    }

    /// Finds matches in `range` (the whole text by default), at most `limit` of them.
    ///
    /// Matches do not overlap; after an empty match the search moves on by
    /// one scalar, so empty matches never repeat. With `backwards` the last
    /// match comes first: the same matches as a forward search, the last
    /// `limit` of them, in reverse order. Throws `.patternLimit` when the search runs
    /// past `timeLimitMilliseconds` (0 for none) or out of backtracking memory (`.patternLimit`).
    public func matches(in text: TextBuffer, range: ByteRange? = nil, limit: Int? = nil, backwards: Bool = false,
                        timeLimitMilliseconds: Int = Limits.defaultRegexTimeLimitMilliseconds) throws(TextServicesError) -> Matches {
        let limit = max(limit ?? Int.max, 0)
        guard limit > 0 else { return Matches(matches: [], hasMore: false) }
        if backwards {
            // Keep the last `limit` matches in a ring.
            var ring: [RegexMatch] = []
            var next = 0
            var total = 0
            try search(in: text, range: range, timeLimitMilliseconds: timeLimitMilliseconds) { match in
                total += 1
                if ring.count < limit {
                    ring.append(match)
                } else {
                    ring[next] = match
                    next = (next + 1) % limit
                }
                return true
            }
            let ordered = Array(ring[next...] + ring[..<next])
            return Matches(matches: ordered.reversed(), hasMore: total > limit)
        }
        var found: [RegexMatch] = []
        var hasMore = false
        try search(in: text, range: range, timeLimitMilliseconds: timeLimitMilliseconds) { match in
            guard found.count < limit else {
                hasMore = true
                return false
            }
            found.append(match)
            return true
        }
        return Matches(matches: found, hasMore: hasMore)
    }

    /// The first match in `range`, or nil.
    public func firstMatch(in text: TextBuffer, range: ByteRange? = nil,
                           timeLimitMilliseconds: Int = Limits.defaultRegexTimeLimitMilliseconds) throws(TextServicesError) -> RegexMatch? {
        var first: RegexMatch?
        try search(in: text, range: range, timeLimitMilliseconds: timeLimitMilliseconds) { match in
            first = match
            return false
        }
        return first
    }

    /// Replaces the first `limit` matches in `range` (all by default) with the template's expansion.
    ///
    /// Text outside the range is kept as it is. Returns the whole new text
    /// and the number of replacements. Throws `.patternLimit` as `matches`
    /// does, and `.tooLarge` when the result would exceed `maximumBytes`.
    public func replacing(in text: TextBuffer, with template: ReplacementTemplate, range: ByteRange? = nil,
                          limit: Int? = nil, timeLimitMilliseconds: Int = Limits.defaultRegexTimeLimitMilliseconds,
                          maximumBytes: Int = Int.max) throws(TextServicesError) -> (text: String, count: Int) {
        let limit = max(limit ?? Int.max, 0)
        let bytes = text.bytes
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var copied = 0
        var count = 0
        var overflow = false
        if limit > 0 {
            try search(in: text, range: range, timeLimitMilliseconds: timeLimitMilliseconds) { match in
                output.append(contentsOf: bytes[copied..<match.range.lowerBound.rawValue])
                template.expand(match, in: bytes, into: &output)
                copied = match.range.upperBound.rawValue
                count += 1
                if output.count > maximumBytes {
                    overflow = true
                    return false
                }
                return count < limit
            }
        }
        output.append(contentsOf: bytes[copied...])
        if overflow || output.count > maximumBytes { throw .tooLarge("the replaced text", limitBytes: maximumBytes) }
        return (String(decoding: output, as: UTF8.self), count)
    }

    /// Calls `body` with each match in order until it returns false.
    ///
    /// With opaque, anchoring bounds (the default) the matcher sees only the
    /// range's bytes, as if they were the whole text: ICU's own regions let
    /// lookbehind see before the range even with opaque bounds. The other
    /// combinations use an ICU region over the whole text. When every match
    /// starts with the same bytes (`CompiledRegex.leadingLiteral`) and the
    /// bounds allow it, the pattern is tried only where those bytes occur,
    /// which finds the same matches without ICU's scan of every position.
    func search(in text: TextBuffer, range: ByteRange?, timeLimitMilliseconds: Int,
                _ body: (RegexMatch) -> Bool) throws(TextServicesError) {
        let range = range ?? text.fullRange
        let anchored = options.contains(.anchored)
        let transparent = options.contains(.transparentBounds)
        let anchoring = !options.contains(.withoutAnchoringBounds)
        let windowed = !transparent && anchoring
        let base = windowed ? range.lowerBound.rawValue : 0
        let groupCount = compiled.groupCount
        do {
            try compiled.withMatcher { matcher in
                if windowed {
                    try matcher.setText(text.bytes, window: range.ints)
                } else {
                    try matcher.setText(text.bytes)
                    try matcher.setRegion(range.ints)
                }
                try matcher.setBounds(transparent: transparent, anchoring: anchoring)
                try matcher.setDeadline(milliseconds: max(timeLimitMilliseconds, 0))
                defer { try? matcher.setDeadline(milliseconds: 0) }
                var expectedStart = range.lowerBound.rawValue
                var first = true
                func shifted(_ range: Range<Int>) -> ByteRange {
                    ByteRange(bytes: range.lowerBound + base..<range.upperBound + base)
                }
                func groups(of whole: ByteRange) -> [ByteRange?] {
                    var groups: [ByteRange?] = [whole]
                    if groupCount > 0 {
                        for group in 1...groupCount { groups.append(matcher.range(ofGroup: group).map(shifted)) }
                    }
                    return groups
                }
                // Where every match starts with known bytes, the pattern is tried only where they occur. The bounds
                // are then transparent and not anchoring, as they are (or, in a window, as good as) in the search.
                // Ignoring case, that holds only for text with no character ICU folds to one of the bytes' letters.
                let end = range.upperBound.rawValue
                let folded = compiled.caseInsensitive
                if !anchored, transparent != anchoring, let literal = compiled.leadingLiteral,
                   !folded || compiled.leadingFoldingScalars.isEmpty || text.bytes.withUnsafeBytes({ all in
                       ByteSearch.firstScalar(UnsafeRawBufferPointer(rebasing: all[..<end]), of: compiled.leadingFoldingScalars,
                                              leads: compiled.leadingFoldingLeads, from: range.lowerBound.rawValue) == nil
                   }) {
                    try matcher.setBounds(transparent: true, anchoring: false)
                    try text.bytes.withUnsafeBytes { all in
                        let searched = UnsafeRawBufferPointer(rebasing: all[..<end])
                        var from = range.lowerBound.rawValue
                        func next() -> Int? {
                            folded ? ByteSearch.firstIndexIgnoringASCIICase(searched, lowered: literal, from: from)
                                : ByteSearch.firstIndex(searched, literal, from: from)
                        }
                        while let found = next() {
                            try matcher.setRegion(found - base..<end - base)
                            if try matcher.lookingAt(), let whole = matcher.range(ofGroup: 0).map(shifted) {
                                guard body(RegexMatch(groups: groups(of: whole))) else { return }
                                from = max(whole.upperBound.rawValue, found + 1)
                            } else {
                                from = found + 1
                            }
                            if timeLimitMilliseconds > 0, matcher.deadlinePassed {
                                throw ICUError(status: ICUError.regexStoppedByCaller)
                            }
                        }
                    }
                    return
                }
                while first && anchored ? try matcher.lookingAt() : try matcher.findNext() {
                    first = false
                    guard let whole = matcher.range(ofGroup: 0).map(shifted) else { break }
                    if anchored, whole.lowerBound.rawValue != expectedStart { break }
                    expectedStart = whole.upperBound.rawValue
                    guard body(RegexMatch(groups: groups(of: whole))) else { break }
                    if timeLimitMilliseconds > 0, matcher.deadlinePassed { throw ICUError(status: ICUError.regexStoppedByCaller) }
                }
            }
        } catch let error as ICUError {
            throw Self.matchError(error, timeLimitMilliseconds: timeLimitMilliseconds)
        } catch {
            throw .internalFailure("regular expression: \(error)")
        }
    }

    static func matchError(_ error: ICUError, timeLimitMilliseconds: Int) -> TextServicesError {
        switch error.status {
        case ICUError.regexTimeOut, ICUError.regexStoppedByCaller: return .patternLimit(.time(milliseconds: timeLimitMilliseconds))
        case ICUError.regexStackOverflow: return .patternLimit(.memory)
        default: return .internalFailure("regular expression matching failed: \(error)")
        }
    }
}
