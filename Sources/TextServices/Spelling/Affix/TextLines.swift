/// The non-empty lines of a text, one at a time: `split(omittingEmptySubsequences: true, whereSeparator:)` without the array.
///
/// A .dic file holds hundreds of thousands of lines; the array of their
/// substrings (32 bytes each, grown by doubling) was several MB a compile
/// held beside everything else, twice over (the expander and the reject index
/// each read the file). Lines are cut between `Character`s, as `split` cuts
/// them: `"\r\n"` is one character.
struct TextLines: Sequence, IteratorProtocol {
    private var rest: Substring
    private let isSeparator: (Character) -> Bool

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
        self.init(text) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
    }

    mutating func next() -> Substring? {
        while !rest.isEmpty {
            let end = rest.firstIndex(where: isSeparator) ?? rest.endIndex
            let line = rest[..<end]
            rest = end == rest.endIndex ? rest[end...] : rest[rest.index(after: end)...]
            if !line.isEmpty { return line }
        }
        return nil
    }
}
