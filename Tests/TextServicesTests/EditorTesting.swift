import Foundation
@testable import TextServices

/// Helpers for tests that run the built `textsvcd` binary and other programs (editors, hunspell).
enum EditorTesting {
    /// The repository's root folder (where Package.swift is).
    static let repositoryRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url.path }
        }
        return FileManager.default.currentDirectoryPath
    }()

    /// The `textsvcd` executable under test: `$TEXTSVCD_BINARY`, or the one built beside the test bundle.
    static var binary: String {
        if let explicit = ProcessInfo.processInfo.environment["TEXTSVCD_BINARY"] { return explicit }
        let bundle = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let candidates = [
            URL(fileURLWithPath: bundle).deletingLastPathComponent().appendingPathComponent("textsvcd").path,
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("textsvcd").path,
            repositoryRoot + "/.build/debug/textsvcd",
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates[0]
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

    /// A new empty temporary folder.
    static func temporaryFolder(_ label: String) -> String {
        let path = NSTemporaryDirectory() + "textsvcd-\(label)-\(getpid())-\(UUID().uuidString.prefix(8))"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

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
