/// One line of a `PFX` or `SFX` group: what to strip, what to add, and when.
///
/// Words are handled as arrays of Unicode scalars, in the dictionary's
/// characters after charset decoding. A class, immutable: the expander
/// walks millions of entries, and a copy of a struct of five arrays was five
/// retains and releases (a tenth of expanding Portuguese).
final class AffixEntry: Sendable {
    enum Kind: Sendable { case prefix, suffix }

    let kind: Kind
    let flag: UInt32
    /// Whether the group allows combining with an affix of the other kind (`Y`).
    let crossProduct: Bool
    let strip: [Unicode.Scalar]
    let add: [Unicode.Scalar]
    /// Flags carried by the affix (continuation classes, NEEDAFFIX, NOSUGGEST...).
    let continuation: FlagSet
    let condition: AffixCondition
    /// The .aff file says FULLSTRIP: the entry may strip a whole word when it appends something.
    let stripsWhole: Bool

    init(kind: Kind, flag: UInt32, crossProduct: Bool, strip: [Unicode.Scalar], add: [Unicode.Scalar],
         continuation: FlagSet, condition: AffixCondition, stripsWhole: Bool = false) {
        self.kind = kind
        self.flag = flag
        self.crossProduct = crossProduct
        self.strip = strip
        self.add = add
        self.continuation = continuation
        self.condition = condition
        self.stripsWhole = stripsWhole
    }

    /// The same entry, allowed to strip a whole word (FULLSTRIP).
    func strippingWhole() -> AffixEntry {
        AffixEntry(kind: kind, flag: flag, crossProduct: crossProduct, strip: strip, add: add, continuation: continuation,
                   condition: condition, stripsWhole: true)
    }

    /// Whether the entry applies to a word: the strip matches and the condition holds.
    ///
    /// A suffix's condition is tested on the end of the word, a prefix's on its start.
    /// Hunspell strips a whole word only under FULLSTRIP (`SfxEntry::checkword`, `PfxEntry::checkword` 1.7: a root
    /// of no bytes left once the appended text is removed), and then only from a form that is not empty.
    func applies(to word: [Unicode.Scalar]) -> Bool {
        guard word.count > strip.count || (stripsWhole && word.count == strip.count && !add.isEmpty) else { return false }
        switch kind {
        case .suffix:
            guard word.count >= strip.count, word.suffix(strip.count).elementsEqual(strip) else { return false }
            return condition.matchesEnd(of: word)
        case .prefix:
            guard word.count >= strip.count, word.prefix(strip.count).elementsEqual(strip) else { return false }
            return condition.matchesStart(of: word)
        }
    }

    /// The word with this affix applied; call only when `applies(to:)` holds.
    func apply(to word: [Unicode.Scalar]) -> [Unicode.Scalar] {
        switch kind {
        case .suffix: return Array(word.dropLast(strip.count)) + add
        case .prefix: return add + word.dropFirst(strip.count)
        }
    }

    /// Writes the word with this affix applied into `result` (its old contents dropped, its storage kept); call only when `applies(to:)` holds.
    func apply(to word: [Unicode.Scalar], into result: inout [Unicode.Scalar]) {
        result.removeAll(keepingCapacity: true)
        switch kind {
        case .suffix:
            result.append(contentsOf: word[..<(word.count - strip.count)])
            result.append(contentsOf: add)
        case .prefix:
            result.append(contentsOf: add)
            result.append(contentsOf: word[strip.count...])
        }
    }
}

/// An affix condition: a string of characters, `.` and `[...]`/`[^...]` classes.
struct AffixCondition: Sendable {
    enum Element: Sendable {
        case any
        case scalar(Unicode.Scalar)
        case set([Unicode.Scalar], negated: Bool)

        func matches(_ scalar: Unicode.Scalar) -> Bool {
            switch self {
            case .any: return true
            case .scalar(let expected): return scalar == expected
            case .set(let members, let negated): return members.contains(scalar) != negated
            }
        }
    }

    let elements: [Element]
    /// The condition holds a `.` and a scalar beyond ASCII: Hunspell 1.7.1's UTF-8 matching misreads some such
    /// conditions (`[áéíóúŕýô].a`), so their forms are asked (`PlainForms`).
    let mixesAnyWithNonASCII: Bool

    static let always = AffixCondition(elements: [])

    init(elements: [Element]) {
        self.elements = elements
        mixesAnyWithNonASCII = Self.mixesAnyWithNonASCII(elements)
    }

    private static func mixesAnyWithNonASCII(_ elements: [Element]) -> Bool {
        var any = false, nonASCII = false
        for element in elements {
            switch element {
            case .any: any = true
            case .scalar(let scalar): if !scalar.isASCII { nonASCII = true }
            case .set(let members, _): if members.contains(where: { !$0.isASCII }) { nonASCII = true }
            }
        }
        return any && nonASCII
    }

    /// Parses a condition; `.` alone (or nothing) always matches.
    init(parsing text: Substring) {
        var elements: [Element] = []
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            switch scalar {
            case ".":
                elements.append(.any)
            case "[":
                var members: [Unicode.Scalar] = []
                var negated = false
                var first = true
                while let inner = scalars.next(), inner != "]" {
                    if first, inner == "^" { negated = true } else { members.append(inner) }
                    first = false
                }
                elements.append(.set(members, negated: negated))
            default:
                elements.append(.scalar(scalar))
            }
        }
        if elements.allSatisfy({ if case .any = $0 { return true } else { return false } }) {
            // "." is the conventional "no condition"; several dots still require that many characters.
            if elements.count <= 1 { elements = [] }
        }
        self.init(elements: elements)
    }

    /// The condition written back in .aff syntax (`.` and "no condition" both as the empty string).
    var text: String {
        var result = ""
        for element in elements {
            switch element {
            case .any: result += "."
            case .scalar(let scalar): result.unicodeScalars.append(scalar)
            case .set(let members, let negated):
                result += negated ? "[^" : "["
                result.unicodeScalars.append(contentsOf: members)
                result += "]"
            }
        }
        return result
    }

    func matchesEnd(of word: [Unicode.Scalar]) -> Bool {
        guard word.count >= elements.count else { return false }
        let start = word.count - elements.count
        for (offset, element) in elements.enumerated() where !element.matches(word[start + offset]) { return false }
        return true
    }

    func matchesStart(of word: [Unicode.Scalar]) -> Bool {
        guard word.count >= elements.count else { return false }
        for (offset, element) in elements.enumerated() where !element.matches(word[offset]) { return false }
        return true
    }
}
