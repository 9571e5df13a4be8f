/// How likely a typo is: weighted edit costs from keyboard adjacency, sound and letter shape.
///
/// Costs are in rough log10 units of probability (1.0 is about one typo in
/// ten of its kind); a candidate's score is its zipf frequency minus
/// `costWeight` times the cheapest way to turn it into the typed word.
/// Words are arrays of Unicode scalar values, already folded to lower case.
/// Immutable and thread-safe.
struct EditModel: Sendable {
    let keyboard: KeyboardLayout
    private let similarSounds: Set<UInt64>
    /// For every pair of letters of `LetterTraits`' alphabet (typed, then intended), which substitution it is
    /// (`Substitution`), plus `neighbourBit` when they are neighbours on the keyboard: the sets' lookups cost most of `cost`.
    private var letterPairs: [UInt8] = []
    private let letters = LetterTraits.shared
    private let alphabetSize: Int
    private static let neighbourBit: UInt8 = 0x80

    /// The kinds of substitution, cheapest test first, as `lookedUpSubstitutionCost` tells them apart.
    private enum Substitution: UInt8 {
        case other, neighbour, diacritic, vowel, sound

        var cost: Double {
            switch self {
            case .other: EditModel.otherSubstitution
            case .neighbour: EditModel.neighbourSubstitution
            case .diacritic: EditModel.diacriticSubstitution
            case .vowel: EditModel.vowelSubstitution
            case .sound: EditModel.soundSubstitution
            }
        }
    }

    static let transposition = 0.9
    /// Two vowels swapped (`ie` for `ei`) is as much a spelling slip as a typing one.
    static let vowelTransposition = 0.6
    static let neighbourSubstitution = 1.0
    static let vowelSubstitution = 1.1
    static let soundSubstitution = 1.3
    static let otherSubstitution = 2.0
    /// A diacritic left out, added or swapped (`e` for `é`, `s` for `ś`, `и` for `й`).
    static let diacriticSubstitution = 0.3
    static let doubledInsertion = 0.8
    static let neighbourInsertion = 1.2
    static let otherInsertion = 1.8
    static let doubledDeletion = 0.7
    static let punctuationDeletion = 0.4
    static let vowelDeletion = 0.85
    static let otherDeletion = 1.0
    /// Extra cost of an edit at the first letter (people rarely get the first letter wrong).
    static let firstLetter = 0.6

    /// A model for a language: its keyboard, and sound-alike letters (`sounds`, `EditModel.sounds(for:replacements:)`).
    ///
    /// Vowels are the Latin, Greek and Cyrillic vowels with or without diacritics.
    init(keyboard: KeyboardLayout, similarSounds: [String] = EditModel.englishSounds) {
        self.keyboard = keyboard
        var pairs = Set<UInt64>()
        for group in similarSounds {
            let members = group.unicodeScalars.map(\.value)
            for a in members { for b in members where a != b { pairs.insert(UInt64(a) << 32 | UInt64(b)) } }
        }
        self.similarSounds = pairs
        // Each kind is written over the ones `substitution(typed:intended:)` tests after it, so the first test that holds wins.
        let letters = LetterTraits.shared
        let size = letters.alphabetSize
        alphabetSize = size
        var table = [UInt8](repeating: Substitution.other.rawValue, count: size * size)
        func mark(_ a: UInt32, _ b: UInt32, _ kind: Substitution) {
            let row = letters.index(a), column = letters.index(b)
            if row != 0, column != 0 { table[row * size + column] = kind.rawValue }
        }
        for pair in pairs { mark(UInt32(truncatingIfNeeded: pair >> 32), UInt32(truncatingIfNeeded: pair), .sound) }
        let alphabet = letters.alphabet
        let vowels = alphabet.filter { letters.isVowel($0.scalar) }
        for a in vowels { for b in vowels { table[a.index * size + b.index] = Substitution.vowel.rawValue } }
        let byBase = Dictionary(grouping: alphabet, by: { Diacritics.base($0.scalar) })
        for group in byBase.values where group.count > 1 || group[0].scalar >= 0xC0 {
            for a in group { for b in group where Diacritics.sameBase(a.scalar, b.scalar) { mark(a.scalar, b.scalar, .diacritic) } }
        }
        keyboard.forEachNeighbour { a, b in
            let row = letters.index(a), column = letters.index(b)
            if row != 0, column != 0 { table[row * size + column] = Substitution.neighbour.rawValue | Self.neighbourBit }
        }
        letterPairs = table
    }

