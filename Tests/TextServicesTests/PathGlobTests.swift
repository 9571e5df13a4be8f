import Foundation
import Testing
@testable import TextServices
@testable import TextServicesTestSupport

/// `PathGlob`: the globs of `exclude` and overrides, matched without backtracking.
@Suite struct PathGlobTests {
    @Test(arguments: [
        ("**/x", "x", true), ("**/x", "a/b/x", true), ("a/**/b", "a/b", true), ("a/**/b", "a/x/y/b/c.txt", true),
        ("a/**/b", "ab", false), ("a**b", "a/x/b", true), ("a*b", "a/b", false), ("?.md", "a/b.md", true),
        ("?.md", "ab.md", false), ("[!a-c]x", "dx", true), ("[!a-c]x", "bx", false), ("[a-]x", "-x", true),
        ("ü?.txt", "docs/üß.txt", true), ("/top", "top/a", true), ("/top", "a/top", false), ("docs/", "docs/x.md", true),
        ("*", "anything/at/all", true), ("a/*/c", "a/b/c", true), ("a/*/c", "a/b/b/c", false),
        // Found by fuzz/Config.swift: `**/` once crossed into the rest of the glob without a `/`.
        ("**/[x*]", "/**x/", false), ("**/[x*]", "a/x", true), ("**/x", "ax", false), ("a/**/b", "a/xb", false),
    ])
    func globSyntaxMatchesAsDocumented(glob: String, path: String, matches: Bool) throws {
        #expect(try PathGlob(glob).matches(path) == matches)
    }

    @Test(arguments: [
        ("", "empty glob"), ("/", "empty glob"), ("src/[a-z", "not closed"), ("x[]", "empty [] set"),
        ("[z-a]", "the range z-a in a [] set is reversed"),
    ])
    func aGlobThatDoesNotCompileSaysWhy(glob: String, reason: String) {
        #expect(throws: PathGlob.Fault.self) { try PathGlob(glob) }
        do {
            _ = try PathGlob(glob)
        } catch {
            #expect(error.reason.contains(reason), "\(error.reason)")
        }
    }

    /// Globs that make a backtracking matcher take exponential time, against paths they almost match.
    static let hostile: [(glob: String, path: String)] = [
        (Array(repeating: "**", count: 12).joined(separator: "/") + "/a",
         Array(repeating: "x", count: 60).joined(separator: "/") + "/b"),
        ("*a*a*a*a*a*a*a*a*a*a*b", String(repeating: "a", count: 200)),
        (Array(repeating: "**a", count: 12).joined() + "b", String(repeating: "a/", count: 100)),
        ("[a-z]*[a-z]*[a-z]*[a-z]*[a-z]*[a-z]*1", "x/" + String(repeating: "ab", count: 150)),
    ]

    @Test func matchingVisitsAtMostPathTimesGlobStates() throws {
        for (glob, path) in Self.hostile {
            let compiled = try PathGlob(glob)
            let (matched, steps) = compiled.run(path)
            #expect(!matched)
            // Each character (and the end) visits each state at most three times: a start, a step, a closure.
            let bound = 3 * (path.unicodeScalars.count + 1) * (compiled.tokens.count + 1)
            #expect(steps <= bound, "\(glob): \(steps) steps against \(bound)")
        }
    }

    @Test func hostileGlobsAnswerInMilliseconds() throws {
        let globs = try Self.hostile.map { try PathGlob($0.glob) }
        let started = ContinuousClock.now
        for _ in 0..<20 {
            for (glob, pair) in zip(globs, Self.hostile) { #expect(!glob.matches(pair.path)) }
        }
        #expect(ContinuousClock.now - started < TestSupport.bound(2))
    }
}
