import Synchronization

/// The language ranges of paragraphs already identified, by the paragraph's bytes and the settings it was identified with.
///
/// A daemon re-checks the same document many times (an editor sends it on
/// each change), and most of its paragraphs are unchanged: their verdicts
/// come from here instead of being scored again. Ranges are kept relative to
/// the paragraph's start. At `capacity` entries the whole store is emptied
/// (the paragraphs of the documents in use come back on their next check).
/// Thread-safe.
final class ParagraphVerdicts: Sendable {
    /// What a verdict depends on: the paragraph's bytes and the identification's settings.
    struct Key: Hashable {
        var paragraph: ContentHash
        var settings: ContentHash
    }

    static let capacity = 8_192
    private let ranges = Mutex<[Key: [LanguageRange]]>([:])

    /// The ranges of the paragraph starting at `start`, if it was identified with these settings.
    func ranges(_ key: Key, startingAt start: UTF8Offset) -> [LanguageRange]? {
        ranges.withLock { $0[key] }.map { Self.moved($0, by: start.rawValue) }
    }

    /// Keeps the ranges of the paragraph starting at `start`.
    func keep(_ found: [LanguageRange], _ key: Key, startingAt start: UTF8Offset) {
        let relative = Self.moved(found, by: -start.rawValue)
        ranges.withLock { ranges in
            if ranges.count >= Self.capacity { ranges.removeAll(keepingCapacity: true) }
            ranges[key] = relative
        }
    }

    var count: Int { ranges.withLock { $0.count } }

    private static func moved(_ found: [LanguageRange], by distance: Int) -> [LanguageRange] {
        found.map { range in
            var moved = range
            moved.range = UTF8Offset(range.range.lowerBound.rawValue + distance)..<UTF8Offset(range.range.upperBound.rawValue + distance)
            return moved
        }
    }
}
