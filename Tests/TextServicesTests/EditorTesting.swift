import Foundation
@testable import TextServices
@testable import TextServicesProtocol

/// Helpers for tests that drive editors with the documented set-ups (docs/editors.md).
enum EditorTesting {}

extension EditorTesting {
    /// The code block that follows `<!-- snippet: NAME -->` in docs/editors.md, as written there.
    static func snippet(_ name: String) throws -> String {
        let text = try String(contentsOfFile: TestSupport.repositoryRoot + "/docs/editors.md", encoding: .utf8)
        guard let marker = text.range(of: "<!-- snippet: \(name) -->") else {
            throw SnippetMissing(name: name)
        }
        let rest = text[marker.upperBound...]
        guard let open = rest.range(of: "```"), let lineEnd = rest[open.upperBound...].firstIndex(of: "\n"),
              let close = rest[lineEnd...].range(of: "\n```") else {
            throw SnippetMissing(name: name)
        }
        return String(rest[rest.index(after: lineEnd)..<close.lowerBound]) + "\n"
    }

    struct SnippetMissing: Error, CustomStringConvertible {
        var name: String
        var description: String { "docs/editors.md has no code block after <!-- snippet: \(name) -->" }
    }

    /// An environment whose PATH finds the `textsvcd` under test first, as the documented snippets expect.
    static func environmentWithBinaryOnPath(_ root: String) -> [String: String] {
        var environment = TestSupport.isolatedEnvironment(root)
        let folder = URL(fileURLWithPath: TestSupport.binary).deletingLastPathComponent().path
        environment["PATH"] = folder + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        return environment
    }
}
