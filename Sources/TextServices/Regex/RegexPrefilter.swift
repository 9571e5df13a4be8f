/// A fast test that text cannot match a regular expression: the literals every match must contain, found by a byte scan.
///
/// Built from a pattern and its options, it holds one literal for each
/// top-level alternative (`foo|bar+` needs `foo` or `bar`): the longest run
/// of plain characters the alternative cannot match without. `mayMatch`
/// scans text for them (`memmem`); when none is there, no match is possible
/// and ICU need not run. When the pattern is not understood (inline flags,
/// `comments`, an alternative with no required literal), there is no
/// literal and `mayMatch` is always true: the prefilter can only skip work,
/// never change what matches. With `caseInsensitive`, literals are ASCII
/// (a non-ASCII letter makes the alternative unknown) and text holding a
/// character whose full case folding gives one of the literals' letters
/// (`ß` gives `ss`, `K` (Kelvin) `k`, `ﬁ` `fi`: `foldingScalars`) is always
/// handed to ICU, which folds them so. A value; thread-safe.
public struct RegexPrefilter: Sendable, Equatable {
    /// The literals, in UTF-8 (lower-cased when case-insensitive): every match contains one; nil when the pattern gives none.
    public let literals: [[UInt8]]?
    /// Whether literals are compared regardless of ASCII case.
    public let caseInsensitive: Bool
    /// With `caseInsensitive`: the characters outside ASCII that ICU's case-insensitive matching may take for one of the
    /// literals' letters (`caseFoldingToASCII`); text without them matches only where a literal is, regardless of ASCII case.
    let foldingScalars: [UInt32]
    /// For each lead byte from 0xC0: whether a scalar `firstFoldingScalar` decodes from it may be one of `foldingScalars`
    /// (bit `lead - 0xC0`); text written in other scripts is stepped over without decoding it.
    let foldingLeads: UInt64
    /// The runs of byte classes every match must contain (`[0-9]{4}-` is ten positions), used when the literals are
    /// missing or shorter than `ByteClassRuns.useBelow`; nil when the pattern gives none or the literals suffice.
    public let classRuns: ByteClassRuns?

    /// Every character outside ASCII whose full case folding, lower or upper case holds ASCII letters, with those letters
    /// (Unicode's CaseFolding.txt: the sharp s, dotted and dotless i, long s, the Kelvin sign, the Latin ligatures, ...).
    static let caseFoldingToASCII: [(scalar: UInt32, letters: String)] = [
        (0xDF, "s"), (0x130, "i"), (0x131, "i"), (0x149, "n"), (0x17F, "s"), (0x1F0, "j"),
        (0x1E96, "h"), (0x1E97, "t"), (0x1E98, "w"), (0x1E99, "y"), (0x1E9A, "a"), (0x1E9E, "s"), (0x212A, "k"),
        (0xFB00, "f"), (0xFB01, "fi"), (0xFB02, "fl"), (0xFB03, "fi"), (0xFB04, "fl"), (0xFB05, "st"), (0xFB06, "st"),
    ]

    public init(pattern: String, options: RegexOptions = []) {
        caseInsensitive = options.contains(.caseInsensitive)
        let literals: [[UInt8]]?
        var runs: [[[UInt8]]]?
        if options.contains(.comments) {
            literals = nil
        } else if options.contains(.literal) {
            let bytes = Array(pattern.utf8)
            let usable = !bytes.isEmpty && !(caseInsensitive && bytes.contains { $0 >= 0x80 })
            literals = usable ? [caseInsensitive ? bytes.map(Self.lowered) : bytes] : nil
        } else {
            var parser = Parser(scalars: Array(pattern.unicodeScalars), caseInsensitive: caseInsensitive)
            (literals, runs) = parser.required()
        }
        self.literals = literals
        // The class runs are scanned only where the literals are short (`-`) or missing: memmem finds a literal faster.
        let shortestRun = runs?.map(\.count).min() ?? 0
        let shortestLiteral = literals?.map(\.count).min() ?? 0
        if shortestLiteral >= ByteClassRuns.useBelow || shortestRun <= shortestLiteral { runs = nil }
        classRuns = runs.flatMap(ByteClassRuns.init)
        var letters = Set((literals ?? []).joined())
        for run in runs ?? [] { for position in run { letters.formUnion(position.map(Self.lowered)) } }
        foldingScalars = caseInsensitive ? Self.foldingScalars(of: letters) : []
        foldingLeads = Self.leads(of: foldingScalars)
    }

