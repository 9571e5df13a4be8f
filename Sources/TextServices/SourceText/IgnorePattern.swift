/// A user's ignore pattern: an ICU regular expression whose matches are not checked.
public final class IgnorePattern: @unchecked Sendable {
    public let source: String
    private let regex: ICURegex

    /// Compiles a pattern; throws `.invalidPattern` naming the fault.
    public init(_ source: String) throws(TextServicesError) {
        self.source = source
        do {
            regex = try ICURegex(pattern: source, flags: [])
        } catch {
            throw RegularExpression.syntaxError(error, pattern: source)
        }
    }

    /// The byte ranges of the non-empty matches in `bytes`; stops quietly at the time limit.
    public func matches(in bytes: [UInt8]) -> [Range<Int>] {
        guard let matcher = try? regex.clone() else { return [] }
        var ranges: [Range<Int>] = []
        do {
            try matcher.setText(bytes)
            try matcher.setTimeLimit(200)
            while try matcher.findNext() {
                if let range = matcher.range(ofGroup: 0), !range.isEmpty { ranges.append(range) }
                if ranges.count > 100_000 { break }
            }
        } catch {
            return ranges
        }
        return ranges
    }
}
