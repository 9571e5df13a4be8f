import Foundation
import Testing
@testable import TextServices
@testable import TextServicesProtocol
@testable import TextServicesTestSupport

/// A folder tree for project-words tests: `root` and helpers to write files under it.
private struct ProjectTree {
    private let scratch = TemporaryFolder("project")

    var root: String { scratch.path }

    /// Writes `bytes` at `relative` (creating folders) and returns the full path.
    @discardableResult
    func write(_ relative: String, _ bytes: [UInt8]) throws -> String {
        let path = root + "/" + relative
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @discardableResult
    func write(_ relative: String, _ text: String) throws -> String {
        try write(relative, Array(text.utf8))
    }

    @discardableResult
    func folder(_ relative: String) throws -> String {
        let path = root + "/" + relative
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    func read(_ relative: String) throws -> String {
        try String(contentsOfFile: root + "/" + relative, encoding: .utf8)
    }
}

@Suite struct ProjectWordsTests {
    private let scratch = TemporaryFolder("project-words")

    // MARK: Reading

    @Test func commentsEmptyLinesSpacesByteOrderMarkAndCRLFAreHandled() throws {
        let tree = ProjectTree()
        let text = "# product names\r\n\r\nKubernetes\r\n  kubectl  \r\n#not-a-word\r\nKubernetes\r\nlast"
        try tree.write(".textsvcd/words.txt", WordListLines.byteOrderMark + Array(text.utf8))
        let words = ProjectWordsCache().words(for: tree.root)
        #expect(words.words == ["Kubernetes", "kubectl", "last"])
        #expect(words.problems.isEmpty)
        #expect(words.files.map(\.path) == [tree.root + "/.textsvcd/words.txt"])
    }

    @Test func badUTF8AndMultiWordLinesAreLeftOutWithProblemsNamingTheLine() throws {
        let tree = ProjectTree()
        let path = try tree.write(".textsvcd/words.txt", Array("good\n".utf8) + [0x62, 0xFF, 0x0A] + Array("New York\nfine\n".utf8))
        let words = ProjectWordsCache().words(for: tree.root)
        #expect(words.words == ["good", "fine"])
        #expect(words.problems.count == 2)
        #expect(words.problems.first?.hasPrefix("\(path):2: not UTF-8") == true, "\(words.problems)")
        #expect(words.problems.last?.hasPrefix("\(path):3: ") == true, "\(words.problems)")
    }

    @Test func aFolderInPlaceOfTheFileIsAProblemNotACrash() throws {
        let tree = ProjectTree()
        try tree.folder(".textsvcd/words.txt")
        let words = ProjectWordsCache().words(for: tree.root)
        #expect(words.isEmpty)
        #expect(words.problems.first?.contains("is a folder") == true)
    }

    // MARK: Walking up

    @Test func aRunsLookupAsksOnceAFolderAndKeepsWhatItFoundWhereNearestSeesAnEdit() throws {
        let tree = ProjectTree()
        try tree.write(".textsvcd/words.txt", "Monorepo\n")
        try tree.write("packages/app/.textsvcd/config.toml", "words = [\"Appword\"]\n")
        let first = try tree.write("packages/app/a.md", "text")
        let second = try tree.write("packages/app/b.md", "text")
        let elsewhere = try tree.write("docs/c.md", "text")
        let lookup = ProjectLookup()
        #expect(lookup.nearest(to: first).accepts("Appword") && lookup.nearest(to: first).accepts("Monorepo"))
        #expect(!lookup.nearest(to: elsewhere).accepts("Appword"))
        try tree.write(".textsvcd/words.txt", "Monorepo\nLaterword\n")
        #expect(!lookup.nearest(to: second).accepts("Laterword"))
        #expect(Project.nearest(to: second).accepts("Laterword"))
        #expect(lookup.nearest(to: second).settings.words.map(\.value) == ["Appword"])
    }

    @Test func everyWordsFileFromTheFileFolderUpAppliesNearestFirst() throws {
        let tree = ProjectTree()
        try tree.write(".textsvcd/words.txt", "Monorepo\nshared\n")
        try tree.write("packages/app/.textsvcd/words.txt", "Appword\nshared\n")
        let file = try tree.write("packages/app/src/notes.md", "text")
        try tree.write("packages/other/readme.md", "text")
        let cache = ProjectWordsCache()
        let inApp = cache.words(for: file)
        #expect(inApp.origin == tree.root + "/packages/app/src")
        #expect(inApp.files.map(\.path) == [tree.root + "/packages/app/.textsvcd/words.txt", tree.root + "/.textsvcd/words.txt"])
        #expect(inApp.words == ["Appword", "shared", "Monorepo"])
        #expect(inApp.accepts("Appword") && inApp.accepts("Monorepo"))
        let inOther = cache.words(for: tree.root + "/packages/other/readme.md")
        #expect(inOther.accepts("Monorepo"))
        #expect(!inOther.accepts("Appword"))
        // A folder starts from itself; a path that does not exist yet is a file in its folder.
        #expect(cache.words(for: tree.root + "/packages/app").accepts("Appword"))
        #expect(cache.words(for: tree.root + "/packages/app/unsaved.txt").accepts("Appword"))
    }

    @Test func relativePathsStartFromTheCurrentDirectory() {
        let folder = ProjectWords.startFolder(for: "some/file.txt")
        #expect(folder == (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent("some"))
        #expect(ProjectWords.startFolder(for: "/") == "/")
        #expect(ProjectWords.startFolder(for: "/tmp/../tmp/x.txt") == "/tmp")
    }

    // MARK: Changes

    @Test func aChangeToTheFileIsSeenByTheNextLookup() throws {
        let tree = ProjectTree()
        let path = try tree.write(".textsvcd/words.txt", "first\n")
        let cache = ProjectWordsCache()
        let before = cache.words(for: tree.root)
        #expect(before.words == ["first"])
        #expect(cache.words(for: tree.root).signature == before.signature)
        // Written in place (same inode, new size and time).
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("second\n".utf8))
        try handle.close()
        let appended = cache.words(for: tree.root)
        #expect(appended.words == ["first", "second"])
        #expect(appended.signature != before.signature)
        // Replaced by a rename, as editors and textsvcd save (same size: the inode tells).
        try FileSystem.writeAtomically(Array("third\nfourth\n".utf8), to: path)
        #expect(cache.words(for: tree.root).words == ["third", "fourth"])
        // Removed: no words, and created again: seen again.
        try FileManager.default.removeItem(atPath: path)
        #expect(cache.words(for: tree.root).isEmpty)
        try tree.write(".textsvcd/words.txt", "back\n")
        #expect(cache.words(for: tree.root).words == ["back"])
    }

    // MARK: Spellings

    @Test func projectWordsAreAcceptedInTheSpellingsLearnedWordsAre() throws {
        let words = ["Kubernetes", "iPhone", "kubectl", "McDonald", "zyxwords"]
        let services = TestSupport.services(dataHome: scratch.folder("data"))
        for word in words { try services.spelling.learn(word, language: nil) }
        let checker = try services.spelling.checker()
        let project = ProjectWords(origin: "/", files: [
            ProjectWordsFile(path: "/words.txt", words: words, problems: [], stamp: nil),
        ])
        let variants = words.flatMap { word in
            [word, word.lowercased(), word.uppercased(), word.prefix(1).uppercased() + word.dropFirst(),
             word.prefix(1).lowercased() + word.dropFirst(), word.prefix(1) + word.dropFirst().uppercased()]
        }
        for variant in Set(variants).sorted() {
            #expect(project.accepts(variant) == checker.accepts(variant), "\(variant)")
        }
        #expect(project.accepts("KUBECTL") && project.accepts("Kubectl") && !project.accepts("kubernetes"))
    }

    // MARK: Guesses

    @Test func nearMisspellingsGetProjectWordsAsGuessesInTheirCase() {
        let project = ProjectWords(origin: "/", files: [
            ProjectWordsFile(path: "/a", words: ["Kubernetes", "kubectl", "Terraform", "gRPC", "Kube"], problems: [], stamp: nil),
        ])
        #expect(project.guesses(near: "Kubernets") == ["Kubernetes"])
        #expect(project.guesses(near: "Kuberentes") == ["Kubernetes"])
        #expect(project.guesses(near: "KUBERNETS") == ["KUBERNETES"])
        #expect(project.guesses(near: "kubernetes") == ["Kubernetes"])
        #expect(project.guesses(near: "kubctl") == ["kubectl"])
        #expect(project.guesses(near: "Kubctl") == ["Kubectl"])
        #expect(project.guesses(near: "Terrafrom") == ["Terraform"])
        // Too far for its length, or too short to guess anything but case.
        #expect(project.guesses(near: "Kubrnts").isEmpty)
        #expect(project.guesses(near: "grpc") == ["gRPC"])
        #expect(project.guesses(near: "grp").isEmpty)
        #expect(project.guesses(near: "Kueb") == ["Kube"])
        #expect(project.guesses(near: "Kbe").isEmpty)
    }

    @Test func projectGuessesOneEditAwayComeFirstAndTwoEditsAfterTheDictionarysFirst() {
        let project = ProjectWords(origin: "/", files: [
            ProjectWordsFile(path: "/a", words: ["Kubernetes", "receiver"], problems: [], stamp: nil),
        ])
        #expect(project.guesses(near: "Kubernets", before: ["Kubernetes", "Governess"], limit: 3) == ["Kubernetes", "Governess"])
        #expect(project.guesses(near: "recieve", before: ["receive", "relieve"], limit: 3) == ["receive", "receiver", "relieve"])
        #expect(project.guesses(near: "xyzzy", before: ["a", "b", "c"], limit: 2) == ["a", "b"])
    }

    @Test func realDictionaryGuessesAndProjectGuessesMergeForKubernets() throws {
        let spelling = TestSupport.sharedServices.spelling
        let dictionary = spelling.guesses(for: "Kubernets", checker: try spelling.checker(), limit: 5)
        let project = ProjectWords(origin: "/", files: [
            ProjectWordsFile(path: "/a", words: ["Kubernetes"], problems: [], stamp: nil),
        ])
        #expect(!dictionary.contains("Kubernetes"))
        #expect(project.guesses(near: "Kubernets", before: dictionary, limit: 5).first == "Kubernetes")
    }

    // MARK: Adding

    @Test func addingAppendsKeepsCommentsOrderAndLineEndsAndNeverDuplicates() throws {
        let tree = ProjectTree()
        let path = try tree.write(".textsvcd/words.txt", WordListLines.byteOrderMark + Array("# team words\r\nzeta\r\nalpha".utf8))
        let addition = try ProjectWordsFile.add(["beta", "zeta", "beta", "gamma"], to: path)
        #expect(addition.added == ["beta", "gamma"])
        #expect(addition.present == ["zeta", "beta"])
        let bytes = try #require(FileSystem.read(path))
        #expect(bytes == WordListLines.byteOrderMark + Array("# team words\r\nzeta\r\nalpha\r\nbeta\r\ngamma\r\n".utf8))
        let again = try ProjectWordsFile.add(["gamma"], to: path)
        #expect(again.added.isEmpty && again.present == ["gamma"])
        #expect(FileSystem.read(path) == bytes)
    }

    @Test func addingKeepingSortedPutsWordsInPlaceInASortedFileAndAppendsToAnUnsortedOne() throws {
        let tree = ProjectTree()
        let sorted = try tree.write("a/.textsvcd/words.txt", WordListLines.byteOrderMark + Array("# team words\r\nKDE\r\nalpha\r\n\r\nzeta".utf8))
        try ProjectWordsFile.add(["omega", "Bash", "beta", "zulu", "alpha"], to: sorted, keepingSorted: true)
        #expect(FileSystem.read(sorted) == WordListLines.byteOrderMark
            + Array("# team words\r\nBash\r\nKDE\r\nalpha\r\n\r\nbeta\r\nomega\r\nzeta\r\nzulu\r\n".utf8))
        let unsorted = try tree.write("b/.textsvcd/words.txt", Array("zeta\nalpha\n".utf8))
        try ProjectWordsFile.add(["beta"], to: unsorted, keepingSorted: true)
        #expect(FileSystem.read(unsorted) == Array("zeta\nalpha\nbeta\n".utf8))
    }

