/// A set of spellings, each matched at the end of a word: whether some ending of a word (the word itself included) is one.
///
/// Held as a trie of the spellings' UTF-8 bytes read from the last, so a
/// word is checked in one walk from its end that stops at the first byte no
/// spelling ends with (most words stop after a byte or two). Thread-safe
/// (immutable).
struct WordEndings: Sendable {
    /// Each node's children by byte, and whether a spelling ends at it (read backwards: begins there).
    private var children: [[UInt8: Int32]] = [[:]]
    private var terminal: [Bool] = [false]

    /// No spelling: no word ends with one.
    static let none = WordEndings()

    init() {}

    /// The endings `spellings` (empty ones left out).
    init<S: Sequence>(_ spellings: S) where S.Element == String {
        for spelling in spellings where !spelling.isEmpty { insert(spelling) }
    }

    var isEmpty: Bool { children.count == 1 }

    private mutating func insert(_ spelling: String) {
        var node = 0
        for byte in spelling.utf8.reversed() {
            if let next = children[node][byte] {
                node = Int(next)
            } else {
                children.append([:])
                terminal.append(false)
                children[node][byte] = Int32(children.count - 1)
                node = children.count - 1
            }
        }
        terminal[node] = true
    }

    /// Whether `word` ends with one of the spellings, byte for byte (the whole word counts).
    func endsAny(_ word: String) -> Bool {
        guard !isEmpty else { return false }
        var node = 0
        for byte in word.utf8.reversed() {
            guard let next = children[node][byte] else { return false }
            node = Int(next)
            if terminal[node] { return true }
        }
        return false
    }
}
