/// Word forms as UTF-8 bytes one after another, with where each ends and whether it may be suggested.
///
/// The expander's output for large dictionaries: millions of forms cost
/// their bytes plus five bytes each, with no `String` or array per form.
/// Offsets are 32-bit: `isFull` turns true (and `append` stops adding)
/// before the bytes pass 4 GiB. A value type; not shared between threads
/// while it is written.
struct FormList: Sendable {
    /// The forms' UTF-8 bytes, one after another.
    private(set) var bytes: [UInt8] = []
    /// Where each form's bytes end in `bytes`.
    private(set) var ends: [UInt32] = []
    /// Per form: `suggestibleTrait` unless NOSUGGEST, `keepsCaseTrait` when a KEEPCASE flag is on its stem or affixes,
    /// `plainTrait` when Hunspell certainly accepts it as it is (`PlainForms`).
    private(set) var traits: [UInt8] = []
    /// A form was refused because the bytes would pass the 32-bit offsets.
    private(set) var isFull = false

    static let suggestibleTrait: UInt8 = 1
    static let keepsCaseTrait: UInt8 = 2
    static let plainTrait: UInt8 = 4

    var count: Int { ends.count }

    /// False for NOSUGGEST forms: accepted, but never offered.
    func isSuggestible(_ index: Int) -> Bool { traits[index] & Self.suggestibleTrait != 0 }

    /// Whether a KEEPCASE flag is on the form's stem or affixes (Hunspell may refuse its capitals).
    func keepsCase(_ index: Int) -> Bool { traits[index] & Self.keepsCaseTrait != 0 }

    /// Whether the form is plain (`PlainForms`): Hunspell certainly accepts it as it is.
    func isPlain(_ index: Int) -> Bool { traits[index] & Self.plainTrait != 0 }

    mutating func reserveCapacity(forms: Int, bytes byteCount: Int) {
        ends.reserveCapacity(forms)
        traits.reserveCapacity(forms)
        bytes.reserveCapacity(byteCount)
    }

    /// The byte range of form `index`.
    func range(_ index: Int) -> Range<Int> {
        (index == 0 ? 0 : Int(ends[index - 1]))..<Int(ends[index])
    }

    /// Form `index` as a string.
    func word(_ index: Int) -> String {
        bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[range(index)]), as: UTF8.self) }
    }

    /// Whether form `index` holds only ASCII bytes and none of them a capital letter (read from the bytes, no `String`).
    func isASCIIWithoutCapitals(_ index: Int) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            for position in range(index) where buffer[position] >= 0x80 || (buffer[position] >= 0x41 && buffer[position] <= 0x5A) {
                return false
            }
            return true
        }
    }

    /// Appends a form given as Unicode scalars, encoded to UTF-8 in place.
    mutating func append(_ scalars: [Unicode.Scalar], suggestible isSuggestible: Bool, keepsCase: Bool = false, plain: Bool = false) {
        let start = bytes.count
        for scalar in scalars {
            let value = scalar.value
            switch value {
            case 0..<0x80:
                bytes.append(UInt8(value))
            case 0x80..<0x800:
                bytes.append(UInt8(0xC0 | value >> 6))
                bytes.append(UInt8(0x80 | value & 0x3F))
            case 0x800..<0x10000:
                bytes.append(UInt8(0xE0 | value >> 12))
                bytes.append(UInt8(0x80 | value >> 6 & 0x3F))
                bytes.append(UInt8(0x80 | value & 0x3F))
            default:
                bytes.append(UInt8(0xF0 | value >> 18))
                bytes.append(UInt8(0x80 | value >> 12 & 0x3F))
                bytes.append(UInt8(0x80 | value >> 6 & 0x3F))
                bytes.append(UInt8(0x80 | value & 0x3F))
            }
        }
        guard bytes.count <= Int(UInt32.max) else {
            bytes.removeSubrange(start...)
            isFull = true
            return
        }
        ends.append(UInt32(bytes.count))
        traits.append((isSuggestible ? Self.suggestibleTrait : 0) | (keepsCase ? Self.keepsCaseTrait : 0) | (plain ? Self.plainTrait : 0))
    }

    /// Appends every form of `other`, in its order (none once the bytes would pass the 32-bit offsets).
    mutating func append(contentsOf other: FormList) {
        guard !isFull else { return }
        guard !other.isFull, bytes.count + other.bytes.count <= Int(UInt32.max) else {
            isFull = true
            return
        }
        let base = UInt32(bytes.count)
        bytes.append(contentsOf: other.bytes)
        ends.append(contentsOf: other.ends.lazy.map { $0 + base })
        traits.append(contentsOf: other.traits)
    }

    /// Appends a form given as a string.
    mutating func append(_ word: String, suggestible isSuggestible: Bool, keepsCase: Bool = false, plain: Bool = false) {
        append(Array(word.unicodeScalars), suggestible: isSuggestible, keepsCase: keepsCase, plain: plain)
    }

    /// The forms as values (for callers that keep few of them).
    var forms: [WordFormExpander.Form] {
        (0..<count).map { WordFormExpander.Form(word: word($0), suggestible: isSuggestible($0), keepsCase: keepsCase($0)) }
    }
}