    /// Letter groups that sound alike often enough to be swapped in writing.
    static let englishSounds = ["cks", "sz", "cq", "kq", "gj", "fv", "dt", "bp", "mn", "iy", "ey", "xz", "wv", "ck"]

    /// Voiced and voiceless pairs most European languages blur in writing (Latin and Cyrillic letters).
    static let commonSounds = ["sz", "fv", "dt", "bp", "gk", "mn", "зс", "вф", "дт", "бп", "гк", "жш", "мн"]

    /// The sound-alike groups for a language: English's own list, or the common pairs plus
    /// every one-letter swap the .aff `REP` table lists (`REP v w`).
    static func sounds(for language: String, replacements: [AffixFile.Replacement]) -> [String] {
        if language == "en" { return englishSounds }
        var groups = commonSounds
        for rep in replacements where rep.from.unicodeScalars.count == 1 && rep.to.unicodeScalars.count == 1
            && (rep.from + rep.to).allSatisfy(\.isLetter) {
            groups.append(WordList.fold(rep.from) + WordList.fold(rep.to))
        }
        return groups
    }

    /// Whether a letter's base (`Diacritics.base`) is a Latin, Greek or Cyrillic vowel.
    @inline(__always)
    func isVowel(_ scalar: UInt32) -> Bool { letters.isVowel(scalar) }

    @inline(__always)
    func substitutionCost(typed: UInt32, intended: UInt32) -> Double {
        let row = letters.index(typed), column = letters.index(intended)
        if row != 0, column != 0 {
            return (Substitution(rawValue: letterPairs[row * alphabetSize + column] & ~Self.neighbourBit) ?? .other).cost
        }
        return substitution(typed: typed, intended: intended).cost
    }

    /// Whether two letters are neighbours on the model's keyboard.
    @inline(__always)
    func areNeighbours(_ a: UInt32, _ b: UInt32) -> Bool {
        let row = letters.index(a), column = letters.index(b)
        if row != 0, column != 0 { return letterPairs[row * alphabetSize + column] & Self.neighbourBit != 0 }
        return keyboard.areNeighbours(a, b)
    }

    /// `substitutionCost` as the tests themselves give it, without the table (what the table must agree with).
    func substitutionCostWithoutTable(typed: UInt32, intended: UInt32) -> Double {
        substitution(typed: typed, intended: intended).cost
    }

    private func substitution(typed: UInt32, intended: UInt32) -> Substitution {
        if keyboard.areNeighbours(typed, intended) { return .neighbour }
        if Diacritics.sameBase(typed, intended) { return .diacritic }
        if isVowel(typed) && isVowel(intended) { return .vowel }
        if similarSounds.contains(UInt64(typed) << 32 | UInt64(intended)) { return .sound }
        return .other
    }

    /// The cost of the typed word having an extra `scalar` at `index` (neighbours give context).
    func insertionCost(_ typed: [UInt32], at index: Int) -> Double {
        let scalar = typed[index]
        let previous: UInt32? = index > 0 ? typed[index - 1] : nil
        let next: UInt32? = index + 1 < typed.count ? typed[index + 1] : nil
        var cost: Double
        if scalar == previous || scalar == next {
            cost = Self.doubledInsertion
        } else if previous.map({ areNeighbours($0, scalar) }) ?? false || next.map({ areNeighbours($0, scalar) }) ?? false {
            cost = Self.neighbourInsertion
        } else if !isLetter(scalar) {
            cost = Self.neighbourInsertion
        } else {
            cost = Self.otherInsertion
        }
        if index == 0 { cost += Self.firstLetter }
        return cost
    }

    /// The cost of the typed word lacking the intended word's `scalar` at `index`.
    func deletionCost(_ intended: [UInt32], at index: Int) -> Double {
        let scalar = intended[index]
        var cost: Double
        if (index > 0 && intended[index - 1] == scalar) || (index + 1 < intended.count && intended[index + 1] == scalar) {
            cost = Self.doubledDeletion
        } else if !isLetter(scalar) {
            cost = Self.punctuationDeletion
        } else if isVowel(scalar) {
            cost = Self.vowelDeletion
        } else {
            cost = Self.otherDeletion
        }
        if index == 0 { cost += Self.firstLetter }
        return cost
    }

