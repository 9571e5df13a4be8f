/// The spellings a set of extra words (learned, configured, a project's) is accepted in, as Hunspell accepts learned words.
///
/// Each word as written and in capitals (`iPhone`, `IPHONE`); a word all in
/// lower case also capitalised (`kubectl`, `Kubectl`, `KUBECTL`), as at the
/// start of a sentence. Other case changes are misspellings (`IPhone`,
/// `Iphone`, `kUBECTL`; `kubernetes` for `Kubernetes`). Built once, then
/// each lookup is one hash. A value; thread-safe.
public struct AcceptedSpellings: Sendable, Equatable {
    public private(set) var forms: Set<String> = []

    public init() {}

    public init(_ words: some Sequence<String>) {
        for word in words { insert(word) }
    }

    public var isEmpty: Bool { forms.isEmpty }

    public func contains(_ word: String) -> Bool { forms.contains(word) }

    /// Adds a word's accepted spellings.
    public mutating func insert(_ word: String) {
        guard !word.isEmpty else { return }
        forms.insert(word)
        forms.insert(word.uppercased())
        if let first = word.first, first.isLowercase, !word.contains(where: \.isUppercase) {
            forms.insert(first.uppercased() + word.dropFirst())
        }
    }

    /// Adds the spellings of another set.
    public mutating func formUnion(_ other: AcceptedSpellings) {
        forms.formUnion(other.forms)
    }
}
