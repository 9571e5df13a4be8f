import Foundation

/// A parsed Hunspell .aff file: affix rules, special flags and the suggestion tables.
///
/// Parsing never fails on a bad line: lines it does not understand are
/// skipped, as Hunspell does. Text is decoded from the charset named by
/// `SET` (ISO8859-1 when absent) through ICU, so every field is plain Unicode.
struct AffixFile: Sendable {
    /// The charset named by `SET`, as written.
    var charset = "ISO8859-1"
    var flagMode = AffixFlagMode.character
    /// `AF` flag aliases; a .dic entry or affix writes `/3` for the third.
    var flagAliases: [FlagSet] = []
    var prefixes: [UInt32: [AffixEntry]] = [:]
    var suffixes: [UInt32: [AffixEntry]] = [:]

    var needAffix: UInt32?
    var onlyInCompound: UInt32?
    var forbiddenWord: UInt32?
    var noSuggest: UInt32?
    var circumfix: UInt32?
    var keepCase: UInt32?
    /// `FORCEUCASE`: a compound whose last part carries it is accepted only capitalised or in capitals.
    var forceUpperCase: UInt32?
    /// Every flag an option line names (NEEDAFFIX, WARN, SUBSTANDARD, compound flags...): such a flag on a stem means more than an affix.
    var optionFlags: Set<UInt32> = []
    /// The flags more than one option line names (NEEDAFFIX and a compound flag written alike).
    var sharedOptionFlags: Set<UInt32> = []

    /// `TRY`: the characters to try, most frequent first.
    var tryCharacters: [Unicode.Scalar] = []
    /// `KEY`: keyboard rows (and other neighbour groups) separated by `|`.
    var keyboardRows: [[Unicode.Scalar]] = []
    /// `REP`: common misspellings, typed form first; `_` in a pattern is a space.
    var replacements: [Replacement] = []
    /// `MAP`: groups of related characters (or character sequences).
    var mapGroups: [[String]] = []
    /// `ICONV`: input conversions applied before lookup.
    var inputConversions: [(from: String, to: String)] = []
    /// `OCONV`: output conversions applied to suggestions.
    var outputConversions: [(from: String, to: String)] = []
    /// `WORDCHARS`: characters that belong to words besides letters.
    var wordCharacters: [Unicode.Scalar] = []
    /// `IGNORE`: characters Hunspell removes from words, .dic stems and affix additions before anything else.
    var ignoredScalars: [Unicode.Scalar] = []
    var complexPrefixes = false
    var fullStrip = false
    /// Whether the .aff lets words join into compounds (`COMPOUNDFLAG`, `COMPOUNDBEGIN`, `COMPOUNDRULE`).
    var compounds = false
    /// Whether words join by a flag on their entries (`COMPOUNDFLAG`, `COMPOUNDBEGIN`), not only by `COMPOUNDRULE`
    /// patterns (which English uses for numerals alone: `1st`, `22nd`).
    var compoundsByFlag = false

    /// A `REP` entry; `^` and `$` anchors are kept in `anchoredStart`/`anchoredEnd`.
    struct Replacement: Sendable {
        var from: String
        var to: String
        var anchoredStart: Bool
        var anchoredEnd: Bool
    }

    init() {}

