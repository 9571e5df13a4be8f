extension RegexPrefilter {
    /// Whether no match of a pattern can contain a line break or look past one, so that lines can be searched alone.
    ///
    /// True only for what the scan understands: characters other than line
    /// breaks, `.` (without `dotAll`), sets of such characters (not negated),
    /// `\w \d \S \b \B`, escaped symbols, groups and lookarounds of these,
    /// backreferences, quantifiers, alternation, and `^ $` with `multiline`.
    /// Anything else (`\s`, `[^...]`, `\p{...}`, `\A`, inline flags, a hex
    /// escape) makes it false: then the whole text is searched as before.
    /// With it, searching only some whole lines of a text (each with its line
    /// feed, in order) finds exactly the matches the whole text has on them.
    public static func staysOnOneLine(pattern: String, options: RegexOptions) -> Bool {
        let scalars = Array(pattern.unicodeScalars)
        if options.contains(.literal) { return !scalars.contains(where: isLineBreak) }
        if options.contains(.comments) || options.contains(.dotAll) { return false }
        let multiline = options.contains(.multiline)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            switch scalar {
            case "\\":
                guard index + 1 < scalars.count else { return false }
                let next = scalars[index + 1]
                index += 2
                switch next {
                case "Q":
                    while index < scalars.count, !(scalars[index] == "\\" && index + 1 < scalars.count && scalars[index + 1] == "E") {
                        if isLineBreak(scalars[index]) { return false }
                        index += 1
                    }
                    index += 2
                case "w", "d", "S", "b", "B", "t", "1"..."9":
                    break
                case "k":
                    guard index < scalars.count, scalars[index] == "<" else { return false }
                    while index < scalars.count, scalars[index] != ">" { index += 1 }
                    index += 1
                case _ where next.isASCII && !next.properties.isAlphabetic && !("0"..."9").contains(next):
                    // An escaped symbol stands for itself.
                    if isLineBreak(next) { return false }
                default:
                    return false
                }
            case "[":
                guard let end = simpleSetEnd(scalars, from: index) else { return false }
                index = end
            case "(":
                if index + 1 < scalars.count, scalars[index + 1] == "?" {
                    guard index + 2 < scalars.count else { return false }
                    let kind = scalars[index + 2]
                    guard [":", "=", "!", ">", "<"].contains(kind) else { return false }
                }
                index += 1
            case "^", "$":
                guard multiline else { return false }
                index += 1
            default:
                if isLineBreak(scalar) { return false }
                index += 1
            }
        }
        return true
    }

    /// The index after a set that holds no line break, nil when the set is not such a plain one.
    ///
    /// Plain: not negated, not nested, members that are characters other
    /// than line breaks, ranges between them that hold no line break,
    /// `\w`, `\d`, `\t` and escaped symbols.
    private static func simpleSetEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        var index = start + 1
        guard index < scalars.count, scalars[index] != "^" else { return nil }
        var members: [Unicode.Scalar?] = []
        var first = true
        while index < scalars.count {
            let scalar = scalars[index]
            switch scalar {
            case "]" where !first:
                return index + 1
            case "[":
                return nil
            case "\\":
                guard index + 1 < scalars.count else { return nil }
                let next = scalars[index + 1]
                switch next {
                case "w", "d": members.append(nil)
                case "t": members.append("\t")
                case _ where next.isASCII && !next.properties.isAlphabetic && !("0"..."9").contains(next) && !isLineBreak(next):
                    members.append(next)
                default: return nil
                }
                index += 2
            case "-" where !first && index + 1 < scalars.count && scalars[index + 1] != "]":
                // A range from the last member to the next: it may not hold a line break.
                guard let lower = members.last ?? nil else { return nil }
                var upper = scalars[index + 1]
                var width = 1
                if upper == "\\" {
                    guard index + 2 < scalars.count else { return nil }
                    upper = scalars[index + 2]
                    guard upper.isASCII, !upper.properties.isAlphabetic, !("0"..."9").contains(upper) else { return nil }
                    width = 2
                }
                if lineBreaks.contains(where: { $0.value >= lower.value && $0.value <= upper.value }) { return nil }
                members.append(upper)
                index += 1 + width
            default:
                if isLineBreak(scalar) { return nil }
                members.append(scalar)
                index += 1
            }
            first = false
        }
        return nil
    }

    /// The characters ICU takes as line breaks, with vertical tab and form feed.
    static let lineBreaks: [Unicode.Scalar] = ["\n", "\u{0B}", "\u{0C}", "\r", "\u{85}", "\u{2028}", "\u{2029}"]

    static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool { lineBreaks.contains(scalar) }

    /// The lines of a text that may hold a match, each with its line feed, in order; nil when the prefilter has no literal.
    ///
    /// A line may hold a match when it contains one of the `classRuns` when
    /// there are such, else one of the literals (with
    /// `caseInsensitive`, regardless of ASCII case, and any line with a
    /// character ICU's full case folding may take for one of the literals'
    /// letters, `foldingScalars`). Only meaningful for a pattern that `staysOnOneLine`.
    public func candidateLines(_ bytes: [UInt8]) -> [Range<Int>]? {
        guard literals != nil || classRuns != nil else { return nil }
        var starts = Set<Int>()
        var lines: [Range<Int>] = []
        bytes.withUnsafeBytes { buffer in
            func addLine(containing offset: Int) -> Int {
                let line = ByteSearch.line(containing: offset, in: buffer)
                if starts.insert(line.lowerBound).inserted { lines.append(line) }
                return line.upperBound
            }
            if let classRuns {
                var from = 0
                while from < buffer.count, let found = classRuns.firstMatchEnd(buffer, from: from) { from = addLine(containing: found) }
            }
            for literal in classRuns == nil ? literals ?? [] : [] {
                var from = 0
                while from < buffer.count {
                    let found = caseInsensitive ? ByteSearch.firstIndexIgnoringASCIICase(buffer, lowered: literal, from: from)
                        : ByteSearch.firstIndex(buffer, literal, from: from)
                    guard let found else { break }
                    from = addLine(containing: found)
                }
            }
            if caseInsensitive {
                var from = 0
                while let found = firstFoldingScalar(buffer, from: from) { from = addLine(containing: found) }
            }
        }
        return lines.sorted { $0.lowerBound < $1.lowerBound }
    }
}