    /// The characters outside ASCII that ICU's case-insensitive matching may take for one of `letters` (ASCII, lower case).
    static func foldingScalars(of letters: Set<UInt8>) -> [UInt32] {
        caseFoldingToASCII.filter { $0.letters.utf8.contains(where: letters.contains) }.map(\.scalar)
    }

    /// Whether text of these UTF-8 bytes may hold a match (false: it certainly does not).
    public func mayMatch(_ bytes: [UInt8]) -> Bool {
        if let classRuns {
            return bytes.withUnsafeBytes { buffer in
                classRuns.firstMatchEnd(buffer, from: 0) != nil || firstFoldingScalar(buffer, from: 0) != nil
            }
        }
        guard let literals else { return true }
        return bytes.withUnsafeBytes { buffer in
            if caseInsensitive {
                if firstFoldingScalar(buffer, from: 0) != nil { return true }
                return literals.contains { ByteSearch.containsIgnoringASCIICase(buffer, lowered: $0) }
            }
            return literals.contains { ByteSearch.contains(buffer, $0) }
        }
    }

    /// The offset of the first character of `foldingScalars` at or after `from` (a character boundary), if any.
    ///
    /// Bytes that are not valid UTF-8 are stepped over one at a time.
    func firstFoldingScalar(_ buffer: UnsafeRawBufferPointer, from: Int) -> Int? {
        guard !foldingScalars.isEmpty else { return nil }
        return ByteSearch.firstScalar(buffer, of: foldingScalars, leads: foldingLeads, from: from)
    }

    /// The `foldingLeads` of some scalars: every lead byte that `firstFoldingScalar`'s decoding (which does not
    /// check continuation bytes or overlong forms) could turn into one of them.
    static func leads(of scalars: [UInt32]) -> UInt64 {
        var leads: UInt64 = 0
        for lead in UInt32(0xC0)...0xFF {
            let length: UInt32 = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
            let shift = 6 * (length - 1)
            let low = (lead & (0xFF >> (length + 1))) << shift
            let high = low + (1 << shift)
            if scalars.contains(where: { $0 >= low && $0 < high }) { leads |= 1 << UInt64(lead - 0xC0) }
        }
        return leads
    }

    static func lowered(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }

    /// An ASCII letter in lower and upper case; any other byte alone.
    static func bothCases(_ byte: UInt8) -> [UInt8] {
        let lower = lowered(byte)
        return lower >= 0x61 && lower <= 0x7A ? [lower, lower - 0x20] : [byte]
    }

