/// How far ahead of the word being judged `WordScanner.forEachWord` announces a word token.
///
/// A checker prefetches in two steps: `far`, the word memo's slot; `near`, once
/// that slot is in the cache, the compiled table's slot for a word the memo does
/// not hold. Distances are in tokens (a word or a mark between words).
enum LookAhead {
    case far
    case near

    var distance: Int {
        switch self {
        case .far: 16
        case .near: 8
        }
    }
}