    @inline(__always)
    private func isLetter(_ scalar: UInt32) -> Bool { letters.isLetter(scalar) }

    /// The cheapest weighted edit (substitutions, insertions, deletions, adjacent swaps) from intended to typed.
    func cost(typed: [UInt32], intended: [UInt32]) -> Double {
        var scratch = CostScratch(model: self, typed: typed)
        return cost(intended: intended, scratch: &scratch)
    }

    /// What `cost` needs for one typed word and keeps between candidates: the typed word's insertion costs and the table.
    ///
    /// Made once a guess, so a scan that weighs hundreds of candidates
    /// allocates nothing and looks up each insertion cost once. Belongs to
    /// the model that made it.
    struct CostScratch {
        let typed: [UInt32]
        fileprivate let insertions: [Double]
        fileprivate var table: [Double] = []

        init(model: EditModel, typed: [UInt32]) {
            self.typed = typed
            insertions = typed.indices.map { model.insertionCost(typed, at: $0) }
        }
    }

    /// `cost(typed:intended:)` for the scratch's typed word.
    func cost(intended: [UInt32], scratch: inout CostScratch) -> Double {
        let n = scratch.typed.count
        let m = intended.count
        if n == 0 || m == 0 { return Double(max(n, m)) * Self.otherInsertion }
        let width = m + 1
        // The table's rows, then each intended letter's deletion cost (looked up once, not once a row).
        let deletions = (n + 1) * width
        if scratch.table.count < deletions + m { scratch.table = [Double](repeating: 0, count: deletions + m) }
        for j in 0..<m { scratch.table[deletions + j] = deletionCost(intended, at: j) }
        let typed = scratch.typed
        return typed.withUnsafeBufferPointer { typed in
            intended.withUnsafeBufferPointer { intended in
                scratch.insertions.withUnsafeBufferPointer { insertions in
                    scratch.table.withUnsafeMutableBufferPointer { table in
                        fill(table.baseAddress!, width: width, deletions: deletions, typed: typed, intended: intended,
                             insertions: insertions.baseAddress!)
                    }
                }
            }
        }
    }

    /// `cost`'s table, filled row by row; returns its last cell.
    @inline(__always)
    private func fill(_ table: UnsafeMutablePointer<Double>, width: Int, deletions: Int, typed: UnsafeBufferPointer<UInt32>,
                      intended: UnsafeBufferPointer<UInt32>, insertions: UnsafePointer<Double>) -> Double {
        let n = typed.count, m = intended.count
        table[0] = 0
        for j in 1...m { table[j] = table[j - 1] + table[deletions + j - 1] }
        for i in 1...n {
            let insertion = insertions[i - 1]
            let row = table + i * width, above = row - width
            row[0] = above[0] + insertion
            let a = typed[i - 1]
            for j in 1...m {
                let b = intended[j - 1]
                var best: Double
                if a == b {
                    best = above[j - 1]
                } else {
                    var substitution = substitutionCost(typed: a, intended: b)
                    if i == 1 && j == 1 { substitution += Self.firstLetter }
                    best = above[j - 1] + substitution
                }
                best = min(best, above[j] + insertion)
                best = min(best, row[j - 1] + table[deletions + j - 1])
                if i > 1, j > 1, a == intended[j - 2], typed[i - 2] == b, a != b {
                    let swap = isVowel(a) && isVowel(b) ? Self.vowelTransposition : Self.transposition
                    best = min(best, above[j - 2 - width] + swap)
                }
                row[j] = best
            }
        }
        return table[n * width + m]
    }