    /// The bytes a set (`[` to `]`) matches when it is a plain ASCII one, nil otherwise.
    ///
    /// Plain: not negated or nested, members printable ASCII other than
    /// `[ ] - & ^ $ { } :` and space (which ICU's set syntax may read
    /// otherwise), escaped symbols, `\t \n \r`, and ranges between such
    /// members; with `caseInsensitive`, letters in both cases.
    static func classMembers(_ set: ArraySlice<Unicode.Scalar>, caseInsensitive: Bool) -> [UInt8]? {
        let inner = Array(set.dropFirst().dropLast())
        var members = Set<UInt8>()
        var index = 0
        func member() -> UInt8? {
            guard index < inner.count, inner[index].isASCII else { return nil }
            let scalar = inner[index]
            if scalar == "\\" {
                guard index + 1 < inner.count, inner[index + 1].isASCII else { return nil }
                let next = inner[index + 1]
                index += 2
                switch next {
                case "t": return 0x09
                case "n": return 0x0A
                case "r": return 0x0D
                case _ where next.properties.isAlphabetic || ("0"..."9").contains(next): return nil
                default: return UInt8(next.value)
                }
            }
            guard scalar.value > 0x20, scalar.value < 0x7F, !"[]-&^${}:".unicodeScalars.contains(scalar) else { return nil }
            index += 1
            return UInt8(scalar.value)
        }
        guard !inner.isEmpty else { return nil }
        while index < inner.count {
            guard let lower = member() else { return nil }
            var upper = lower
            if index + 1 < inner.count, inner[index] == "-" {
                index += 1
                guard let end = member(), end >= lower else { return nil }
                upper = end
            }
            for byte in lower...upper { members.insert(byte) }
        }
        if caseInsensitive { for byte in members { members.formUnion(bothCases(byte)) } }
        return members.sorted()
    }

    /// Reads an ICU pattern far enough to find the literals its top-level alternatives require.
    ///
    /// Conservative: a construct it does not take apart (a group, a class,
    /// an escape that is not a plain character) ends the current run of
    /// literal characters and adds nothing.
    struct Parser {
        let scalars: [Unicode.Scalar]
        let caseInsensitive: Bool
        var index = 0
        /// The alternatives' literals so far.
        var alternatives: [[UInt8]] = []
        /// The longest run of the current alternative so far.
        var best: [UInt8] = []
        /// The current run of required literal characters.
        var run: [UInt8] = []
        /// Whether an alternative required no literal.
        var literalMissing = false
        /// The alternatives' runs of byte classes so far, the current alternative's longest and the current run.
        var classAlternatives: [[[UInt8]]] = []
        var classBest: [[UInt8]] = []
        var classRun: [[UInt8]] = []
        /// Whether an alternative required no run of byte classes.
        var classMissing = false

        init(scalars: [Unicode.Scalar], caseInsensitive: Bool) {
            self.scalars = scalars
            self.caseInsensitive = caseInsensitive
        }

        var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

        /// The literal each alternative requires and the run of byte classes each requires; either nil when an
        /// alternative requires none (or the pattern is not understood).
        mutating func required() -> (literals: [[UInt8]]?, classRuns: [[[UInt8]]]?) {
            while let scalar = current {
                switch scalar {
                case "|":
                    endAlternative()
                    index += 1
                case "(":
                    guard skipGroup() else { return (nil, nil) }
                    endRun()
                    skipQuantifier()
                case "[":
                    let start = index
                    guard skipClass() else { return (nil, nil) }
                    endLiteralRun()
                    if let members = RegexPrefilter.classMembers(scalars[start..<index], caseInsensitive: caseInsensitive) {
                        repeated([members])
                    } else {
                        endRun()
                        skipQuantifier()
                    }
                case ".", "^", "$", "]", "}":
                    index += 1
                    endRun()
                    skipQuantifier()
                case ")", "*", "+", "?", "{":
                    return (nil, nil)
                case "\\":
                    guard escape() else { return (nil, nil) }
                default:
                    index += 1
                    literal(scalar)
                }
            }
            endAlternative()
            return (literalMissing ? nil : alternatives, classMissing ? nil : classAlternatives)
        }

        /// Ends the current runs, keeping each when it is the alternative's longest.
        mutating func endRun() {
            endLiteralRun()
            endClassRun()
        }

        mutating func endLiteralRun() {
            if run.count > best.count { best = run }
            run = []
        }

        mutating func endClassRun() {
            if classRun.count > classBest.count { classBest = classRun }
            classRun = []
        }

        /// Ends an alternative, noting when it requires no literal or no class run (then those cannot skip anything).
        mutating func endAlternative() {
            endRun()
            if best.isEmpty { literalMissing = true } else { alternatives.append(best) }
            if classBest.isEmpty { classMissing = true } else { classAlternatives.append(classBest) }
            best = []
            classBest = []
        }

