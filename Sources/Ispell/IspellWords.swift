/// What the ispell doors share about the words of a line.
enum IspellWords {
    /// The word a token's bytes spell: `&apos;` read as an apostrophe, as Hunspell reads it.
    static func word(_ bytes: ArraySlice<UInt8>) -> String {
        let word = String(decoding: bytes, as: UTF8.self)
        return word.contains("&apos;") ? word.replacingOccurrences(of: "&apos;", with: "'") : word
    }
}
