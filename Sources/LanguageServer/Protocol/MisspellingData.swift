/// A diagnostic's `data`: the word, the language it was checked in, and what else is known about it.
///
/// `languages` lists every dictionary of a union check (more than one);
/// `alsoIn` names other candidate languages whose dictionary accepts the
/// word (language `auto`).
struct MisspellingData: Codable, Sendable {
    var word: String
    var language: String
    var languages: [String]?
    var alsoIn: [String]?
}
