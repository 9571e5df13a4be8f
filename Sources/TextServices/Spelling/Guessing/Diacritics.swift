import Foundation

/// Letters without their diacritics: `é` → `e`, `ä` → `a`, `ś` → `s`, `ł` → `l`, `й` → `и`, `ё` → `е`.
///
/// Typists leave diacritics out (one letter, or all of them when the layout
/// is not at hand), so the guesser compares words with and without them. The
/// base of a letter is the first scalar of its canonical decomposition, for
/// the Latin, Greek and Cyrillic blocks (and Latin Extended Additional, for
/// Vietnamese), plus the letters with a stroke that do not decompose (`ł`,
/// `đ`, `ø`, `ħ`, `ŧ`, `ƀ`, `ı`). Lower-case values only: words are folded first.
enum Diacritics {
    /// Bases of the scalars below `tableLimit`; a value is its own base when not listed.
    ///
    /// Allocated once and never freed or written after, so reading it needs no
    /// retain (an array here cost the guesser's candidate scan a retain and a
    /// release per letter).
    nonisolated(unsafe) private static let table: UnsafeBufferPointer<UInt32> = {
        var table = (0..<UInt32(tableLimit)).map { $0 }
        let ranges: [ClosedRange<UInt32>] = [0xC0...0x24F, 0x370...0x3FF, 0x400...0x52F, 0x1E00...0x1FFF]
        for range in ranges {
            for value in range {
                guard let scalar = Unicode.Scalar(value) else { continue }
                let decomposed = String(scalar).decomposedStringWithCanonicalMapping.unicodeScalars
                if decomposed.count > 1, let first = decomposed.first, first.value < value {
                    table[Int(value)] = first.value
                }
            }
        }
        // Letters with a stroke or bar: no canonical decomposition, but typed without it all the same.
        let strokes: [(UInt32, UInt32)] = [(0x142, 0x6C), (0x111, 0x64), (0xF8, 0x6F), (0x127, 0x68), (0x167, 0x74),
                                           (0x180, 0x62), (0x131, 0x69), (0x1B6, 0x7A), (0x24D, 0x72)]
        for (letter, base) in strokes { table[Int(letter)] = base }
        // Decomposition can take two steps (ǘ → ü → u).
        for value in 0..<table.count where table[Int(table[value])] != table[value] {
            table[value] = table[Int(table[value])]
        }
        let stored = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: table.count)
        _ = stored.initialize(from: table)
        return UnsafeBufferPointer(stored)
    }()
    private static let tableLimit = 0x2000

    /// The base letter of a scalar value (itself when it has none).
    @inline(__always)
    static func base(_ value: UInt32) -> UInt32 {
        value < 0xC0 || value >= UInt32(tableLimit) ? value : table[Int(value)]
    }

    /// Whether two different scalars are the same letter with and without a diacritic (or with two different ones).
    @inline(__always)
    static func sameBase(_ a: UInt32, _ b: UInt32) -> Bool {
        (a >= 0xC0 || b >= 0xC0) && base(a) == base(b)
    }

    /// A word's scalars with every diacritic removed.
    static func stripped(_ word: [UInt32]) -> [UInt32] {
        word.map(base)
    }
}
