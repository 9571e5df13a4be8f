import Synchronization

/// The spans of texts already checked with `language: "auto"`, by the text's bytes and the settings they were found with.
///
/// An editor sends the same document again and again (on a save, a
/// reconnection, a change of settings elsewhere); a text seen before gets its
/// spans from here, so its re-check cuts no paragraph and looks up no
/// verdict. A changed text misses and is identified paragraph by paragraph
/// (`ParagraphVerdicts`), so only its changed paragraphs are scored. Spans are
/// kept relative to the text's start. At `capacity` entries the store is
/// emptied. Thread-safe.
final class KeptSpans: Sendable {
    /// What spans depend on: the text's bytes and the settings (model, candidates, default language).
    struct Key: Hashable {
        var text: ContentHash
        var settings: ContentHash
    }

    static let capacity = 256
    private let store = Mutex<[Key: [LanguageSpan]]>([:])

    /// The spans of the text starting at `start`, if it was seen with these settings.
    func spans(_ key: Key, startingAt start: UTF8Offset) -> [LanguageSpan]? {
        store.withLock { $0[key] }.map { Self.moved($0, by: start.rawValue) }
    }

    /// Keeps the spans of the text starting at `start`.
    func keep(_ spans: [LanguageSpan], _ key: Key, startingAt start: UTF8Offset) {
        let relative = Self.moved(spans, by: -start.rawValue)
        store.withLock { store in
            if store.count >= Self.capacity { store.removeAll(keepingCapacity: true) }
            store[key] = relative
        }
    }

    var count: Int { store.withLock { $0.count } }

    private static func moved(_ spans: [LanguageSpan], by distance: Int) -> [LanguageSpan] {
        spans.map { span in
            LanguageSpan(range: UTF8Offset(span.range.lowerBound.rawValue + distance)..<UTF8Offset(span.range.upperBound.rawValue + distance),
                         language: span.language)
        }
    }
}