    @Test func addingCreatesTheFolderAndFileReadableByTheTeam() throws {
        let tree = ProjectTree()
        let path = tree.root + "/.textsvcd/words.txt"
        try ProjectWordsFile.add(["first"], to: path)
        #expect(try tree.read(".textsvcd/words.txt") == "first\n")
        #expect(TestSystem.mode(of: tree.root + "/.textsvcd") == 0o755)
        #expect((TestSystem.mode(of: path) ?? 0) & 0o044 == 0o044)
        // No lock file is left among the project's files.
        #expect(try FileManager.default.contentsOfDirectory(atPath: tree.root + "/.textsvcd") == ["words.txt"])
    }

    @Test func addingRefusesAFileWithBadUTF8AndChangesNothing() throws {
        let tree = ProjectTree()
        let original: [UInt8] = Array("ok\n".utf8) + [0xC3, 0x28, 0x0A]
        let path = try tree.write(".textsvcd/words.txt", original)
        #expect(throws: TextServicesError.self) { try ProjectWordsFile.add(["new"], to: path) }
        do {
            try ProjectWordsFile.add(["new"], to: path)
        } catch {
            #expect(error.description.contains("words.txt:2: not UTF-8"), "\(error)")
        }
        #expect(FileSystem.read(path) == original)
        #expect(throws: TextServicesError.self) { try ProjectWordsFile.add(["two words"], to: tree.root + "/x/.textsvcd/words.txt") }
    }

