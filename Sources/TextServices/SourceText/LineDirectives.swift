/// Inline directives read one line at a time, as a pipe (the ispell door) sees a text: what each line hides, and the words accepted so far.
///
/// The directives and their syntax are `InlineDirectives`'. A line cannot
/// look ahead or back, so each takes effect from its own line on:
/// `ignore`/`words` accept their words for the lines that follow (and the
/// rest of its own), `disable-next-line` hides the next line given,
/// `disable` hides from itself to the line that holds `enable` (that line
/// included), and a directive's own text is hidden. `textsvcd: language TAG`
/// is hidden but changes nothing: a pipe checks in the dictionaries it was
/// started with. A value: one per input stream (a file, a session).
public struct LineDirectives: Sendable {
    /// The words accepted so far, in the spellings a project word is accepted in.
    public private(set) var accepted = AcceptedSpellings()
    private var disabled = false
    private var hideNextLine = false

    public init() {}

    /// Reads the next line (its bytes, UTF-8, without the terminator); returns the byte ranges of it not to check.
    public mutating func hidden(in line: [UInt8]) -> [Range<Int>] {
        var hidden: [Range<Int>] = []
        if disabled || hideNextLine { hidden.append(0..<line.count) }
        hideNextLine = false
        guard let found = InlineDirectives.directive(in: line, from: 0, to: line.count), let kind = found.kind else {
            return hidden
        }
        switch kind {
        case .words(let words): for word in words { accepted.insert(word) }
        case .disableNextLine: hideNextLine = true
        case .disable: disabled = true
        case .enable: disabled = false
        case .language: break
        }
        hidden.append(found.at..<line.count)
        return hidden
    }
}