    /// The optimal-string-alignment distance between two words, or `limit + 1` when it exceeds `limit`.
    ///
    /// Only the cells within `limit` of the diagonal are computed (a path
    /// that leaves that band already costs more than `limit`), in three
    /// rolling rows of `scratch`.
    static func distance(_ a: ArraySlice<UInt32>, _ b: ArraySlice<UInt32>, limit: Int, scratch: inout [Int]) -> Int {
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in distance(a, b, limit: limit, scratch: &scratch) }
        }
    }

    /// The optimal-string-alignment distance between two words in buffers, or `limit + 1` when it exceeds `limit`.
    static func distance(_ a: UnsafeBufferPointer<UInt32>, _ b: UnsafeBufferPointer<UInt32>, limit: Int,
                         scratch: inout [Int]) -> Int {
        let n = a.count
        let m = b.count
        if abs(n - m) > limit { return limit + 1 }
        if n == 0 { return m }
        if m == 0 { return n }
        let width = m + 1
        if scratch.count < 3 * width { scratch = [Int](repeating: 0, count: 3 * width) }
        let beyond = limit + 1
        return scratch.withUnsafeMutableBufferPointer { rows in
            let rows = rows.baseAddress!
            // Rows i - 2, i - 1 and i, in turn.
            var older = rows, previous = rows + width, current = rows + 2 * width
            for j in 0...m { previous[j] = min(j, beyond) }
            for i in 1...n {
                let rowMin = bandRow(i, of: a, across: b, limit: limit, current: current, above: previous, older: older)
                if rowMin > limit { return beyond }
                (older, previous, current) = (previous, current, older)
            }
            return min(previous[m], beyond)
        }
    }

    /// Fills row `row` of a banded optimal-string-alignment table between `word` (rows) and `other` (columns); returns the row's minimum.
    ///
    /// Only the cells within `limit` of the diagonal are computed, capped at
    /// `limit + 1`; the cells just outside the band are set to `limit + 1`
    /// (the next row reads them). `above` and `older` are rows `row - 1`
    /// and `row - 2` (`older` is read only from row 2 on); each row holds
    /// `other.count + 1` cells.
    @inline(__always)
    static func bandRow(_ row: Int, of word: UnsafeBufferPointer<UInt32>, across other: UnsafeBufferPointer<UInt32>, limit: Int,
                        current: UnsafeMutablePointer<Int>, above: UnsafeMutablePointer<Int>,
                        older: UnsafeMutablePointer<Int>) -> Int {
        let m = other.count
        let beyond = limit + 1
        let low = max(1, row - limit), high = min(m, row + limit)
        current[low - 1] = low == 1 ? min(row, beyond) : beyond
        if high < m { current[high + 1] = beyond }
        var rowMin = low == 1 ? min(row, beyond) : beyond
        let letter = word[row - 1]
        for j in low...high {
            let otherLetter = other[j - 1]
            var best = above[j - 1] + (letter == otherLetter ? 0 : 1)
            best = min(best, above[j] + 1, current[j - 1] + 1)
            if row > 1, j > 1, letter == other[j - 2], word[row - 2] == otherLetter {
                best = min(best, older[j - 2] + 1)
            }
            best = min(best, beyond)
            current[j] = best
            rowMin = min(rowMin, best)
        }
        return rowMin
    }
}

/// Which keys sit next to each other, from the .aff `KEY` line or a QWERTY default.
struct KeyboardLayout: Sendable {
    private let neighbours: Set<UInt64>

    /// QWERTY with its staggered rows: keys beside, above and below are neighbours.
    static let qwerty = KeyboardLayout(staggeredRows: ["qwertyuiop", "asdfghjkl", "zxcvbnm"])

    /// The national layout of a language (ISO 639 code), for dictionaries whose .aff has no `KEY` line.
    ///
    /// Letter rows, lower case, with the number row where it carries letters
    /// (Czech, Slovak, Hungarian, Lithuanian); nil for a language not listed
    /// (the caller falls back to QWERTY). Polish, Dutch, Latvian, Indonesian
    /// and Vietnamese typists use US QWERTY.
    static func national(language: String) -> KeyboardLayout? {
        layouts[language].map { KeyboardLayout(staggeredRows: $0) }
    }

