/// Word segmentation by the rules of UAX #29 for runs of ASCII, Latin and Cyrillic letters and common punctuation.
///
/// UAX #29 never joins a word across white space, so text can be segmented
/// one white-space-separated run at a time. Runs made of ASCII plus curly
/// quotes, dashes, the ellipsis, guillemets and the letters of Latin-1, Latin
/// Extended-A/B and Cyrillic (most English, European and Russian prose) are
/// segmented here at byte speed; any other run is left to ICU. A test checks that the result
/// equals ICU's on large corpora. Offsets are bytes.
enum FastWordSegmenter {
    /// Word-break classes of the characters this segmenter handles.
    enum Class: UInt8 {
        case letter, numeric, extendNumLet, midLetter, midNumLet, midNum, other, space, unknown
    }

    /// A token: its byte range, whether ICU gives it the letter status, and whether it is plain.
    ///
    /// ICU's status comes from the last rule applied: a token ending in a digit
    /// is a number (`C3P0`), one ending in a letter is a word; a trailing `_`
    /// keeps the status of what precedes it (`e_` word, `0_` number), and a lone
    /// `_` has none. A plain token is a whole white-space-separated run of ASCII
    /// letters alone (`WordScanner` makes those; the segmenter and ICU mark none).
    typealias Token = (range: Range<Int>, isWord: Bool, isPlain: Bool)

    /// The class of an ASCII byte (a `switch`, not a table: a lazily built table costs a `swift_once` check per byte).
    @inline(__always)
    static func asciiClass(_ byte: UInt8) -> Class {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
            return .letter
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            return .numeric
        // ICU's root rules count '@' as a letter, so that addresses stay whole.
        case UInt8(ascii: "@"):
            return .letter
        case UInt8(ascii: "_"):
            return .extendNumLet
        case UInt8(ascii: "."), UInt8(ascii: "'"):
            return .midNumLet
        case UInt8(ascii: ","), UInt8(ascii: ";"):
            return .midNum
        case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20:
            return .space
        // ICU's root rules drop ':' from MidLetter, but Swedish and Finnish keep it: leave it to ICU. Control
        // characters other than white space are Format/Control-like; leave them to ICU too.
        case UInt8(ascii: ":"), 0x00..<0x20, 0x7F:
            return .unknown
        default:
            return .other
        }
    }

    /// The class of the character at `index` and its length in bytes.
    @inline(__always)
    static func classify(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> (Class, Int) {
        let byte = bytes[index]
        if byte < 0x80 { return (asciiClass(byte), 1) }
        // A few three-byte punctuation marks: E2 80 xx.
        if byte == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80 {
            switch bytes[index + 2] {
            case 0x98, 0x99: return (.midNumLet, 3)  // ‘ ’ are MidNumLet
            case 0x9C, 0x9D, 0x93, 0x94, 0xA6: return (.other, 3)  // “ ” – — …
            default: return (.unknown, 3)
            }
        }
        // Two-byte letters: Latin-1 to Latin Extended-B and Cyrillic (see `twoByteClass`).
        if byte >= 0xC2, byte <= 0xD4, index + 1 < bytes.count {
            return (twoByteClass(UInt32(byte & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F)), 2)
        }
        return (.unknown, 1)
    }

    /// The class of a scalar from U+0080 to U+053F: the letters of Latin-1, Latin Extended-A and -B and
    /// Cyrillic (ALetter in UAX #29, with no rule of their own), the guillemets (Other); anything else (marks,
    /// no-break space, the middle dot, soft hyphen, Cyrillic's combining marks) is left to ICU.
    @inline(__always)
    static func twoByteClass(_ scalar: UInt32) -> Class {
        switch scalar {
        case 0xD7, 0xF7: return .other  // × ÷
        case 0xAB, 0xBB: return .other  // « »
        case 0xC0...0x24F, 0x400...0x481, 0x48A...0x52F: return .letter
        default: return .unknown
        }
    }

    /// Whether every character of `range` is one this segmenter handles (and none is white space).
    static func canSegment(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        var index = range.lowerBound
        while index < range.upperBound {
            let (kind, width) = classify(bytes, index)
            if kind == .unknown || kind == .space { return false }
            index += width
        }
        return true
    }

    /// Appends the tokens of `range` (which `canSegment` accepted) to `tokens`.
    static func segment(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, into tokens: inout [Token]) {
        var index = range.lowerBound
        let end = range.upperBound
        while index < end {
            let (kind, width) = classify(bytes, index)
            guard kind == .letter || kind == .numeric || kind == .extendNumLet else {
                tokens.append((index..<index + width, false, false))
                index += width
                continue
            }
            var previous = kind
            var isWord = kind == .letter
            var cursor = index + width
            scan: while cursor < end {
                let (next, nextWidth) = classify(bytes, cursor)
                switch next {
                case .letter, .numeric, .extendNumLet:
                    // WB5, WB8-WB10, WB13a-b: these join each other.
                    isWord = next == .letter || (next == .extendNumLet && previous != .numeric)
                    previous = next
                    cursor += nextWidth
                case .midLetter, .midNumLet, .midNum:
                    // WB6-7: letter (MidLetter | MidNumLet) letter; WB11-12: digit (MidNum | MidNumLet) digit.
                    let after = cursor + nextWidth
                    guard after < end else { break scan }
                    let following = classify(bytes, after).0
                    let joinsLetters = previous == .letter && following == .letter && next != .midNum
                    let joinsNumbers = previous == .numeric && following == .numeric && next != .midLetter
                    guard joinsLetters || joinsNumbers else { break scan }
                    isWord = joinsLetters
                    previous = following
                    cursor = after + classify(bytes, after).1
                default:
                    break scan
                }
            }
            tokens.append((index..<cursor, isWord, false))
            index = cursor
        }
    }
}
