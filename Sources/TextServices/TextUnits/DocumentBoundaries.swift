/// Document boundaries: only the start and the end of the text.
final class DocumentBoundaries: BoundaryCursor {
    private let count: Int
    private var current = 0

    init(count: Int) {
        self.count = count
    }

    var ruleStatus: Int { 0 }

    func isBoundary(_ offset: Int) -> Bool { offset == 0 || offset == count }

    func following(_ offset: Int) -> Int? {
        guard offset < count else { return nil }
        current = count
        return count
    }

    func next() -> Int? { following(current) }

    func preceding(_ offset: Int) -> Int? {
        guard offset > 0 else { return nil }
        current = 0
        return 0
    }
}
