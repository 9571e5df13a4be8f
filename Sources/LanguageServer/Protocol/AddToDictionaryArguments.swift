/// The arguments of `textsvcd.addToDictionary`: `[word, language]`, `[word]`, or `[{word, language}]`.
///
/// Without a language the word is learned for the configured language.
struct AddToDictionaryArguments: Codable, Sendable {
    var word: String
    var language: String?

    private enum CodingKeys: String, CodingKey { case word, language }

    init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        let first = try container.decode(WordOrObject.self)
        word = first.word
        language = container.isAtEnd ? first.language : try container.decodeIfPresent(String.self)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        try container.encode(word)
        if let language { try container.encode(language) }
    }

    /// The first argument: the word itself, or an object naming the word and its language.
    private struct WordOrObject: Decodable {
        var word: String
        var language: String?

        init(from decoder: any Decoder) throws {
            if let word = try? decoder.singleValueContainer().decode(String.self) {
                self.word = word
                return
            }
            let container = try decoder.container(keyedBy: CodingKeys.self)
            word = try container.decode(String.self, forKey: .word)
            language = try container.decodeIfPresent(String.self, forKey: .language)
        }
    }
}
