import Testing
@testable import TextServices

/// Giving back the code pages that start-up touched.
@Suite struct CodePagesTests {
    @Test func theCodeMappingIsFoundReleasedAndItsCodeStillRuns() {
        let size = CodePages.releaseStartupPages()
        #expect((size ?? 0) > 0, "no read-only executable mapping holds the process's code")
        // The code runs on after its pages were unmapped: they fault back in from the page cache.
        let memo = WordMemo(capacity: 16)
        let text = Array("again".utf8)
        #expect(memo.lookup(0..<5, in: text) == nil)
        #expect(CodePages.releaseStartupPages() == size)
    }
}
