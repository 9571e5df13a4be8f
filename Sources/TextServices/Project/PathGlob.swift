/// A glob over paths relative to a project folder, as `exclude` and overrides in `.textsvcd/config.toml` write them.
///
/// `*` matches any characters but `/`, `**` any characters at all (folders
/// included), `**/` no folder or any folders, `?` one character but `/`, and
/// `[abc]`, `[a-z]`, `[!a-z]` one character of a set (or not of it). A glob
/// with no `/` but a trailing one matches a name at any depth (`*.lock`,
/// `node_modules`); one with a `/` matches from the project folder
/// (`bench/fixtures`). A glob that matches a folder matches everything in it.
///
/// The glob is compiled once into a small automaton and matched in one pass
/// over the path, every start (a name at any depth) and every folder prefix
/// at once: time is at most the path's length times the glob's, whatever
/// the stars (no backtracking). `init` throws `PathGlob.Fault` for a glob
/// that does not compile (an empty one, an unclosed or empty `[]`, a
/// reversed range). A value; thread-safe.
public struct PathGlob: Sendable, Equatable, CustomStringConvertible {
    /// Why a glob does not compile.
    public struct Fault: Error, Sendable, Equatable, CustomStringConvertible {
        public var reason: String
        public var description: String { reason }
    }

    /// One step of a compiled glob.
    enum Token: Sendable, Equatable {
        /// This character.
        case scalar(UInt32)
        /// `?`: any character but `/`.
        case one
        /// `[...]`: a character in (or, negated, not in) the ranges, never `/`.
        case set([ClosedRange<UInt32>], negated: Bool)
        /// `*`: any characters but `/`.
        case star
        /// `**` not before `/`: any characters.
        case globstar
        /// `**/`, entered: goes on both to `foldersLoop` (the next token) and past it (no folder).
        case folders
        /// `**/`, inside: any characters, and past it after a `/`.
        case foldersLoop
    }

    public let pattern: String
    let tokens: [Token]
    private let anchored: Bool

    /// Compiles `pattern`; throws `Fault` when it cannot be (see the type's summary).
    public init(_ pattern: String) throws(Fault) {
        self.pattern = pattern
        var body = Substring(pattern)
        while body.hasSuffix("/") { body.removeLast() }
        if body.hasPrefix("./") { body.removeFirst(2) }
        let leadingSlash = body.hasPrefix("/")
        if leadingSlash { body.removeFirst() }
        guard !body.isEmpty else { throw Fault(reason: "an empty glob matches nothing") }
        anchored = leadingSlash || body.contains("/")
        tokens = try Self.compile(Array(body.unicodeScalars.map(\.value)))
    }

    public var description: String { pattern }

    private static let slash = UInt32(UInt8(ascii: "/"))

    private static func compile(_ scalars: [UInt32]) throws(Fault) -> [Token] {
        var tokens: [Token] = []
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            switch scalar {
            case UInt32(UInt8(ascii: "*")):
                if index + 1 < scalars.count, scalars[index + 1] == scalar {
                    index += 2
                    while index < scalars.count, scalars[index] == scalar { index += 1 }
                    if index < scalars.count, scalars[index] == slash {
                        index += 1
                        if tokens.last != .foldersLoop { tokens += [.folders, .foldersLoop] }
                    } else if tokens.last != .globstar {
                        tokens.append(.globstar)
                    }
                    continue
                }
                if tokens.last != .star && tokens.last != .globstar { tokens.append(.star) }
            case UInt32(UInt8(ascii: "?")):
                tokens.append(.one)
            case UInt32(UInt8(ascii: "[")):
                var at = index + 1
                let negated = at < scalars.count && (scalars[at] == UInt32(UInt8(ascii: "!")) || scalars[at] == UInt32(UInt8(ascii: "^")))
                if negated { at += 1 }
                var ranges: [ClosedRange<UInt32>] = []
                while at < scalars.count, scalars[at] != UInt32(UInt8(ascii: "]")) {
                    let low = scalars[at]
                    if at + 2 < scalars.count, scalars[at + 1] == UInt32(UInt8(ascii: "-")), scalars[at + 2] != UInt32(UInt8(ascii: "]")) {
                        let high = scalars[at + 2]
                        guard low <= high else {
                            throw Fault(reason: "the range \(Self.text(low))-\(Self.text(high)) in a [] set is reversed")
                        }
                        ranges.append(low...high)
                        at += 3
                    } else {
                        ranges.append(low...low)
                        at += 1
                    }
                }
                guard at < scalars.count else { throw Fault(reason: "a [ set is not closed with ]") }
                guard !ranges.isEmpty else { throw Fault(reason: "an empty [] set matches nothing") }
                tokens.append(.set(ranges, negated: negated))
                index = at
            default:
                tokens.append(.scalar(scalar))
            }
            index += 1
        }
        return tokens
    }

    private static func text(_ scalar: UInt32) -> String {
        Unicode.Scalar(scalar).map { String(Character($0)) } ?? "?"
    }

    /// Whether `path` (relative to the project folder, `/`-separated) or a folder above it matches.
    public func matches(_ path: String) -> Bool {
        run(path).matched
    }

    /// Matches in one pass; `steps` counts the automaton's state visits (at most about the path's length times the glob's).
    func run(_ path: String) -> (matched: Bool, steps: Int) {
        let final = tokens.count
        var current = [Bool](repeating: false, count: final + 1)
        var next = current
        var steps = 0
        // Adds a state and the states reachable from it without reading a character.
        func add(_ state: Int, to set: inout [Bool]) {
            var state = state
            while !set[state] {
                steps += 1
                set[state] = true
                guard state < final else { return }
                switch tokens[state] {
                case .star, .globstar:
                    state += 1
                case .folders:
                    // The loop has no move of its own without a character; past it, the rest of the glob.
                    if !set[state + 1] { set[state + 1] = true; steps += 1 }
                    state += 2
                default:
                    return
                }
            }
        }
        var started = false
        var previous: UInt32?
        for scalar in path.unicodeScalars.map(\.value) + [Self.slash] {
            // A name starts here: at the path's start, or after a `/` when the glob is not anchored.
            if !started || (!anchored && previous == Self.slash) {
                add(0, to: &current)
                started = true
            }
            // At a folder boundary (or the end), a finished glob matches this prefix.
            if scalar == Self.slash, current[final] { return (true, steps) }
            for index in next.indices { next[index] = false }
            var any = false
            for state in 0..<final where current[state] {
                steps += 1
                switch tokens[state] {
                case .scalar(let wanted):
                    if scalar == wanted { add(state + 1, to: &next) }
                case .one:
                    if scalar != Self.slash { add(state + 1, to: &next) }
                case .set(let ranges, let negated):
                    if scalar != Self.slash, ranges.contains(where: { $0.contains(scalar) }) != negated { add(state + 1, to: &next) }
                case .star:
                    if scalar != Self.slash { add(state, to: &next) }
                case .globstar:
                    add(state, to: &next)
                case .folders:
                    break
                case .foldersLoop:
                    add(state, to: &next)
                    if scalar == Self.slash { add(state + 1, to: &next) }
                }
                any = true
            }
            swap(&current, &next)
            previous = scalar
            if !any && anchored { return (false, steps) }
        }
        return (false, steps)
    }
}
