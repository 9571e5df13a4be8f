/// The position queries of UITextInputTokenizer.
///
/// Every query takes a byte offset into the whole text and an optional
/// `range` it stays inside (the whole text by default); a position outside
/// the range gets nil or false. A unit is a token of the granularity; with
/// `wordsOnly`, word tokens of kind `other` are not units. The queries are
/// thread-safe.
extension Tokenizer {
    /// The next unit boundary strictly after (`forward`) or before (`backward`) a position, or nil when none is left.
    ///
    /// Boundaries are where units start or end, so with `wordsOnly` the
    /// boundaries inside runs of spaces and punctuation are skipped. The
    /// range's ends count as boundaries of the units they clip.
    public func boundary(from position: UTF8Offset, direction: StorageDirection, in text: TextBuffer,
                         range: ByteRange? = nil, wordsOnly: Bool = false) throws(TextServicesError) -> UTF8Offset? {
        let bounds = range ?? text.fullRange
        guard bounds.contains(position) || position == bounds.upperBound else { return nil }
        let p = position.rawValue
        return try withCursor(text) { cursor -> UTF8Offset? in
            let walker = UnitWalker(cursor: cursor, bounds: bounds, length: text.byteCount, isWord: granularity == .word)
            switch direction {
            case .forward:
                var token = walker.token(after: p)
                while let current = token {
                    if current.isUnit(wordsOnly: wordsOnly) {
                        return current.range.lowerBound.rawValue > p ? current.range.lowerBound : current.range.upperBound
                    }
                    token = walker.token(after: current.range.upperBound.rawValue)
                }
                return nil
            case .backward:
                var token = walker.token(before: p)
                while let current = token {
                    if current.isUnit(wordsOnly: wordsOnly) {
                        return current.range.upperBound.rawValue < p ? current.range.upperBound : current.range.lowerBound
                    }
                    token = walker.token(before: current.range.lowerBound.rawValue)
                }
                return nil
            }
        }
    }

    /// Whether a unit ends at the position (`forward`), starts there (`backward`), or either (nil).
    public func isAtBoundary(_ position: UTF8Offset, direction: StorageDirection?, in text: TextBuffer,
                             range: ByteRange? = nil, wordsOnly: Bool = false) throws(TextServicesError) -> Bool {
        let (after, before) = try neighbours(of: position, in: text, range: range)
        let endsHere = before.map { $0.range.upperBound == position && $0.isUnit(wordsOnly: wordsOnly) } ?? false
        let startsHere = after.map { $0.range.lowerBound == position && $0.isUnit(wordsOnly: wordsOnly) } ?? false
        switch direction {
        case .forward?: return endsHere
        case .backward?: return startsHere
        case nil: return endsHere || startsHere
        }
    }

    /// Whether the text just after (`forward`) or just before (`backward`) the position belongs to a unit.
    public func isWithinUnit(_ position: UTF8Offset, direction: StorageDirection, in text: TextBuffer,
                             range: ByteRange? = nil, wordsOnly: Bool = false) throws(TextServicesError) -> Bool {
        try enclosingUnit(at: position, direction: direction, in: text, range: range, wordsOnly: wordsOnly) != nil
    }

    /// The unit that holds the position, or nil.
    ///
    /// `forward` takes the unit of the text just after the position,
    /// `backward` the unit of the text just before it. Without a direction,
    /// the word on either side is preferred (for the word granularity: a
    /// caret right after "hello" in "hello world" encloses "hello"), then
    /// the unit after, then the unit before; so the end of the text gives
    /// the last unit.
    public func enclosingUnit(at position: UTF8Offset, direction: StorageDirection? = nil, in text: TextBuffer,
                              range: ByteRange? = nil, wordsOnly: Bool = false) throws(TextServicesError) -> Token? {
        let (after, before) = try neighbours(of: position, in: text, range: range)
        let candidates: [Token?]
        switch direction {
        case .forward?: candidates = [after]
        case .backward?: candidates = [before]
        case nil: candidates = [after, before]
        }
        let units = candidates.compactMap { $0 }.filter { $0.isUnit(wordsOnly: wordsOnly) }
        return units.first { $0.kind?.isWordLike == true } ?? units.first
    }

    /// The tokens just after and just before a position, clipped to the range.
    private func neighbours(of position: UTF8Offset, in text: TextBuffer,
                            range: ByteRange?) throws(TextServicesError) -> (after: Token?, before: Token?) {
        let bounds = range ?? text.fullRange
        guard bounds.contains(position) || position == bounds.upperBound else { return (nil, nil) }
        return try withCursor(text) { cursor in
            let walker = UnitWalker(cursor: cursor, bounds: bounds, length: text.byteCount, isWord: granularity == .word)
            return (walker.token(after: position.rawValue), walker.token(before: position.rawValue))
        }
    }
}

/// Finds the token around a position with a boundary cursor, clipped to bounds.
private struct UnitWalker {
    let cursor: BoundaryCursor
    let bounds: ByteRange
    let length: Int
    let isWord: Bool

    /// The token holding the text right after `offset`; nil at the end of the bounds.
    func token(after offset: Int) -> Token? {
        let lower = bounds.lowerBound.rawValue
        let upper = bounds.upperBound.rawValue
        guard offset >= lower, offset < upper else { return nil }
        let end = min(cursor.following(offset) ?? length, upper)
        let kind = isWord ? Token.Kind(ruleStatus: cursor.ruleStatus) : nil
        let start = offset == lower || cursor.isBoundary(offset) ? offset : max(lower, cursor.preceding(offset) ?? 0)
        return Token(range: UTF8Offset(start)..<UTF8Offset(end), kind: kind)
    }

    /// The token holding the text right before `offset`; nil at the start of the bounds.
    func token(before offset: Int) -> Token? {
        let lower = bounds.lowerBound.rawValue
        guard offset > lower, offset <= bounds.upperBound.rawValue else { return nil }
        return token(after: max(lower, cursor.preceding(offset) ?? 0))
    }
}