    /// Reads and parses an .aff file; nil when it cannot be read.
    static func load(path: String) -> AffixFile? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return AffixFile(bytes: [UInt8](data))
    }

    /// Parses the bytes of an .aff file in whatever charset its `SET` line names.
    init(bytes: [UInt8]) {
        let declared = Self.declaredCharset(bytes) ?? "ISO8859-1"
        self.charset = declared
        guard let text = Self.decode(bytes, charset: declared) else { return }
        parse(text)
    }

    /// The `SET` value, read from the raw bytes (the line itself is ASCII).
    static func declaredCharset(_ bytes: [UInt8]) -> String? {
        var start = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        while start < bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            let line = bytes[start..<end]
            if line.starts(with: Array("SET".utf8)), line.count > 4, line[start + 3] == 0x20 || line[start + 3] == 0x09 {
                let value = String(decoding: line.dropFirst(4), as: UTF8.self)
                    .split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).first
                return value.map(String.init)
            }
            start = end + 1
        }
        return nil
    }

    /// Decodes a dictionary file's bytes; nil when the charset is unknown to ICU.
    static func decode(_ bytes: [UInt8], charset: String) -> String? {
        var body = bytes
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body.removeFirst(3) }
        if HunspellEngine.isUTF8(charset) { return String(decoding: body, as: UTF8.self) }
        guard let converter = try? CharsetConverter(charset: charset) else { return nil }
        if let whole = converter.decode(body) { return whole }
        // A stray malformed byte spoils the whole; decode line by line and drop bad lines.
        return body.split(separator: 0x0A, omittingEmptySubsequences: false)
            .map { converter.decode(Array($0)) ?? "" }
            .joined(separator: "\n")
    }

    /// The flags of a .dic entry or affix, resolving an `AF` alias number.
    func flags(_ text: Substring) -> FlagSet {
        if !flagAliases.isEmpty, let number = Int(text), number >= 1, number <= flagAliases.count {
            return flagAliases[number - 1]
        }
        return FlagSet(flagMode.parse(text))
    }

    private mutating func parse(_ text: String) {
        // Lines split on bytes (a line feed or carriage return is a Character of its own), fields on Characters compared
        // by their bytes, and the keyword copied out of the text: `==` and hashing normalize a Substring of a text
        // outside ASCII, which was most of parsing Korean's 11 MB of rules in Hangul jamo.
        var lines = text.utf8.split(omittingEmptySubsequences: true, whereSeparator: { $0 == 0x0A || $0 == 0x0D })[...]
        flagMode = Self.declaredFlagMode(lines)
        var pendingAffix: (kind: AffixEntry.Kind, flag: UInt32, cross: Bool, remaining: Int)?
        var aliasCount = 0
        while let bytes = lines.popFirst() {
            let line = Substring(bytes)
            let fields = line.split(whereSeparator: { $0.isASCIIByte(0x20) || $0.isASCIIByte(0x09) })
            guard let first = fields.first else { continue }
            let keyword = String(first)
            guard !keyword.hasPrefix("#") else { continue }
            if line.utf8.starts(with: "IGNORE".utf8) {
                // Split by scalars: a space and the combining mark after it (Ukrainian ignores U+0301) are one Character.
                let scalarFields = line.unicodeScalars.split(whereSeparator: { $0 == " " || $0 == "\t" })
                if scalarFields.count >= 2 { ignoredScalars = Array(scalarFields[1]) }
                continue
            }
            if Self.flagOptions.contains(keyword), fields.count >= 2, let flag = flagMode.parseSingle(fields[1]) {
                if !optionFlags.insert(flag).inserted { sharedOptionFlags.insert(flag) }
            }
            switch keyword {
            case "PFX", "SFX":
                let kind: AffixEntry.Kind = keyword == "PFX" ? .prefix : .suffix
                guard fields.count >= 4 else { continue }
                if let pending = pendingAffix, pending.remaining > 0, pending.kind == kind,
                   flagMode.parseSingle(fields[1]) == pending.flag {
                    addEntry(fields, pending: pending)
                    pendingAffix!.remaining -= 1
                } else if let flag = flagMode.parseSingle(fields[1]), let count = Int(fields[3]) {
                    pendingAffix = (kind, flag, fields[2].utf8.elementsEqual("Y".utf8), count)
                    if kind == .prefix { prefixes[flag, default: []].reserveCapacity(count) }
                    else { suffixes[flag, default: []].reserveCapacity(count) }
                }
            case "AF":
                if aliasCount == 0, fields.count >= 2, let count = Int(fields[1]) {
                    aliasCount = count
                } else if fields.count >= 2 {
                    flagAliases.append(FlagSet(flagMode.parse(fields[1])))
                }
            case "NEEDAFFIX", "PSEUDOROOT": needAffix = fields.count >= 2 ? flagMode.parseSingle(fields[1]) : nil
            case "ONLYINCOMPOUND": onlyInCompound = fields.count >= 2 ? flagMode.parseSingle(fields[1]) : nil
            case "FORBIDDENWORD": forbiddenWord = fields.count >= 2 ? flagMode.parseSingle(fields[1]) : nil
            case "NOSUGGEST": noSuggest = fields.count >= 2 ? flagMode.parseSingle(fields[1]) : nil
            case "CIRCUMFIX": circumfix = fields.count >= 2 ? flagMode.parseSingle(fields[1]) : nil
            case "KEEPCASE": keepCase = fields.count >= 2 ? flagMode.parseSingle(fields[1]) : nil
            case "FORCEUCASE": forceUpperCase = fields.count >= 2 ? flagMode.parseSingle(fields[1]) : nil
            case "COMPOUNDFLAG", "COMPOUNDBEGIN":
                compounds = true
                compoundsByFlag = true
            case "COMPOUNDRULE": compounds = true
            case "TRY" where fields.count >= 2: tryCharacters = Array(fields[1].unicodeScalars)
            case "KEY" where fields.count >= 2:
                keyboardRows = fields[1].split(separator: "|").map { Array($0.unicodeScalars) }
            case "WORDCHARS" where fields.count >= 2: wordCharacters = Array(fields[1].unicodeScalars)
            case "COMPLEXPREFIXES": complexPrefixes = true
            case "FULLSTRIP": fullStrip = true
            case "REP" where fields.count >= 3:
                var from = String(fields[1])
                let to = String(fields[2]).replacingOccurrences(of: "_", with: " ")
                let start = from.hasPrefix("^")
                if start { from.removeFirst() }
                let end = from.hasSuffix("$")
                if end { from.removeLast() }
                from = from.replacingOccurrences(of: "_", with: " ")
                if !from.isEmpty { replacements.append(Replacement(from: from, to: to, anchoredStart: start, anchoredEnd: end)) }
            case "MAP" where fields.count >= 2 && Int(fields[1]) == nil:
                mapGroups.append(Self.mapGroup(fields[1]))
            case "ICONV" where fields.count >= 3:
                inputConversions.append((String(fields[1]).replacingOccurrences(of: "_", with: ""),
                                         String(fields[2]).replacingOccurrences(of: "_", with: "")))
            case "OCONV" where fields.count >= 3:
                outputConversions.append((String(fields[1]).replacingOccurrences(of: "_", with: ""),
                                          String(fields[2]).replacingOccurrences(of: "_", with: "")))
            default:
                continue
            }
        }
        // FULLSTRIP may come after the affix groups: it applies to every entry.
        if fullStrip {
            prefixes = prefixes.mapValues { $0.map { $0.strippingWhole() } }
            suffixes = suffixes.mapValues { $0.map { $0.strippingWhole() } }
        }
    }

    /// The flag mode the `FLAG` lines declare, wherever they stand: Hunspell reads them before any other line
    /// (`HashMgr::load_config`), so a flag named above them is read in their mode (Dutch names KEEPCASE, WARN and
    /// FORCEUCASE before `FLAG long`). A declaration of no known mode leaves the one before it, as in Hunspell.
    private static func declaredFlagMode(_ lines: ArraySlice<Substring.UTF8View>) -> AffixFlagMode {
        var mode = AffixFlagMode.character
        for bytes in lines where bytes.starts(with: "FLAG".utf8) {
            let fields = Substring(bytes).split(whereSeparator: { $0.isASCIIByte(0x20) || $0.isASCIIByte(0x09) })
            guard fields.count >= 2, fields[0].utf8.elementsEqual("FLAG".utf8) else { continue }
            let declared = AffixFlagMode(declaration: fields[1])
            if declared != .character { mode = declared }
        }
        return mode
    }

    /// The keywords whose value is a flag.
    private static let flagOptions: Set<String> = [
        "NEEDAFFIX", "PSEUDOROOT", "ONLYINCOMPOUND", "FORBIDDENWORD", "NOSUGGEST", "CIRCUMFIX", "KEEPCASE", "WARN",
        "SUBSTANDARD", "FORCEUCASE", "LEMMA_PRESENT", "COMPOUNDFLAG", "COMPOUNDBEGIN", "COMPOUNDMIDDLE", "COMPOUNDEND",
        "COMPOUNDLAST", "COMPOUNDFIRST", "COMPOUNDPERMITFLAG", "COMPOUNDFORBIDFLAG", "COMPOUNDROOT", "NONGRAMSUGGEST",
        "ONLYROOT",
    ]

    private mutating func addEntry(_ fields: [Substring], pending: (kind: AffixEntry.Kind, flag: UInt32, cross: Bool, remaining: Int)) {
        let strip = fields[2].utf8.elementsEqual("0".utf8) ? [] : Array(fields[2].unicodeScalars)
        var addField = fields[3]
        var continuation = FlagSet.empty
        if let slash = addField.firstIndex(where: { $0.isASCIIByte(0x2F) }) {
            continuation = flags(addField[addField.index(after: slash)...])
            addField = addField[..<slash]
        }
        let add = addField.utf8.elementsEqual("0".utf8) ? [] : Array(addField.unicodeScalars)
        let condition = fields.count >= 5 ? AffixCondition(parsing: fields[4]) : .always
        let entry = AffixEntry(kind: pending.kind, flag: pending.flag, crossProduct: pending.cross,
                               strip: strip, add: add, continuation: continuation, condition: condition)
        switch pending.kind {
        case .prefix: prefixes[pending.flag, default: []].append(entry)
        case .suffix: suffixes[pending.flag, default: []].append(entry)
        }
    }

    /// A MAP group: single characters, or sequences in parentheses (`(ss)ß`).
    private static func mapGroup(_ text: Substring) -> [String] {
        var group: [String] = []
        var current: String?
        for character in text {
            if character == "(" { current = ""; continue }
            if character == ")", let item = current { group.append(item); current = nil; continue }
            if current != nil { current!.append(character) } else { group.append(String(character)) }
        }
        return group
    }

    /// Applies `ICONV` (input) or `OCONV` (output) conversions, longest match first.
    static func convert(_ word: String, _ table: [(from: String, to: String)]) -> String {
        guard !table.isEmpty else { return word }
        var result = ""
        var rest = Substring(word)
        while !rest.isEmpty {
            var best: (from: String, to: String)?
            for pair in table where rest.hasPrefix(pair.from) && pair.from.count > (best?.from.count ?? 0) { best = pair }
            if let best {
                result += best.to
                rest = rest.dropFirst(best.from.count)
            } else {
                result.append(rest.removeFirst())
            }
        }
        return result
    }
}