    @Test func addingThroughASymbolicLinkWritesTheFileItPointsTo() throws {
        let tree = ProjectTree()
        let shared = try tree.write("shared/words.txt", "one\n")
        try tree.folder(".textsvcd")
        try FileManager.default.createSymbolicLink(atPath: tree.root + "/.textsvcd/words.txt", withDestinationPath: shared)
        try ProjectWordsFile.add(["two"], to: tree.root + "/.textsvcd/words.txt")
        #expect(try tree.read("shared/words.txt") == "one\ntwo\n")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: tree.root + "/.textsvcd/words.txt") == shared)
    }

    @Test func threadsAddingToOneFileAtOnceLoseNoWord() throws {
        let tree = ProjectTree()
        let path = tree.root + "/.textsvcd/words.txt"
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            for index in 0..<20 { _ = try? ProjectWordsFile.add(["w\(worker)x\(index)"], to: path) }
        }
        let words = ProjectWordsCache().words(for: tree.root).words
        #expect(words.count == 80)
        #expect(Set(words).count == 80)
    }

    // MARK: Where words go

    @Test func wordsGoToTheNearestTextsvcdFolderElseTheRepositoryRootElseAWorkspaceRoot() throws {
        let tree = ProjectTree()
        try tree.folder("repo/.git")
        let deep = try tree.folder("repo/src/module")
        #expect(ProjectWordsCache().words(for: deep).destination() == tree.root + "/repo/.textsvcd/words.txt")
        try tree.folder("repo/src/.textsvcd")
        #expect(ProjectWordsCache().words(for: deep).destination() == tree.root + "/repo/src/.textsvcd/words.txt")
        // A submodule or worktree has a .git file.
        try tree.write("repo/src/module/.git", "gitdir: ../../.git/modules/module\n")
        #expect(ProjectWordsCache().words(for: deep).destination() == tree.root + "/repo/src/module/.textsvcd/words.txt")
        let loose = try tree.folder("loose/notes")
        let words = ProjectWordsCache().words(for: loose)
        #expect(words.destination(workspaceRoots: [tree.root + "/loose"]) == tree.root + "/loose/.textsvcd/words.txt")
        #expect(words.destination(workspaceRoots: [tree.root + "/elsewhere"]) == nil)
        // With no project, adding writes beside the starting folder.
        let addition = try words.add("Loosely")
        #expect(addition.path == tree.root + "/loose/notes/.textsvcd/words.txt")
        #expect(ProjectWords.nearest(to: loose).accepts("Loosely"))
    }
}
