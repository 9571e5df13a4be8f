/// The word that starts at a position: letters, with inner periods between letters ("The", "e.g").
struct NextWord {
    let word: String
    let isCapitalised: Bool
    /// The byte offset just past the word.
    let end: Int

    init(_ bytes: [UInt8], at start: Int) {
        var end = start
        while let (scalar, next) = UTF8Scalars.at(bytes, end) {
            if scalar.isLetter {
                end = next
            } else if scalar == ".", end > start, let (after, _) = UTF8Scalars.at(bytes, next), after.isLetter {
                end = next
            } else {
                break
            }
        }
        self.end = end
        word = String(decoding: bytes[start..<end], as: UTF8.self)
        isCapitalised = word.unicodeScalars.first?.properties.isUppercase ?? false
    }
}
