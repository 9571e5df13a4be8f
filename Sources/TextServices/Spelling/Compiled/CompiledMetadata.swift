/// The facts a compiled dictionary records about itself, stored as `key=value` lines.
///
/// Unknown keys are ignored and missing ones take defaults, so reading never
/// fails on content; only values that would make the indexes unusable are errors.
struct CompiledMetadata: Equatable, Sendable {
    /// The charset Hunspell reported for the dictionary (`SET`).
    var charset = "UTF-8"
    /// Identities of the source files when compiled: a quick check before hashing them.
    var affixIdentity = ""
    var wordsIdentity = ""
    /// The frequency file used (empty for none) and its identity.
    var frequencyPath = ""
    var frequencyIdentity = ""
    /// Forms the affix rules generated, and how many Hunspell accepted in some case.
    var expandedForms = 0
    var acceptedForms = 0
    var hasFrequencies = false
    var hasPhonetic = false
    var prefixLength = 6
    var maxDistance = 2
    var bucketMask: UInt32 = 0
    /// When it was compiled, in seconds since 1970.
    var compiledAt = 0
    /// `DictionaryCompiler.environmentKey` when compiled (format, libhunspell, case mapping).
    var environment = ""
    /// Whether the reject index proves words wrong (`RejectIndex`), and why not.
    var provesWrong = false
    var provesWrongReason = ""

    func encoded() -> [UInt8] {
        let lines = [
            "charset=\(charset)", "aff=\(affixIdentity)", "dic=\(wordsIdentity)",
            "freq=\(frequencyPath)", "freq.identity=\(frequencyIdentity)",
            "forms=\(expandedForms)", "accepted=\(acceptedForms)",
            "frequencies=\(hasFrequencies ? 1 : 0)", "phonetic=\(hasPhonetic ? 1 : 0)",
            "prefix=\(prefixLength)", "distance=\(maxDistance)", "mask=\(bucketMask)", "compiled=\(compiledAt)", "env=\(environment)",
            "proves.wrong=\(provesWrong ? 1 : 0)", "proves.wrong.reason=\(provesWrongReason)",
        ]
        return Array((lines.joined(separator: "\n") + "\n").utf8)
    }

    init() {}

    init(decoding bytes: UnsafeRawBufferPointer) throws(CompiledFormat.Failure) {
        let text = String(decoding: bytes, as: UTF8.self)
        for line in text.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            let key = line[..<equals]
            let value = String(line[line.index(after: equals)...])
            switch key {
            case "charset": charset = value
            case "aff": affixIdentity = value
            case "dic": wordsIdentity = value
            case "freq": frequencyPath = value
            case "freq.identity": frequencyIdentity = value
            case "forms": expandedForms = Int(value) ?? 0
            case "accepted": acceptedForms = Int(value) ?? 0
            case "frequencies": hasFrequencies = value == "1"
            case "phonetic": hasPhonetic = value == "1"
            case "prefix": prefixLength = Int(value) ?? -1
            case "distance": maxDistance = Int(value) ?? -1
            case "mask": bucketMask = UInt32(value) ?? 0
            case "compiled": compiledAt = Int(value) ?? 0
            case "env": environment = value
            case "proves.wrong": provesWrong = value == "1"
            case "proves.wrong.reason": provesWrongReason = value
            default: continue
            }
        }
        guard (1...16).contains(prefixLength), (1...3).contains(maxDistance) else {
            throw .badMetadata("prefix length \(prefixLength), distance \(maxDistance)")
        }
        guard !charset.isEmpty, charset.utf8.count < 64 else { throw .badMetadata("charset") }
    }
}
