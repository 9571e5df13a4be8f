/// The non-empty lines of a text, one at a time: `split(omittingEmptySubsequences: true, whereSeparator:)` without the array.
///
/// A .dic file holds hundreds of thousands of lines; the array of their
/// substrings (32 bytes each, grown by doubling) was several MB a compile
/// held beside everything else, twice over (the expander and the reject index
/// each read the file). Lines are cut between `Character`s, as `split` cuts
/// them: `"\r\n"` is one character.
struct TextLines: Sequence, IteratorProtocol {
    private var rest: Substring
    /// nil for the lines ending at `"\n"`, `"\r\n"` or `"\r"`, which are cut by their bytes (`nextByBytes`).
    private let isSeparator: ((Character) -> Bool)?

    init(_ text: String, separatedBy isSeparator: @escaping (Character) -> Bool) {
        self.init(text[...], separatedBy: isSeparator)
    }

    init(_ text: Substring, separatedBy isSeparator: @escaping (Character) -> Bool) {
        rest = text
        self.isSeparator = isSeparator
    }

    /// Lines ending at `"\n"`, `"\r\n"` or `"\r"`.
    init(_ text: String) {
        self.init(text[...])
    }

    /// Lines of part of a text, ending at `"\n"`, `"\r\n"` or `"\r"`.
    init(_ text: Substring) {
        rest = text
        isSeparator = nil
    }

    mutating func next() -> Substring? {
        guard let isSeparator else { return nextByBytes() }
        while !rest.isEmpty {
            let end = rest.firstIndex(where: isSeparator) ?? rest.endIndex
            let line = rest[..<end]
            rest = end == rest.endIndex ? rest[end...] : rest[rest.index(after: end)...]
            if !line.isEmpty { return line }
        }
        return nil
    }

    /// The next line ending at a line feed or a carriage return, found by its bytes.
    ///
    /// Either is a Character of its own, or `"\r\n"` together, never part of
    /// another Character, so the lines are the ones a walk by Characters cuts
    /// (a `"\r\n"` leaves an empty one between, skipped as they are). Comparing
    /// every Character of a text beyond ASCII with the separators ran Unicode
    /// normalization on each: a tenth of a Mongolian compile.
    private mutating func nextByBytes() -> Substring? {
        let bytes = rest.utf8
        var start = bytes.startIndex
        while start < bytes.endIndex {
            let end = bytes[start...].firstIndex { $0 == 0x0A || $0 == 0x0D } ?? bytes.endIndex
            if end > start {
                rest = Substring(bytes[(end == bytes.endIndex ? end : bytes.index(after: end))...])
                return Substring(bytes[start..<end])
            }
            start = bytes.index(after: end)
        }
        rest = Substring(bytes[bytes.endIndex...])
        return nil
    }
}