        /// Positions read just now (one character or set) under the quantifier at `index`, which is skipped.
        ///
        /// Without a quantifier they extend the class run; with `{n}` they
        /// extend it n times; with another least repetition n, n copies end it.
        mutating func repeated(_ positions: [[UInt8]]) {
            guard let minimum = quantifierMinimum() else {
                classRun += positions
                return
            }
            let exact = quantifierIsExact()
            for _ in 0..<min(minimum, 16) { classRun += positions }
            if !exact || minimum > 16 { endClassRun() }
            skipQuantifier()
        }

        /// Whether the quantifier at `index` is `{n}` (possibly lazy or possessive): exactly n repetitions.
        func quantifierIsExact() -> Bool {
            guard current == "{" else { return false }
            var position = index + 1
            while position < scalars.count, ("0"..."9").contains(scalars[position]) { position += 1 }
            return position > index + 1 && position < scalars.count && scalars[position] == "}"
        }

        /// A literal character just read: required unless a quantifier lets it be absent.
        mutating func literal(_ scalar: Unicode.Scalar) {
            guard !(caseInsensitive && !scalar.isASCII) else {
                endRun()
                skipQuantifier()
                return
            }
            let bytes = Array(String(scalar).utf8).map { caseInsensitive ? RegexPrefilter.lowered($0) : $0 }
            switch quantifierMinimum() {
            case nil:
                run += bytes
                classRun += positions(scalar)
            case 0:
                endRun()
                skipQuantifier()
            default:
                run += bytes
                endLiteralRun()
                repeated(positions(scalar))
            }
        }

        /// The byte positions a literal character takes: its UTF-8 bytes, an ASCII letter in both cases when case-insensitive.
        func positions(_ scalar: Unicode.Scalar) -> [[UInt8]] {
            let bytes = Array(String(scalar).utf8)
            guard caseInsensitive, bytes.count == 1 else { return bytes.map { [$0] } }
            return [RegexPrefilter.bothCases(bytes[0])]
        }

        /// The least repetition the quantifier at `index` allows, or nil when there is none.
        func quantifierMinimum() -> Int? {
            guard let scalar = current else { return nil }
            switch scalar {
            case "*", "?": return 0
            case "+": return 1
            case "{":
                var digits = ""
                var position = index + 1
                while position < scalars.count, let value = scalars[position].properties.numericType, value == .decimal,
                      scalars[position].isASCII {
                    digits.unicodeScalars.append(scalars[position])
                    position += 1
                }
                return Int(digits) ?? 0
            default: return nil
            }
        }

        /// Skips a quantifier at `index` (with its lazy `?` or possessive `+`), if there is one.
        mutating func skipQuantifier() {
            guard let scalar = current else { return }
            switch scalar {
            case "*", "+", "?":
                index += 1
            case "{":
                while let next = current, next != "}" { index += 1 }
                index += 1
            default:
                return
            }
            if let suffix = current, suffix == "?" || suffix == "+" { index += 1 }
        }

        /// Skips a group at `index` to its closing parenthesis; false for inline flags and comments or an unclosed group.
        mutating func skipGroup() -> Bool {
            if index + 1 < scalars.count, scalars[index + 1] == "?" {
                guard index + 2 < scalars.count else { return false }
                let kind = scalars[index + 2]
                let plain: Set<Unicode.Scalar> = [":", "=", "!", ">", "<"]
                guard plain.contains(kind) else { return false }
            }
            var depth = 0
            while let scalar = current {
                switch scalar {
                case "\\":
                    guard skipEscapeInside() else { return false }
                    continue
                case "[":
                    guard skipClass() else { return false }
                    continue
                case "(":
                    depth += 1
                case ")":
                    depth -= 1
                    if depth == 0 {
                        index += 1
                        return true
                    }
                default:
                    break
                }
                index += 1
            }
            return false
        }

