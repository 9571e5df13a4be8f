import CheckDoor
import Testing

/// The escaping and counting rules of the CI formats, without running a check.
@Suite struct CIEncodingTests {
    @Test func githubEscapingFollowsTheRunner() {
        #expect(GitHubAnnotation.escapeData("50% a\r\nb:c,d") == "50%25 a%0D%0Ab:c,d")
        #expect(GitHubAnnotation.escapeProperty("50% a\nb:c,d") == "50%25 a%0Ab%3Ac%2Cd")
    }

    @Test func sarifURIsAreRelativeForRelativePathsAndPercentEncoded() {
        #expect(SARIFLog.uri("docs/a b#1.md") == "docs/a%20b%231.md")
        #expect(SARIFLog.uri("./x.md") == "x.md")
        #expect(SARIFLog.uri("/tmp/ü.md") == "file:///tmp/%C3%BC.md")
    }

    @Test func theSummaryLineCountsFilesWordsMisspellingsAndSeconds() {
        var outcome = CheckRun.Outcome()
        outcome.checked = 3
        outcome.words = 1204
        outcome.misspellings = 1
        #expect(outcome.summaryLine(seconds: 0.414) == "3 files, 1,204 words, 1 misspelling, 0.41 seconds")
    }
}
