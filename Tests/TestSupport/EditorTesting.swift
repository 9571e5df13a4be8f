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

extension EditorTesting {
    /// Runs a program on a pseudo-terminal, as a person at a terminal would; `stdout` holds every byte the terminal got.
    ///
    /// Uses util-linux's `script` (Debian's essential bsdutils). Standard
    /// output and standard error both go to the terminal, with `\n` turned into
    /// `\r\n` as a terminal does; `TerminalScreen` replays them. The terminal
    /// reports no size, so programs fall back to `COLUMNS`.
    static func runInTerminal(_ executable: String, _ arguments: [String], environment: [String: String],
                              columns: Int = 100, timeout: Double = 120) throws -> TestProcess.Output {
        func quoted(_ word: String) -> String { "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        var environment = environment
        environment["COLUMNS"] = String(columns)
        let command = ([executable] + arguments).map(quoted).joined(separator: " ")
        return try TestProcess.run("/usr/bin/script", ["--quiet", "--return", "--flush", "--command", command, "/dev/null"],
                                   environment: environment, timeout: timeout)
    }
}

/// What a terminal shows after receiving some bytes: printable text, `\r`, `\n` and erase-line (`ESC [ K`) only.
struct TerminalScreen {
    private(set) var lines: [[Character]] = [[]]
    private var column = 0

    init(_ text: String) {
        var characters = Array(text)[...]
        while let character = characters.popFirst() {
            switch character {
            case "\r": column = 0
            case "\n", "\r\n": lines.append([]); column = 0
            case "\u{1B}":
                // Only "ESC [ K" (erase to the end of the line) is expected; anything else is kept visibly.
                if characters.starts(with: ["[", "K"]) {
                    characters.removeFirst(2)
                    lines[lines.count - 1].removeSubrange(min(column, lines[lines.count - 1].count)...)
                } else {
                    put("^")
                }
            default: put(character)
            }
        }
    }

    private mutating func put(_ character: Character) {
        var line = lines[lines.count - 1]
        while line.count < column { line.append(" ") }
        if column < line.count { line[column] = character } else { line.append(character) }
        lines[lines.count - 1] = line
        column += 1
    }

    /// The visible lines, without a last empty line.
    var text: [String] {
        var result = lines.map { String($0) }
        if result.last == "" { result.removeLast() }
        return result
    }
}
