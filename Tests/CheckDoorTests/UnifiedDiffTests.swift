import CheckDoor
import Testing

/// `--fix --dry-run`'s diff: what `patch -p1` reads, for texts whose lines change only inside.
@Suite struct UnifiedDiffTests {
    private func text(_ lines: [String], lastEnded: Bool = true) -> [UInt8] {
        Array((lines.joined(separator: "\n") + (lastEnded ? "\n" : "")).utf8)
    }

    private let ten = (1...10).map { "line \($0)" }

    @Test func equalTextsGiveNoDiff() {
        #expect(UnifiedDiff.lines(old: text(ten), new: text(ten), path: "a.txt").isEmpty)
    }

    @Test func oneChangeGetsThreeLinesOfContextEachSide() {
        var changed = ten
        changed[4] = "line five"
        #expect(UnifiedDiff.lines(old: text(ten), new: text(changed), path: "d/a.txt") == [
            "--- a/d/a.txt", "+++ b/d/a.txt", "@@ -2,7 +2,7 @@",
            " line 2", " line 3", " line 4", "-line 5", "+line five", " line 6", " line 7", " line 8",
        ])
    }

    @Test func changesWhoseContextsMeetShareOneHunkAndFarOnesGetTwo() {
        var near = ten
        near[1] = "two"
        near[6] = "seven"
        let joined = UnifiedDiff.lines(old: text(ten), new: text(near), path: "a")
        #expect(joined.filter { $0.hasPrefix("@@") } == ["@@ -1,10 +1,10 @@"])

        let twenty = (1...20).map { "line \($0)" }
        var far = twenty
        far[0] = "one"
        far[19] = "twenty"
        let apart = UnifiedDiff.lines(old: text(twenty), new: text(far), path: "a")
        #expect(apart.filter { $0.hasPrefix("@@") } == ["@@ -1,4 +1,4 @@", "@@ -17,4 +17,4 @@"])
    }

    @Test func aLastLineWithoutALineEndIsMarkedAsDiffMarksIt() {
        let old = text(["a", "teh"], lastEnded: false)
        let new = text(["a", "the"], lastEnded: false)
        #expect(UnifiedDiff.lines(old: old, new: new, path: "x") == [
            "--- a/x", "+++ b/x", "@@ -1,2 +1,2 @@", " a",
            "-teh", "\\ No newline at end of file", "+the", "\\ No newline at end of file",
        ])
    }

    @Test func textsWithDifferentLineCountsGiveNoDiff() {
        #expect(UnifiedDiff.lines(old: text(["a", "b"]), new: text(["a"]), path: "x").isEmpty)
    }
}
