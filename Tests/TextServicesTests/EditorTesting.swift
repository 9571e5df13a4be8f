import Foundation
@testable import TextServices

/// Helpers for tests that run the built `textsvcd` binary and other programs (editors, hunspell).
enum EditorTesting {
    static var repositoryRoot: String { TestSupport.repositoryRoot }

    /// The `textsvcd` executable under test: `$TEXTSVCD_BINARY`, or the one built beside the test bundle.
    static var binary: String {
        ProcessInfo.processInfo.environment["TEXTSVCD_BINARY"] ?? CommandLineRunner.binary
    }

    /// The full path of a program on `PATH`, or nil.
    static func which(_ program: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/\(program)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    static func temporaryFolder(_ label: String) -> String { TestSupport.temporaryFolder(label) }

    /// An environment isolated from the user's files and daemon: private HOME and XDG folders.
    static func isolatedEnvironment(_ root: String) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for key in ["TEXTSVCD_SOCKET", "TEXTSVCD_LANG", "DICPATH", "XDG_CONFIG_HOME"] { environment[key] = nil }
        for folder in ["home", "data", "run", "state", "cache"] {
            try? FileManager.default.createDirectory(atPath: "\(root)/\(folder)", withIntermediateDirectories: true)
        }
        environment["HOME"] = root + "/home"
        environment["XDG_DATA_HOME"] = root + "/data"
        environment["XDG_RUNTIME_DIR"] = root + "/run"
        environment["XDG_STATE_HOME"] = root + "/state"
        environment["XDG_CACHE_HOME"] = root + "/cache"
        return environment
    }

    struct Output {
        var status: Int32
        var stdout: [UInt8]
        var stderr: String
        var text: String { String(decoding: stdout, as: UTF8.self) }
    }

    /// Runs a program with standard input; waits at most `timeout` seconds (then kills it and says so in `stderr`).
    static func run(_ executable: String, _ arguments: [String], stdin: [UInt8] = [], environment: [String: String],
                    currentDirectory: String? = nil, timeout: Double = 120) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        if let currentDirectory { process.currentDirectoryURL = URL(fileURLWithPath: currentDirectory) }
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let outBox = DataBox(), errBox = DataBox()
        let group = DispatchGroup()
        for (handle, box) in [(output.fileHandleForReading, outBox), (errors.fileHandleForReading, errBox)] {
            group.enter()
            DispatchQueue.global().async {
                box.data = handle.readDataToEndOfFile()
                group.leave()
            }
        }
        DispatchQueue.global().async {
            input.fileHandleForWriting.write(Data(stdin))
            try? input.fileHandleForWriting.close()
        }
        var timedOut = false
        if group.wait(timeout: .now() + timeout) == .timedOut {
            timedOut = true
            process.terminate()
            _ = group.wait(timeout: .now() + 5)
        }
        process.waitUntilExit()
        var stderr = String(decoding: errBox.data, as: UTF8.self)
        if timedOut { stderr += "\n[timed out after \(timeout) s]" }
        return Output(status: process.terminationStatus, stdout: Array(outBox.data), stderr: stderr)
    }

    private final class DataBox: @unchecked Sendable {
        var data = Data()
    }
}

extension EditorTesting {
    /// The code block that follows `<!-- snippet: NAME -->` in docs/editors.md, as written there.
    static func snippet(_ name: String) throws -> String {
        let text = try String(contentsOfFile: repositoryRoot + "/docs/editors.md", encoding: .utf8)
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
        var environment = isolatedEnvironment(root)
        let folder = URL(fileURLWithPath: binary).deletingLastPathComponent().path
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
                              columns: Int = 100, timeout: Double = 120) throws -> Output {
        func quoted(_ word: String) -> String { "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        var environment = environment
        environment["COLUMNS"] = String(columns)
        let command = ([executable] + arguments).map(quoted).joined(separator: " ")
        return try run("/usr/bin/script", ["--quiet", "--return", "--flush", "--command", command, "/dev/null"],
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
