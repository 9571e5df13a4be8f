import Testing
import TextServices
@testable import TextServicesCLI

@Suite struct DictionaryReportTests {
    @Test func overallProgressWeighsTheStagesAndClampsTheFraction() {
        #expect(DictionaryReport.overall(.expanding, 0) == 0)
        #expect(abs(DictionaryReport.overall(.verifying, 0.5) - 0.45) < 1e-9)
        #expect(abs(DictionaryReport.overall(.writing, 1) - 1) < 1e-9)
        #expect(abs(DictionaryReport.overall(.writing, 7) - 1) < 1e-9)
    }

    @Test func theFormInUseIsTheFirstReadyOne() {
        let states: [DictionaryCompiler.State] = [.stale(path: "/a"), .ready(path: "/b", byteCount: 1), .ready(path: "/c", byteCount: 2)]
        #expect(DictionaryReport.inUse(states) == "/b")
        #expect(DictionaryReport.inUse([.missing(path: "/a")]) == nil)
        #expect(DictionaryReport.summary(.ready(path: "/b", byteCount: 17_300_000)) == "ready, 17.3 MB, /b")
    }
}
