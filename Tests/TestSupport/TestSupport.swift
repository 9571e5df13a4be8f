import Foundation
import Testing
@testable import TextServices
@testable import TextServicesProtocol
#if canImport(Glibc)
import Glibc
#endif

// The shared helpers of the test suite: paths, temporary folders, services, and running programs.

extension Tag {
    /// Tests that drive real editors (Neovim, Emacs).
    @Tag static var editors: Self
}

extension Trait where Self == ConditionTrait {
    /// Marks a suite or test slow (it starts the real daemon or other processes and takes seconds).
    ///
    /// The one trait a slow suite needs: it runs unless `TEXTSVCD_FAST_TESTS=1`
    /// (`scripts/test --fast`) asks for the quick run.
    static var slow: Self {
        .enabled(if: ProcessInfo.processInfo.environment["TEXTSVCD_FAST_TESTS"] != "1",
                 "a slow suite; the fast run (TEXTSVCD_FAST_TESTS=1) skips it")
    }
}

/// A failure a helper reports in words.
struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Shared helpers for the test suite.
enum TestSupport {
    /// The repository's root folder (where Package.swift is).
    static let repositoryRoot: String = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url.path }
        }
        fatalError("cannot find the repository root from \(#filePath)")
    }()

    /// How much more memory a process may use in this run: ASan's shadow memory and redzones roughly double it.
    static var memoryAllowanceFactor: Int {
        ProcessInfo.processInfo.environment["TEXTSVCD_SANITIZER"] == "address" ? 2 : 1
    }

    /// How much longer waits may take in this run: sanitized builds (scripts/sanitizers) run several times slower.
    static var slowdown: Double {
        switch ProcessInfo.processInfo.environment["TEXTSVCD_SANITIZER"] {
        case "thread": return 6
        case "address": return 2
        default: return 1
        }
    }

    /// A bound for a wall-clock assertion: `seconds` stretched by `slowdown` (compare with `ContinuousClock` times).
    static func bound(_ seconds: Double) -> Duration {
        .milliseconds(Int64(seconds * slowdown * 1000))
    }

    /// The bundled dictionaries folder.
    static var bundledDictionaries: String { repositoryRoot + "/dictionaries" }

    /// The fixtures folder of a test target (`Tests/TARGET/Fixtures`).
    static func fixtures(_ target: String) -> String { repositoryRoot + "/Tests/\(target)/Fixtures" }

    /// Hunspell's own regression suite (`Tests/TextServicesTests/Fixtures/hunspell`).
    static var hunspellSuite: String { fixtures("TextServicesTests") + "/hunspell" }

    /// The lines of a word list as raw bytes (in the dictionary's charset), trimmed, empty lines dropped.
    static func wordList(_ path: String) -> [[UInt8]] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        return data.split(separator: 0x0A).map { line in
            var bytes = Array(line)
            while let last = bytes.last, last == 0x0D || last == 0x20 || last == 0x09 { bytes.removeLast() }
            while let first = bytes.first, first == 0x20 || first == 0x09 { bytes.removeFirst() }
            return bytes
        }.filter { !$0.isEmpty }
    }

    /// The byte ranges of the space-separated words of `text`.
    static func spaceSeparatedWords(_ text: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0
        for index in 0...text.count where index == text.count || text[index] == UInt8(ascii: " ") {
            if start < index { ranges.append(start..<index) }
            start = index + 1
        }
        return ranges
    }

    /// A new empty temporary folder for the whole run, removed when the test process exits.
    ///
    /// For what the run shares (a cache every test uses). A test's own folders
    /// come from a `TemporaryFolder`, removed when the test ends.
    static func temporaryFolder(_ label: String = "test") -> String {
        TemporaryFolders.make(label, forTheRun: true)
    }

    /// Writes a small UTF-8 dictionary (`tag.aff`, `tag.dic`, and `frequencies` as `tag.freq` when given)
    /// into a fresh folder (in `scratch`, else one for the run) and returns its info.
    static func writeDictionary(in scratch: TemporaryFolder? = nil, tag: String, aff: String, dic: String,
                                frequencies: String? = nil) throws -> DictionaryInfo {
        let base = (scratch?.folder("dictionary") ?? temporaryFolder("dictionary")) + "/" + tag
        try aff.write(toFile: base + ".aff", atomically: true, encoding: .utf8)
        try dic.write(toFile: base + ".dic", atomically: true, encoding: .utf8)
        if let frequencies { try frequencies.write(toFile: base + ".freq", atomically: true, encoding: .utf8) }
        return DictionaryInfo(tag: LanguageTag(tag)!, source: .user, path: base)
    }

    // MARK: Services in this process

    /// A configuration isolated from the user's files: bundled dictionaries, fixture dictionaries, a temporary data home.
    ///
    /// Without `dataHome`, the data home is a folder for the whole run: a test that writes passes its own.
    static func configuration(dataHome: String? = nil, extraDictionaries: [String] = [],
                              systemDictionaries: [String] = []) -> Configuration {
        Configuration(dictionaryPaths: extraDictionaries + [fixtures("TestSupport") + "/dictionaries"],
                      dataHome: dataHome ?? temporaryFolder("data"),
                      bundledDictionaries: bundledDictionaries,
                      systemDictionaryPaths: systemDictionaries)
    }

    /// Services over `configuration()`, for a test that changes state (learns words, writes pasteboards).
    static func services(dataHome: String? = nil) -> Services {
        Services(configuration: configuration(dataHome: dataHome))
    }

    /// One set of services the whole suite shares, for tests that only read.
    ///
    /// Its dictionaries and suggestion indexes are built once for every test
    /// that uses it. A test that learns, ignores or writes must make its own.
    static let sharedServices = services()

    /// A request dispatcher over fresh services (for tests that change state) or the shared ones.
    static func dispatcher(dataHome: String? = nil, shared: Bool = false) -> RequestDispatcher {
        RequestDispatcher(services: shared ? sharedServices : services(dataHome: dataHome))
    }

    /// The dispatcher over `sharedServices`.
    static let sharedDispatcher = RequestDispatcher(services: sharedServices)

    /// Calls a method in-process and returns its result, or the service error.
    static func call(_ dispatcher: RequestDispatcher = sharedDispatcher, _ method: String, _ params: JSONValue = [:],
                     session: ConnectionState = ConnectionState()) -> Result<JSONValue, ServiceError> {
        dispatcher.call(method: method, params: params.objectValue ?? [:], session: session)
    }

    // MARK: Programs

    /// The `textsvcd` executable under test: `$TEXTSVCD_BINARY`, or the one built beside the test bundle.
    static let binary: String = {
        if let explicit = ProcessInfo.processInfo.environment["TEXTSVCD_BINARY"] { return explicit }
        let bundle = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let candidates = [
            URL(fileURLWithPath: bundle).deletingLastPathComponent().appendingPathComponent("textsvcd").path,
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("textsvcd").path,
            repositoryRoot + "/.build/debug/textsvcd",
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates.last!
    }()

    /// The full path of a program on `PATH`, or nil.
    static func which(_ program: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/\(program)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// A cache home with the bundled en_US compiled, shared by the programs every test starts.
    ///
    /// A daemon compiles each dictionary it loads without a compiled form (a
    /// debug build takes seconds for en_US): compiled once here, the forms are
    /// found ready by every daemon of the run. Dictionaries other tests load
    /// are compiled into it in the background, once for the run.
    static let compiledCacheHome: String = {
        let folder = temporaryFolder("compiled-cache")
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_CACHE_HOME"] = folder
        environment["DICPATH"] = nil
        _ = try? TestProcess.run(binary, ["dictionaries", "compile", "en_US"], environment: environment, timeout: 600)
        return folder
    }()

    /// An environment isolated from the user's files and daemon: private HOME and XDG folders under `root`.
    ///
    /// The cache home is `compiledCacheHome`, shared by the run.
    static func isolatedEnvironment(_ root: String) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        // No DISPLAY either: a daemon under test must never touch the desktop's clipboard of the person running the tests.
        for key in ["TEXTSVCD_SOCKET", "TEXTSVCD_LANG", "DICPATH", "XDG_CONFIG_HOME", "LISTEN_PID", "LISTEN_FDS",
                    "LISTEN_FDNAMES", "DISPLAY", "WAYLAND_DISPLAY", "TEXTSVCD_CLIPBOARD"] {
            environment[key] = nil
        }
        for folder in ["home", "data", "run", "state", "cache"] {
            try? FileManager.default.createDirectory(atPath: "\(root)/\(folder)", withIntermediateDirectories: true)
        }
        environment["HOME"] = root + "/home"
        environment["XDG_DATA_HOME"] = root + "/data"
        environment["XDG_RUNTIME_DIR"] = root + "/run"
        environment["XDG_STATE_HOME"] = root + "/state"
        environment["XDG_CACHE_HOME"] = compiledCacheHome
        // scripts/sanitizers checks the daemon and commands for leaks, but not the test process (Foundation's Process leaks).
        if let options = environment["TEXTSVCD_CHILD_ASAN_OPTIONS"] { environment["ASAN_OPTIONS"] = options }
        return environment
    }

    /// `isolatedEnvironment` in a new temporary folder for the run, with git kept from the user's config and given an author.
    static func gitEnvironment(_ name: String) -> [String: String] {
        gitEnvironment(in: temporaryFolder(name))
    }

    /// `isolatedEnvironment` in `root`, with git kept from the user's config and given an author.
    static func gitEnvironment(in root: String) -> [String: String] {
        var environment = isolatedEnvironment(root)
        environment["GIT_CONFIG_GLOBAL"] = "/dev/null"
        environment["GIT_CONFIG_NOSYSTEM"] = "1"
        environment["GIT_AUTHOR_NAME"] = "Test"
        environment["GIT_AUTHOR_EMAIL"] = "test@example.org"
        environment["GIT_COMMITTER_NAME"] = "Test"
        environment["GIT_COMMITTER_EMAIL"] = "test@example.org"
        return environment
    }

    /// The process id of the daemon serving an environment's default socket, if one runs (from its lock file).
    static func daemonProcess(in environment: [String: String]) -> Int32? {
        let socket = SocketPath.resolve(environment: environment)
        guard let bytes = FileSystem.read(socket + ".lock"),
              let pid = Int32(String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)),
              pid > 1, kill(pid, 0) == 0 else { return nil }
        return pid
    }

    /// Stops the daemon serving an environment's default socket, waiting up to ten seconds for it to exit.
    static func stopDaemon(in environment: [String: String]) {
        guard let pid = daemonProcess(in: environment) else { return }
        kill(pid, SIGTERM)
        for _ in 0..<1000 where kill(pid, 0) == 0 { usleep(10_000) }
    }

    /// Records an issue when a sanitizer (scripts/sanitizers) reported a problem in a child's output.
    static func expectNoSanitizerReport(_ output: String, from what: String) {
        guard let start = output.range(of: "ERROR: AddressSanitizer") ?? output.range(of: "ERROR: LeakSanitizer")
            ?? output.range(of: "WARNING: ThreadSanitizer") ?? output.range(of: "runtime error:") else { return }
        Issue.record("\(what) reported: \(output[start.lowerBound...].prefix(6000))")
    }
}

