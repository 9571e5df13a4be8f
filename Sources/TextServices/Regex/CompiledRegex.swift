/// A compiled ICU pattern shared by every use of the same pattern and flags.
///
/// ICU's matcher is not thread-safe, so the compiled prototype is only ever
/// cloned (under the lock, a few microseconds); each use gets a matcher of
/// its own. Matchers are not pooled: a matcher keeps its backtracking stack,
/// which one heavy search can grow to ICU's 8 MB limit. Thread-safe.
final class CompiledRegex: @unchecked Sendable {
    let groupCount: Int
    /// The named groups, in the order of their numbers.
    let namedGroups: [(name: String, number: Int)]
    /// The bytes every match starts with (`RegexPrefilter.leadingLiteral`), or nil; ASCII in lower case when
    /// `caseInsensitive`.
    let leadingLiteral: [UInt8]?
    /// Whether the pattern ignores case, so `leadingLiteral` is compared regardless of ASCII case.
    let caseInsensitive: Bool
    /// With `caseInsensitive`: the characters outside ASCII ICU may take for one of `leadingLiteral`'s letters
    /// (`RegexPrefilter.foldingScalars(of:)`), and their lead bytes (`RegexPrefilter.leads(of:)`); text holding one
    /// is searched by ICU at every position.
    let leadingFoldingScalars: [UInt32]
    let leadingFoldingLeads: UInt64
    private let prototype: Locked<ICURegex>

    init(pattern: String, flags: RegexFlags) throws(RegexCompileError) {
        // ICU refuses an empty pattern; an empty group matches the same (the empty string everywhere).
        let regex = pattern.isEmpty
            ? try ICURegex(pattern: "(?:)", flags: flags.subtracting(.literal))
            : try ICURegex(pattern: pattern, flags: flags)
        groupCount = regex.groupCount
        var named: [(name: String, number: Int)] = []
        if !flags.contains(.literal) {
            for name in RegularExpression.candidateGroupNames(in: pattern, comments: flags.contains(.comments)) {
                if let number = regex.groupNumber(named: name), !named.contains(where: { $0.number == number }) {
                    named.append((name, number))
                }
            }
        }
        namedGroups = named.sorted { $0.number < $1.number }
        var options: RegexOptions = []
        if flags.contains(.caseInsensitive) { options.insert(.caseInsensitive) }
        if flags.contains(.comments) { options.insert(.comments) }
        if flags.contains(.literal) { options.insert(.literal) }
        leadingLiteral = RegexPrefilter.leadingLiteral(pattern: pattern, options: options)
        caseInsensitive = flags.contains(.caseInsensitive)
        leadingFoldingScalars = caseInsensitive ? RegexPrefilter.foldingScalars(of: Set(leadingLiteral ?? [])) : []
        leadingFoldingLeads = RegexPrefilter.leads(of: leadingFoldingScalars)
        prototype = Locked(regex)
    }

    /// Runs `body` with a matcher of its own.
    ///
    /// Throws `ICUError` when ICU cannot clone the pattern, or what `body` throws.
    func withMatcher<T>(_ body: (ICURegex) throws -> T) throws -> T {
        let matcher = try prototype.withLock { try $0.clone() }
        return try body(matcher)
    }
}
