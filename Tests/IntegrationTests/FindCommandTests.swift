import Foundation
import Testing
@testable import TextServices
@testable import TextServicesProtocol
@testable import TextServicesTestSupport

@Test func findCommandPrintsPathLineAndCharacterColumn() throws {
    let scratch = TemporaryFolder(); defer { scratch.remove() }
    let folder = URL(fileURLWithPath: scratch.folder("units"))
    defer { try? FileManager.default.removeItem(at: folder) }
    let first = folder.appendingPathComponent("one.txt")
    let second = folder.appendingPathComponent("two.txt")
    try Data("café 😀 Cat\r\nno\nthe cat\n".utf8).write(to: first)
    try Data("nothing here\n".utf8).write(to: second)
    let run = try TestProcess.textsvcd(["find", "-i", "cat", first.path, second.path])
    #expect(run.status == 0)
    #expect(run.stdout == "\(first.path):1:8: café 😀 Cat\n\(first.path):3:5: the cat\n")
    let only = try TestProcess.textsvcd(["find", "-o", "[a-z]+", "-"], stdin: Array("ab 12 cd\nef".utf8))
    #expect(only.stdout == "-:1:1: ab\n-:1:7: cd\n-:2:1: ef\n")
    let anchored = try TestProcess.textsvcd(["find", "--no-filename", "^t"], stdin: Array("a\nthe\nto".utf8))
    #expect(anchored.stdout == "2:1: the\n3:1: to\n")
    let literal = try TestProcess.textsvcd(["find", "-F", "a.c", "-"], stdin: Array("abc\na.c\n".utf8))
    #expect(literal.stdout == "-:2:1: a.c\n")
    #expect(try TestProcess.textsvcd(["find", "zzz", second.path]).status == 1)
    let bad = try TestProcess.textsvcd(["find", "(abc", second.path])
    #expect(bad.status == 2)
    #expect(bad.stderr.contains("unbalanced parentheses"))
    let missing = try TestProcess.textsvcd(["find", "x", "/nonexistent/file", first.path])
    #expect(missing.status == 2)
}

@Test func findCommandPagesThroughManyMatches() throws {
    let text = String(repeating: "x", count: 250_000) + "\ny\n"
    let run = try TestProcess.textsvcd(["find", "-o", "x|y", "--no-filename"], stdin: Array(text.utf8))
    #expect(run.status == 0)
    let lines = run.stdout.split(separator: "\n")
    #expect(lines.count == 250_001)
    #expect(lines[249_999] == "1:250000: x")
    #expect(lines.last == "2:1: y")
}