/// Runs programs for tests: the `textsvcd` under test, editors, peers.
///
/// Output goes to files, not pipes, so a program that fills one stream
/// while the test reads the other can never deadlock.
enum TestProcess {
    /// What a finished program printed, and its exit status (128+N for signal N).
    struct Output {
        var status: Int32
        var stdoutBytes: [UInt8]
        var stderr: String
        var stdout: String { String(decoding: stdoutBytes, as: UTF8.self) }
    }

    /// Runs a program with standard input; waits at most `timeout` seconds, then kills it and says so in `stderr`.
    ///
    /// A daemon an editor door started during the run (none served the
    /// environment's socket before) is stopped afterwards, unless
    /// `keepingDaemon` (a test that needs the daemon a door started, and
    /// stops it itself). With `stdinFromNull`, standard input is `/dev/null`
    /// (as in a terminal's script or CI) instead of a file holding `stdin`.
    static func run(_ executable: String, _ arguments: [String], stdin: [UInt8] = [], environment: [String: String],
                    currentDirectory: String? = nil, timeout: Double = 120, stdinFromNull: Bool = false,
                    keepingDaemon: Bool = false) throws -> Output {
        let daemonBefore = TestSupport.daemonProcess(in: environment)
        defer { if daemonBefore == nil, !keepingDaemon { TestSupport.stopDaemon(in: environment) } }
        let scratch = TemporaryFolder("run")
        defer { scratch.remove() }
        let folder = scratch.path
        for name in ["in", "out", "err"] {
            _ = FileManager.default.createFile(atPath: "\(folder)/\(name)", contents: name == "in" ? Data(stdin) : nil)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment
        if let currentDirectory { process.currentDirectoryURL = URL(fileURLWithPath: currentDirectory) }
        process.standardInput = stdinFromNull ? FileHandle.nullDevice
            : try FileHandle(forReadingFrom: URL(fileURLWithPath: folder + "/in"))
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: folder + "/out"))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: folder + "/err"))
        try process.run()
        let deadline = Date().addingTimeInterval(timeout * TestSupport.slowdown)
        while process.isRunning, Date() < deadline { usleep(5_000) }
        let timedOut = process.isRunning
        if timedOut {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        let status = process.terminationReason == .exit ? process.terminationStatus : 128 + process.terminationStatus
        var stderr = (try? String(contentsOfFile: folder + "/err", encoding: .utf8)) ?? ""
        if timedOut { stderr += "\n[timed out after \(timeout) s]" }
        let output = Output(status: status, stdoutBytes: FileSystem.read(folder + "/out") ?? [], stderr: stderr)
        if executable == TestSupport.binary {
            TestSupport.expectNoSanitizerReport(output.stderr, from: "textsvcd \(arguments.first ?? "")")
        }
        return output
    }

    /// Runs `textsvcd` with arguments, isolated from the user's files and any daemon (`extra` adds variables).
    ///
    /// The private folders are removed when it returns.
    static func textsvcd(_ arguments: [String], stdin: [UInt8] = [], environment extra: [String: String] = [:],
                         timeout: Double = 120) throws -> Output {
        let scratch = TemporaryFolder("cli")
        defer { scratch.remove() }
        var environment = TestSupport.isolatedEnvironment(scratch.path)
        for (key, value) in extra { environment[key] = value }
        return try run(TestSupport.binary, arguments, stdin: stdin, environment: environment, timeout: timeout)
    }

    /// Runs `textsvcd` in exactly the environment given (a daemon harness's sandbox).
    static func textsvcd(_ arguments: [String], in environment: [String: String], stdin: String = "",
                         timeout: Double = 60) throws -> Output {
        try run(TestSupport.binary, arguments, stdin: Array(stdin.utf8), environment: environment, timeout: timeout)
    }
}

extension Result where Success == JSONValue, Failure == ServiceError {
    /// The result value, or nil on an error.
    var value: JSONValue? { try? get() }
    /// The error code, or nil on success.
    var errorCode: Int? {
        if case .failure(let error) = self { return error.code }
        return nil
    }
}
