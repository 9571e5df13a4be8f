import Foundation
import Testing

/// What a run of the `textsvcd` binary printed and returned.
struct CommandRun {
    var status: Int32
    var standardOutput: String
    var standardError: String
}

/// Runs the `textsvcd` binary built next to the test bundle, with `input` on its standard input.
///
/// Fails the test (by throwing) when the binary has not been built.
func runTextsvcd(_ arguments: [String], input: String = "", environment: [String: String] = [:]) throws -> CommandRun {
    let folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    let binary = folder.appendingPathComponent("textsvcd")
    guard FileManager.default.isExecutableFile(atPath: binary.path) else {
        throw TestSupportError(message: "\(binary.path) is missing: build the textsvcd product first (swift build)")
    }
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
    let stdin = Pipe()
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    stdin.fileHandleForWriting.write(Data(input.utf8))
    try stdin.fileHandleForWriting.close()
    let output = stdout.fileHandleForReading.readDataToEndOfFile()
    let errors = stderr.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return CommandRun(status: process.terminationStatus,
                      standardOutput: String(decoding: output, as: UTF8.self),
                      standardError: String(decoding: errors, as: UTF8.self))
}

struct TestSupportError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

/// A fresh temporary folder for one test.
func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("textsvcd-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
