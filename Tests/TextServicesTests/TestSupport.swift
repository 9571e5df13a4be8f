import Foundation
import Testing
@testable import TextServices

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

    /// The bundled dictionaries folder.
    static var bundledDictionaries: String { repositoryRoot + "/dictionaries" }

    /// The test fixtures folder.
    static var fixtures: String { repositoryRoot + "/Tests/TextServicesTests/Fixtures" }

    /// A new empty temporary folder, unique to the call.
    static func temporaryFolder(_ label: String = "test") -> String {
        let path = NSTemporaryDirectory() + "textsvcd-\(label)-\(getpid())-\(UUID().uuidString.prefix(8))"
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// A configuration isolated from the user's files: bundled dictionaries, fixture dictionaries, a temporary data home.
    static func configuration(dataHome: String? = nil, extraDictionaries: [String] = [],
                              systemDictionaries: [String] = []) -> Configuration {
        Configuration(dictionaryPaths: extraDictionaries + [fixtures + "/dictionaries"],
                      dataHome: dataHome ?? temporaryFolder("data"),
                      bundledDictionaries: bundledDictionaries,
                      systemDictionaryPaths: systemDictionaries)
    }

    /// Services over `configuration()`.
    static func services(dataHome: String? = nil) -> Services {
        Services(configuration: configuration(dataHome: dataHome))
    }

    /// A request handler over fresh services.
    static func handler(dataHome: String? = nil) -> RequestHandler {
        RequestHandler(services: services(dataHome: dataHome))
    }

    /// Calls a method in-process and returns its result, or the service error.
    static func call(_ handler: RequestHandler, _ method: String, _ params: JSONValue = [:],
                     session: Session = Session()) -> Result<JSONValue, ServiceError> {
        handler.call(method: method, params: params.objectValue ?? [:], session: session)
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

/// Running the built `textsvcd` binary.
enum CommandLineRunner {
    /// The built executable, beside the test bundle in `.build/<config>/`.
    static var binary: String {
        let candidates = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("textsvcd").path,
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("textsvcd").path,
            TestSupport.repositoryRoot + "/.build/debug/textsvcd",
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates.last!
    }

    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs `textsvcd` with arguments and standard input, isolated from the user's files and any daemon.
    static func run(_ arguments: [String], stdin: [UInt8] = [], environment extra: [String: String] = [:]) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_DATA_HOME"] = TestSupport.temporaryFolder("cli-data")
        environment["XDG_RUNTIME_DIR"] = TestSupport.temporaryFolder("cli-run")
        environment["TEXTSVCD_SOCKET"] = nil
        environment["DICPATH"] = nil
        if let options = environment["TEXTSVCD_CHILD_ASAN_OPTIONS"] { environment["ASAN_OPTIONS"] = options }
        for (key, value) in extra { environment[key] = value }
        process.environment = environment
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        input.fileHandleForWriting.write(Data(stdin))
        try input.fileHandleForWriting.close()
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        let errData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let result = Output(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                            stderr: String(decoding: errData, as: UTF8.self))
        DaemonHarness.expectNoSanitizerReport(result.stderr, from: "textsvcd \(arguments.first ?? "")")
        return result
    }
}

extension Tag {
    /// A test that takes seconds: it runs real programs (the install scripts, a shell, `man`) or large inputs.
    @Tag static var slow: Self
}