    private static let layouts: [String: [String]] = [
        "en": ["qwertyuiop", "asdfghjkl", "zxcvbnm"],
        "de": ["qwertzuiopü", "asdfghjklöä", "yxcvbnm"],
        "fr": ["azertyuiop", "qsdfghjklmù", "wxcvbn"],
        "es": ["qwertyuiop", "asdfghjklñ", "zxcvbnm"],
        "ca": ["qwertyuiop", "asdfghjklñç", "zxcvbnm"],
        "it": ["qwertyuiopè", "asdfghjklòàù", "zxcvbnm"],
        "pt": ["qwertyuiop", "asdfghjklç", "zxcvbnm"],
        "cs": ["ěščřžýáíé", "qwertzuiopú", "asdfghjklů", "yxcvbnm"],
        "sk": ["ľščťžýáíé", "qwertzuiopúä", "asdfghjklôň", "yxcvbnm"],
        "hu": ["öüó", "qwertzuiopőú", "asdfghjkléáű", "íyxcvbnm"],
        "ro": ["qwertyuiopăî", "asdfghjklșțâ", "zxcvbnm"],
        "ru": ["йцукенгшщзхъ", "фывапролджэ", "ячсмитьбю"],
        "uk": ["йцукенгшщзхї", "фівапролджє", "ячсмитьбю"],
        "be": ["йцукенгшўзх", "фывапролджэ", "ячсмітьбю"],
        "bg": ["уеишщксдзцб", "ьяаожгтнвмч", "юйъэфхпрл"],
        "sr": ["љњертзуиопшђ", "асдфгхјклчћ", "ѕџцвбнм"],
        "mk": ["љњертѕуиопшѓ", "асдфгхјклчќ", "зџцвбнм"],
        "hr": ["qwertzuiopšđ", "asdfghjklčćž", "yxcvbnm"],
        "sl": ["qwertzuiopšđ", "asdfghjklčćž", "yxcvbnm"],
        "bs": ["qwertzuiopšđ", "asdfghjklčćž", "yxcvbnm"],
        "el": ["ςερτυθιοπ", "ασδφγηξκλ", "ζχψωβνμ"],
        "he": ["קראטוןםפ", "שדגכעיחלךף", "זסבהנמצתץ"],
        "tr": ["qwertyuıopğü", "asdfghjklşi", "zxcvbnmöç"],
        "sv": ["qwertyuiopå", "asdfghjklöä", "zxcvbnm"],
        "fi": ["qwertyuiopå", "asdfghjklöä", "zxcvbnm"],
        "da": ["qwertyuiopå", "asdfghjklæø", "zxcvbnm"],
        "nb": ["qwertyuiopå", "asdfghjkløæ", "zxcvbnm"],
        "nn": ["qwertyuiopå", "asdfghjkløæ", "zxcvbnm"],
        "no": ["qwertyuiopå", "asdfghjkløæ", "zxcvbnm"],
        "is": ["qwertyuiopð", "asdfghjklæ", "zxcvbnmþ"],
        "lt": ["ąčęėįšųū", "qwertyuiop", "asdfghjkl", "zxcvbnm"],
        "et": ["qwertyuiopüõ", "asdfghjklöä", "zxcvbnm"],
    ]

    /// Rows as the `KEY` line gives them: characters next to each other in a group are neighbours.
    init(groups: [[Unicode.Scalar]]) {
        var pairs = Set<UInt64>()
        for group in groups where group.count > 1 {
            for index in 1..<group.count { Self.link(group[index - 1].value, group[index].value, &pairs) }
        }
        neighbours = pairs
    }

    init(staggeredRows rows: [String]) {
        let grid = rows.map { $0.unicodeScalars.map(\.value) }
        var pairs = Set<UInt64>()
        for (row, keys) in grid.enumerated() {
            for (index, key) in keys.enumerated() {
                if index + 1 < keys.count { Self.link(key, keys[index + 1], &pairs) }
                guard row + 1 < grid.count else { continue }
                for below in [index - 1, index] where below >= 0 && below < grid[row + 1].count {
                    Self.link(key, grid[row + 1][below], &pairs)
                }
            }
        }
        neighbours = pairs
    }

    private static func link(_ a: UInt32, _ b: UInt32, _ pairs: inout Set<UInt64>) {
        pairs.insert(UInt64(a) << 32 | UInt64(b))
        pairs.insert(UInt64(b) << 32 | UInt64(a))
    }

    /// Whether two keys are neighbours (`EditModel.areNeighbours` reads its own table first).
    func areNeighbours(_ a: UInt32, _ b: UInt32) -> Bool {
        neighbours.contains(UInt64(a) << 32 | UInt64(b))
    }

    /// Calls `body` with every ordered pair of neighbouring keys.
    func forEachNeighbour(_ body: (UInt32, UInt32) -> Void) {
        for pair in neighbours { body(UInt32(truncatingIfNeeded: pair >> 32), UInt32(truncatingIfNeeded: pair)) }
    }

    var isEmpty: Bool { neighbours.isEmpty }
}
