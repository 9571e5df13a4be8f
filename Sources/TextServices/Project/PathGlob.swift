/// A glob over paths relative to a project folder, as `exclude` and overrides in `.textsvcd/config.toml` write them.
///
/// `*` matches any characters but `/`, `**` any characters at all (folders
/// included), `?` one character but `/`, and `[abc]` one of a set. A glob
/// with no `/` but a trailing one matches a name at any depth (`*.lock`,
/// `node_modules`); one with a `/` matches from the project folder
/// (`bench/fixtures`). A glob that matches a folder matches everything in it.
/// A value; thread-safe.
public struct PathGlob: Sendable, Equatable, CustomStringConvertible {
    public let pattern: String
    private let parts: [UInt8]
    private let anchored: Bool

    public init(_ pattern: String) {
        self.pattern = pattern
        var body = pattern
        while body.hasSuffix("/") { body.removeLast() }
        if body.hasPrefix("./") { body.removeFirst(2) }
        let leadingSlash = body.hasPrefix("/")
        if leadingSlash { body.removeFirst() }
        anchored = leadingSlash || body.contains("/")
        parts = Array(body.utf8)
    }

    public var description: String { pattern }

    /// Whether `path` (relative to the project folder, `/`-separated) or a folder above it matches.
    public func matches(_ path: String) -> Bool {
        let bytes = Array(path.utf8)
        var starts = [0]
        if !anchored {
            for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "/") { starts.append(index + 1) }
        }
        for start in starts {
            // The whole rest, or a folder prefix of it.
            var end = start
            while end <= bytes.count {
                if end == bytes.count || bytes[end] == UInt8(ascii: "/") {
                    if Self.match(parts[...], bytes[start..<end]) { return true }
                }
                end += 1
            }
        }
        return false
    }

    /// Matches a glob against a name, `*` not crossing `/`, `**` crossing it.
    private static func match(_ glob: ArraySlice<UInt8>, _ text: ArraySlice<UInt8>) -> Bool {
        guard let first = glob.first else { return text.isEmpty }
        switch first {
        case UInt8(ascii: "*"):
            let isDouble = glob.dropFirst().first == UInt8(ascii: "*")
            var rest = glob.dropFirst(isDouble ? 2 : 1)
            if isDouble, rest.first == UInt8(ascii: "/") {
                // `**/` also matches no folder at all.
                if match(rest.dropFirst(), text) { return true }
            }
            if isDouble { rest = glob.dropFirst(2) }
            var index = text.startIndex
            while true {
                if match(rest, text[index...]) { return true }
                guard index < text.endIndex else { return false }
                if !isDouble, text[index] == UInt8(ascii: "/") { return false }
                index += 1
            }
        case UInt8(ascii: "?"):
            guard let byte = text.first, byte != UInt8(ascii: "/") else { return false }
            return match(glob.dropFirst(), text.dropFirst())
        case UInt8(ascii: "["):
            guard let close = glob.dropFirst().firstIndex(of: UInt8(ascii: "]")), let byte = text.first else {
                return text.first == first && match(glob.dropFirst(), text.dropFirst())
            }
            var set = glob[glob.startIndex + 1..<close]
            let negated = set.first == UInt8(ascii: "!") || set.first == UInt8(ascii: "^")
            if negated { set = set.dropFirst() }
            var found = false
            var index = set.startIndex
            while index < set.endIndex {
                if index + 2 < set.endIndex, set[index + 1] == UInt8(ascii: "-") {
                    if set[index] <= byte && byte <= set[index + 2] { found = true }
                    index += 3
                } else {
                    if set[index] == byte { found = true }
                    index += 1
                }
            }
            return found != negated && byte != UInt8(ascii: "/") && match(glob[(close + 1)...], text.dropFirst())
        default:
            return text.first == first && match(glob.dropFirst(), text.dropFirst())
        }
    }
}