        /// Skips a set at `index` (`[...]`, sets nest in ICU) to its closing bracket; false when it is not closed.
        mutating func skipClass() -> Bool {
            var depth = 0
            var first = true
            while let scalar = current {
                switch scalar {
                case "\\":
                    guard skipEscapeInside() else { return false }
                    first = false
                    continue
                case "[":
                    depth += 1
                case "]" where !first:
                    depth -= 1
                    if depth == 0 {
                        index += 1
                        return true
                    }
                default:
                    break
                }
                // A `]` right after `[` or `[^` is a member, not the end.
                first = scalar == "[" || (scalar == "^" && index > 0 && scalars[index - 1] == "[")
                index += 1
            }
            return false
        }

        /// Skips an escape inside a group or set (`\Q...\E` whole); false when the pattern ends in a lone backslash.
        mutating func skipEscapeInside() -> Bool {
            guard index + 1 < scalars.count else { return false }
            if scalars[index + 1] == "Q" {
                index += 2
                while index < scalars.count, !(scalars[index] == "\\" && index + 1 < scalars.count && scalars[index + 1] == "E") {
                    index += 1
                }
                index = min(scalars.count, index + 2)
            } else {
                index += 2
            }
            return true
        }

        /// An escape at `index` outside groups and sets: a literal character, quoted text or a construct.
        mutating func escape() -> Bool {
            guard index + 1 < scalars.count else { return false }
            let next = scalars[index + 1]
            index += 2
            switch next {
            case "Q":
                // Quoted text is literal through `\E`; a quantifier after it applies to its last character.
                while let scalar = current {
                    if scalar == "\\", index + 1 < scalars.count, scalars[index + 1] == "E" {
                        index += 2
                        if quantifierMinimum() != nil {
                            run = []
                            classRun = []
                            skipQuantifier()
                        }
                        return true
                    }
                    index += 1
                    if caseInsensitive && !scalar.isASCII {
                        endRun()
                    } else {
                        run += Array(String(scalar).utf8).map { caseInsensitive ? RegexPrefilter.lowered($0) : $0 }
                        classRun += positions(scalar)
                    }
                }
                return true
            case "t": literal("\t")
            case "n": literal("\n")
            case "r": literal("\r")
            case _ where next.isASCII && (next.properties.isAlphabetic || ("0"..."9").contains(next)):
                skipEscapeOperand(next)
                endRun()
                skipQuantifier()
            default:
                // An escaped symbol (`\.`, `\(`) or a non-ASCII character stands for itself.
                literal(next)
            }
            return true
        }

        /// Skips what a letter or digit escape reads after it (hex digits, a `{...}` name, octal digits, a group number).
        mutating func skipEscapeOperand(_ letter: Unicode.Scalar) {
            func skip(while accepted: (Unicode.Scalar) -> Bool, atMost limit: Int) {
                var count = 0
                while count < limit, let scalar = current, accepted(scalar) {
                    index += 1
                    count += 1
                }
            }
            func skipBraced(open: Unicode.Scalar, close: Unicode.Scalar) -> Bool {
                guard current == open else { return false }
                while let scalar = current, scalar != close { index += 1 }
                index += 1
                return true
            }
            let hex: (Unicode.Scalar) -> Bool = { $0.isASCII && $0.properties.isASCIIHexDigit }
            let decimal: (Unicode.Scalar) -> Bool = { ("0"..."9").contains($0) }
            switch letter {
            case "x": if !skipBraced(open: "{", close: "}") { skip(while: hex, atMost: 2) }
            case "u": skip(while: hex, atMost: 4)
            case "U": skip(while: hex, atMost: 8)
            case "0": skip(while: { ("0"..."7").contains($0) }, atMost: 3)
            case "1"..."9": skip(while: decimal, atMost: Int.max)
            case "c": index += 1
            case "p", "P", "N": if !skipBraced(open: "{", close: "}") { index += 1 }
            case "k": _ = skipBraced(open: "<", close: ">")
            default: break
            }
        }
    }
}
