/// The .aff `REP` patterns indexed by their first letter, so a word is matched against only the patterns that can start at each of its letters.
///
/// A Portuguese dictionary has over a thousand `REP` lines; trying each at
/// every position of a typed word took a sixth of a typical guess. Matches
/// come back in the order of that plain loop: by pattern, then by position.
/// An anchored pattern (`^`, `$`) matches only at the start or the end.
/// Immutable and thread-safe.
struct ReplacementIndex: Sendable {
    /// One pattern occurrence: which replacement, at which position (in the units the word was given in), over how many units.
    struct Match: Equatable {
        var replacement: Int
        var start: Int
        var length: Int
    }

    private let patterns: [[Character]]
    private let asciiPatterns: [[UInt8]?]
    private let anchoredStart: [Bool]
    private let anchoredEnd: [Bool]
    /// The patterns by their first Character (Character equality: canonically equivalent letters meet).
    private let byFirstCharacter: [Character: [Int]]
    /// The ASCII patterns by their first byte.
    private let byFirstByte: [[Int]]
    /// Patterns with no letters, which match at every position.
    private let empty: [Int]

    /// An index over folded patterns, with each pattern's anchors.
    init(patterns: [[Character]], anchoredStart: [Bool], anchoredEnd: [Bool]) {
        self.patterns = patterns
        self.anchoredStart = anchoredStart
        self.anchoredEnd = anchoredEnd
        asciiPatterns = patterns.map { pattern in
            let bytes = Array(String(pattern).utf8)
            return bytes.allSatisfy { $0 < 0x80 && $0 != 0x0D } ? bytes : nil
        }
        var byCharacter: [Character: [Int]] = [:]
        var byByte = [[Int]](repeating: [], count: 128)
        var empty: [Int] = []
        for (index, pattern) in patterns.enumerated() {
            guard let first = pattern.first else { empty.append(index); continue }
            byCharacter[first, default: []].append(index)
            if let bytes = asciiPatterns[index] { byByte[Int(bytes[0])].append(index) }
        }
        byFirstCharacter = byCharacter
        byFirstByte = byByte
        self.empty = empty
    }

    /// Every occurrence of a pattern in an ASCII word without a carriage return, given as bytes; positions are byte offsets.
    func matches(ascii bytes: [UInt8]) -> [Match] {
        var found: [Match] = []
        for start in bytes.indices {
            for index in byFirstByte[Int(bytes[start])] {
                guard let pattern = asciiPatterns[index], fits(index, start: start, length: pattern.count, in: bytes.count),
                      bytes[start..<(start + pattern.count)].elementsEqual(pattern) else { continue }
                found.append(Match(replacement: index, start: start, length: pattern.count))
            }
        }
        appendEmpty(upTo: bytes.count, to: &found)
        return Self.inPatternOrder(found)
    }

    /// Every occurrence of a pattern in a word given as Characters; positions are Character offsets.
    func matches(_ characters: [Character]) -> [Match] {
        var found: [Match] = []
        for start in characters.indices {
            for index in byFirstCharacter[characters[start]] ?? [] {
                let pattern = patterns[index]
                guard fits(index, start: start, length: pattern.count, in: characters.count),
                      characters[start..<(start + pattern.count)].elementsEqual(pattern) else { continue }
                found.append(Match(replacement: index, start: start, length: pattern.count))
            }
        }
        appendEmpty(upTo: characters.count, to: &found)
        return Self.inPatternOrder(found)
    }

    @inline(__always)
    private func fits(_ index: Int, start: Int, length: Int, in count: Int) -> Bool {
        start + length <= count && (!anchoredStart[index] || start == 0) && (!anchoredEnd[index] || start + length == count)
    }

    private func appendEmpty(upTo count: Int, to found: inout [Match]) {
        for index in empty {
            for start in 0...count where fits(index, start: start, length: 0, in: count) {
                found.append(Match(replacement: index, start: start, length: 0))
            }
        }
    }

    private static func inPatternOrder(_ found: [Match]) -> [Match] {
        found.count < 2 ? found : found.sorted { ($0.replacement, $0.start) < ($1.replacement, $1.start) }
    }
}
