import Testing
@testable import TextServices

/// Giving back the pages of code and read-only data that start-up touched.
@Suite struct CodePagesTests {
    @Test func theReadOnlySegmentsAreFoundReleasedAndTheirCodeAndDataStillServe() {
        let size = CodePages.releaseStartupPages()
        #expect((size ?? 0) > 0, "no never-written segment of the program was found")
        // The code runs on after its pages were unmapped: they fault back in from the page cache.
        let memo = WordMemo(capacity: 16)
        let text = Array("again".utf8)
        #expect(memo.lookup(0..<5, in: text) == nil)
        // So does what reads the read-only data: the runtime's field metadata, behind reflection.
        #expect(Mirror(reflecting: 0..<5).children.compactMap(\.label) == ["lowerBound", "upperBound"])
        #expect(CodePages.releaseStartupPages() == size)
    }
}
