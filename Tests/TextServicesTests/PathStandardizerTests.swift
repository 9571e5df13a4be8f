import Foundation
import Testing
@testable import TextServices
@testable import TextServicesTestSupport

@Suite struct PathStandardizerTests {
    private let scratch = TemporaryFolder("path")

    @Test func aPathIsStandardizedAsFoundationDoesWithLinksDotsAndMissingParts() throws {
        let root = (scratch.folder("paths") as NSString).resolvingSymlinksInPath
        defer { try? FileManager.default.removeItem(atPath: root) }
        let manager = FileManager.default
        try manager.createDirectory(atPath: root + "/real/inner", withIntermediateDirectories: true)
        try Data("x".utf8).write(to: URL(fileURLWithPath: root + "/real/inner/file.txt"))
        try manager.createSymbolicLink(atPath: root + "/linked", withDestinationPath: root + "/real")
        try manager.createSymbolicLink(atPath: root + "/real/inner/alias.txt", withDestinationPath: "file.txt")
        try manager.createSymbolicLink(atPath: root + "/real/inner/up", withDestinationPath: "..")
        let paths = [
            "/real/inner/file.txt", "/linked/inner/file.txt", "/linked/inner/alias.txt", "/real/inner/up/inner/file.txt",
            "/real/./inner/file.txt", "/real/inner/../inner/file.txt", "/linked/inner/missing.txt", "/missing/folder/file.txt",
            "/real/inner/.", "/real/inner/..", "/real/inner/up", "/linked",
        ]
        // Twice: the second time the folders come from memory.
        for _ in 0..<2 {
            for path in paths.map({ root + $0 }) {
                #expect(PathStandardizer.standardized(path) == (path as NSString).standardizingPath, "\(path)")
            }
        }
        #expect(PathStandardizer.standardized("/") == ("/" as NSString).standardizingPath)
        #expect(PathStandardizer.standardized("/tmp") == ("/tmp" as NSString).standardizingPath)
    }
}
