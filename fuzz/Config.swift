import Foundation
@testable import TextServices

/// Fuzzes the project config reader (`.textsvcd/config.toml` through TOMLKit into `ProjectConfig`) and the globs.
///
/// Input layout: the first byte picks the mode.
/// - Even: the rest is a config file. It is read as `ProjectConfig`, then
///   merged into `ProjectSettings` for a few paths (and for paths taken from
///   its own globs). Besides not crashing or hanging: a fault names the file
///   and a line inside it (or just past its end) and leaves no setting
///   behind; a file that reads has only compiled globs and patterns, tags
///   without spaces, and words that are not blank; an excluded path names
///   the glob that matched it.
/// - Odd: the rest is `GLOB\nPATH`. The glob is compiled; one that compiles
///   must give, for a short path, the answer of a plain backtracking matcher
///   over the same tokens (`reference`), and for any path an answer within
///   the automaton's step bound.
enum ConfigFuzz {
    static let path = "/p/.textsvcd/config.toml"
    static let probes = ["/p/a.txt", "/p/docs/de/x.md", "/p/vendor/a/b.c", "/p/a/Cargo.lock", "/p/.textsvcd/words.txt",
                         "/p/ü/ß.txt", "/q/outside.txt", "/p/" + String(repeating: "a/", count: 40) + "z"]

    static func config(_ bytes: [UInt8], input: [UInt8]) {
        let config = ProjectConfig(path: path, bytes: bytes)
        let lineCount = bytes.count { $0 == 0x0A } + 1
        if let error = config.error {
            guard error.hasPrefix(path + ":"), let line = Int(error.dropFirst(path.count + 1).prefix { $0.isNumber }),
                  line >= 1, line <= lineCount + 1 else {
                Fuzz.fail("a fault that names no line of the file: \(error.debugDescription)", input: input)
            }
            guard config.languages == nil, config.exclude.isEmpty, config.ignorePatterns.isEmpty, config.words.isEmpty,
                  config.checkStrings == nil, config.overrides.isEmpty else {
                Fuzz.fail("a broken config kept settings", input: input)
            }
            if ProjectSettings(configs: [config], for: probes[0]).errors != [error] {
                Fuzz.fail("the settings of a broken config do not carry its fault", input: input)
            }
            return
        }
        if config.compiledPatterns.count != config.ignorePatterns.count {
            Fuzz.fail("\(config.ignorePatterns.count) patterns but \(config.compiledPatterns.count) compiled", input: input)
        }
        for tag in (config.languages ?? []) + config.overrides.flatMap({ $0.languages ?? [] })
        where tag.isEmpty || tag.contains(where: { $0.isWhitespace || $0 == "," }) {
            Fuzz.fail("a language tag \(tag.debugDescription) was accepted", input: input)
        }
        if config.words.contains(where: { $0.trimmingCharacters(in: .whitespaces).isEmpty }) {
            Fuzz.fail("a blank word was accepted", input: input)
        }
        if let override = config.overrides.first(where: { $0.files.isEmpty || $0.line < 1 || $0.line > lineCount }) {
            Fuzz.fail("an override without files or outside the file: line \(override.line)", input: input)
        }
        let globs = config.exclude + config.overrides.flatMap(\.files)
        let paths = probes + globs.prefix(8).map { "/p/" + $0.pattern.replacingOccurrences(of: "*", with: "x") }
        for path in paths {
            let settings = ProjectSettings(configs: [config, config], for: path)
            if let excluded = settings.excludedBy {
                guard let relative = config.relativePath(of: path),
                      config.exclude.contains(where: { $0.pattern == excluded.value && $0.matches(relative) }) else {
                    Fuzz.fail("\(path) excluded by \(excluded.value.debugDescription), which does not match it", input: input)
                }
            }
            if settings.words.count != 2 * config.words.count || !settings.errors.isEmpty {
                Fuzz.fail("two configs' words do not join", input: input)
            }
            if let mode = settings.mode, !ProjectConfig.modes.contains(mode.value) {
                Fuzz.fail("mode \(mode.value.debugDescription) in force", input: input)
            }
        }
    }

    static func glob(_ bytes: [UInt8], input: [UInt8]) {
        let parts = bytes.split(separator: 0x0A, maxSplits: 1, omittingEmptySubsequences: false)
        let pattern = String(decoding: parts[0], as: UTF8.self)
        let path = parts.count > 1 ? String(decoding: parts[1], as: UTF8.self) : ""
        guard let glob = try? PathGlob(pattern) else { return }
        let (matched, steps) = glob.run(path)
        let bound = 3 * (path.unicodeScalars.count + 1) * (glob.tokens.count + 1)
        if steps > bound { Fuzz.fail("\(steps) steps for \(pattern.debugDescription) against a bound of \(bound)", input: input) }
        guard path.unicodeScalars.count <= 16, glob.tokens.count <= 10 else { return }
        let expected = reference(glob, path)
        if matched != expected {
            Fuzz.fail("\(pattern.debugDescription) on \(path.debugDescription): \(matched), the reference says \(expected)", input: input)
        }
    }

    /// The glob's documented meaning, by backtracking: every start of a name (or the path's start), every folder prefix.
    static func reference(_ glob: PathGlob, _ path: String) -> Bool {
        let text = path.unicodeScalars.map(\.value)
        let slash = UInt32(UInt8(ascii: "/"))
        var body = Substring(glob.pattern)
        while body.hasSuffix("/") { body.removeLast() }
        if body.hasPrefix("./") { body.removeFirst(2) }
        let anchored = body.hasPrefix("/") || body.contains("/")
        var starts = [0]
        if !anchored { starts += text.indices.filter { text[$0] == slash }.map { $0 + 1 } }
        for start in starts {
            for end in start...text.count where end == text.count || text[end] == slash {
                if match(glob.tokens[...], text[start..<end]) { return true }
            }
        }
        return false
    }

    static func match(_ tokens: ArraySlice<PathGlob.Token>, _ text: ArraySlice<UInt32>) -> Bool {
        let slash = UInt32(UInt8(ascii: "/"))
        guard let token = tokens.first else { return text.isEmpty }
        let rest = tokens.dropFirst()
        switch token {
        case .star, .globstar:
            var index = text.startIndex
            while true {
                if match(rest, text[index...]) { return true }
                guard index < text.endIndex, token == .globstar || text[index] != slash else { return false }
                index += 1
            }
        case .folders:
            let past = tokens.dropFirst(2)
            if match(past, text) { return true }
            return text.indices.contains { text[$0] == slash && match(past, text[($0 + 1)...]) }
        case .foldersLoop:
            return false
        case .one:
            guard let first = text.first, first != slash else { return false }
            return match(rest, text.dropFirst())
        case .set(let ranges, let negated):
            guard let first = text.first, first != slash, ranges.contains(where: { $0.contains(first) }) != negated else { return false }
            return match(rest, text.dropFirst())
        case .scalar(let wanted):
            return text.first == wanted && match(rest, text.dropFirst())
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfig(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    var reader = FuzzReader(input)
    let mode = reader.byte()
    let rest = reader.rest()
    if mode & 1 == 0 { ConfigFuzz.config(rest, input: input) } else { ConfigFuzz.glob(rest, input: input) }
    return 0
}
