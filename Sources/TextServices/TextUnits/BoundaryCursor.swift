/// The boundaries of one granularity over one text, walked the way an ICU break iterator walks them.
///
/// Offsets are UTF-8 bytes of the whole text. A cursor keeps a current
/// position: `next()` continues from the boundary `following` or `next`
/// last returned, and `ruleStatus` describes the segment ending there.
/// Not thread-safe; one cursor serves one query.
protocol BoundaryCursor: AnyObject {
    /// The first boundary after `offset`, or nil at the end of the text.
    func following(_ offset: Int) -> Int?
    /// The boundary after the current one, or nil at the end of the text.
    func next() -> Int?
    /// The last boundary before `offset`, or nil at the start of the text.
    func preceding(_ offset: Int) -> Int?
    /// Whether `offset` is a boundary (the start and end of the text always are).
    func isBoundary(_ offset: Int) -> Bool
    /// The rule status of the boundary last returned (ICU's UBRK_WORD_* ranges for words; 0 otherwise).
    var ruleStatus: Int { get }
}

extension BreakIterator: BoundaryCursor {}
