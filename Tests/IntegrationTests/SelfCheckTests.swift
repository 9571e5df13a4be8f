import Foundation
import Testing
@testable import TextServicesTestSupport

/// This repository checks itself: `textsvcd check` over the whole work tree finds nothing.
///
/// The tree's `.textsvcd/config.toml` keeps fixtures, typo sets and quoted
/// misspellings out through `exclude`; `.textsvcd/words.txt` holds the
/// project's words. A new word in the tree that is not a misspelling belongs
/// in words.txt. The tree's own recurring words are reported too
/// (`--no-repository-words`): every word must be listed or correct.
@Suite struct SelfCheckTests {
    private let scratch = TemporaryFolder("self-check")

    @Test func theWholeRepositoryChecksClean() throws {
        let root = TestSupport.repositoryRoot
        guard FileManager.default.fileExists(atPath: root + "/.git") else { return }  // a source archive, not a work tree
        let result = try TestProcess.run(TestSupport.binary, ["check", "--no-daemon", "--guesses", "0", "--no-repository-words"],
                                         environment: TestSupport.isolatedEnvironment(scratch.folder("self-check")),
                                         currentDirectory: root, timeout: 600, stdinFromNull: true)
        #expect(result.status == 0, "misspellings in the tree (fix them, or add project words to .textsvcd/words.txt):\n\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("excluded by config"), "\(result.stderr)")
    }
}
