import Synchronization

/// What the language model says of words a check rejected, kept across requests: each word's script and the
/// languages whose word lists hold it (`alsoIn` for candidates whose dictionaries are not loaded).
///
/// Both depend only on the word and the model, which is immutable, so an
/// entry stays right for as long as the model is the one in use: entries of
/// another model (another key) are dropped on the first lookup with the new
/// one. An editor's re-check asks about the same misspellings again, and
/// then no word is folded or looked up in the model. At `capacity` words the
/// store is emptied. Thread-safe.
final class WordListings: Sendable {
    /// A word's script and the model indices of the languages whose lists hold the word folded, ascending.
    struct Listing: Sendable, Equatable {
        var script: LanguageScript
        var languages: [UInt8]
    }

    static let capacity = 16_384
    private let store = Mutex<(model: ContentHash?, listings: [String: Listing])>((nil, [:]))
    /// The misspelled words of the last texts checked (by a hash of each text's bytes) and their listings, in order.
    private let byText = Mutex<[ContentHash: (model: ContentHash, words: [String], listings: [Listing])]>([:])
    /// The most texts `byText` keeps; past it, it starts over.
    static let textCapacity = 64

    /// `listings(_:model:)` of the misspellings of a text whose bytes hash to `text`.
    ///
    /// A re-check of a text (an editor's save, a reconnection) mostly finds
    /// the same misspelled words in the same order: their listings then come
    /// back without a lookup a word. The words are compared, so a text that
    /// now has other misspellings (a word learned since) is looked up afresh.
    func listings(_ words: [String], model: LanguageModel, text: ContentHash?) -> [Listing] {
        guard let text else { return listings(words, model: model) }
        if let kept = byText.withLock({ $0[text] }), kept.model == model.key, kept.words == words { return kept.listings }
        let found = listings(words, model: model)
        byText.withLock { byText in
            if byText.count >= Self.textCapacity { byText.removeAll() }
            byText[text] = (model.key, words, found)
        }
        return found
    }

    /// The listings of `words` in `model`, in order; the words not kept are looked up and kept.
    func listings(_ words: [String], model: LanguageModel) -> [Listing] {
        var kept = store.withLock { $0.model == model.key ? $0.listings : [:] }
        var fresh: [String: Listing] = [:]
        fresh.reserveCapacity(words.count)
        let found = words.map { word in
            // A fresh process's store is empty: its words are hashed once, not twice.
            if !kept.isEmpty, let known = kept[word] { return known }
            if let known = fresh[word] { return known }
            let listing = Self.listing(word, model: model)
            fresh[word] = listing
            return listing
        }
        // The copy is released before merging, so that the store grows in place rather than being copied.
        kept = [:]
        if !fresh.isEmpty {
            store.withLock { store in
                if store.model != model.key || store.listings.count + fresh.count > Self.capacity {
                    store = (model.key, [:])
                }
                if store.listings.isEmpty {
                    store.listings = fresh
                } else {
                    store.listings.merge(fresh) { old, _ in old }
                }
            }
        }
        return found
    }

    var count: Int { store.withLock { $0.listings.count } }

    /// The word's script (of its letters; `mixed` for letters of two scripts) and the languages whose lists hold it.
    static func listing(_ word: String, model: LanguageModel) -> Listing {
        var script = LanguageScript.other
        for scalar in word.unicodeScalars {
            // An ASCII scalar is alphabetic exactly when it is a letter; only the others need Unicode's properties.
            let isLetter = scalar.isASCII ? (scalar.value | 0x20) >= 0x61 && (scalar.value | 0x20) <= 0x7A : scalar.properties.isAlphabetic
            if isLetter { script = script.joined(with: .of(scalar.value)) }
        }
        var languages: [UInt8] = []
        model.forEachWordScoreUnmapped(WordList.fold(word)) { index, _ in languages.append(UInt8(index)) }
        languages.sort()
        return Listing(script: script, languages: languages)
    }
}
