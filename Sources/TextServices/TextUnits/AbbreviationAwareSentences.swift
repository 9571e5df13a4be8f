/// ICU's sentence boundaries without those that a language's abbreviations, ordinals and initials explain.
///
/// Wraps an ICU sentence cursor over the same bytes and skips each boundary
/// `SentenceAbbreviations.joins(_:at:)` joins, so its boundaries are a subset
/// of ICU's: units never overlap and leave no gaps. Costs one look at the
/// bytes around each ICU boundary. Not thread-safe, like the cursor it wraps.
final class AbbreviationAwareSentences: BoundaryCursor {
    private let base: BoundaryCursor
    private let bytes: [UInt8]
    private let abbreviations: SentenceAbbreviations

    init(_ base: BoundaryCursor, bytes: [UInt8], abbreviations: SentenceAbbreviations) {
        self.base = base
        self.bytes = bytes
        self.abbreviations = abbreviations
    }

    var ruleStatus: Int { base.ruleStatus }

    private func joined(_ offset: Int) -> Bool {
        abbreviations.joins(bytes, at: offset)
    }

    func following(_ offset: Int) -> Int? {
        var boundary = base.following(offset)
        while let current = boundary, joined(current) { boundary = base.next() }
        return boundary
    }

    func next() -> Int? {
        var boundary = base.next()
        while let current = boundary, joined(current) { boundary = base.next() }
        return boundary
    }

    func preceding(_ offset: Int) -> Int? {
        var boundary = base.preceding(offset)
        while let current = boundary, joined(current) { boundary = base.preceding(current) }
        return boundary
    }

    func isBoundary(_ offset: Int) -> Bool {
        base.isBoundary(offset) && !joined(offset)
    }
}
