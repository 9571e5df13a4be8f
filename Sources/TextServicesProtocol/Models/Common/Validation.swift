/// Checks on params that their types alone cannot express.
enum Validation {
    /// A count (a limit): absent, or not negative.
    static func count(_ value: Int?, field: String) throws(ServiceError) -> Int? {
        guard let value else { return nil }
        guard value >= 0 else { throw .invalidParams(field: field, "must not be negative") }
        return value
    }

    /// The word a request names directly, or the text of `range` in `text`.
    static func wordOrTextRange(_ word: String?, text: String?, range: WireRange?, key: String,
                                context: RequestContext) throws(ServiceError) -> String {
        if let word { return word }
        guard let text else { throw .invalidParams(field: key, "is required (or give 'text' and 'range')") }
        let buffer = try context.text(text)
        guard let range else { throw .invalidParams(field: "range", "is required") }
        return buffer.string(try context.positions(in: buffer).range(range, field: "range"))
    }
}
