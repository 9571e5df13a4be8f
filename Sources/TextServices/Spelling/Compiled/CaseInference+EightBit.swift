import Foundation

extension CaseInference {
    /// The lower-case letters beyond ASCII whose case Hunspell's own tables for an 8-bit `charset` map as ICU does,
    /// proven by asking Hunspell about a dictionary of probe words; empty when the probe cannot run.
    ///
    /// In an 8-bit dictionary Hunspell classes and maps case byte by byte
    /// through its tables for the charset (`get_captype`, `mkallsmall`,
    /// `mkinitcap`), not through Unicode. For each letter `s` of the charset
    /// that ICU takes for lower case with a one-letter capital `S` mapping back
    /// to it, a dictionary of `sa`, `asa` and `s` alone (nothing else, so no
    /// other entry can accept a spelling) is asked about `Sa`, `SA`, `Asa`,
    /// `ASA` and `S`: they are accepted exactly when the tables count `S` as a
    /// capital and `s` as no capital, and map each to the other. The tables
    /// map each byte without context, so a word of proven letters and ASCII
    /// behaves as the probes do. Takes a few milliseconds.
    static func provenEightBitLetters(charset: String) -> Set<Unicode.Scalar> {
        guard !HunspellEngine.isUTF8(charset), let converter = try? CharsetConverter(charset: charset) else { return [] }
        var letters: [Unicode.Scalar] = []
        for byte in UInt8(0x80)...UInt8(0xFF) {
            guard let text = converter.decode([byte]), text.unicodeScalars.count == 1, let letter = text.unicodeScalars.first,
                  RejectIndex.caseKind(letter) == .lower else { continue }
            let capital = CaseVariants.upper(text)
            guard capital != text, capital.unicodeScalars.count == 1, CaseVariants.lower(capital) == text,
                  converter.encode(capital)?.count == 1 else { continue }
            letters.append(letter)
        }
        guard !letters.isEmpty else { return [] }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("textsvcd-case-probe-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var dictionary: [UInt8] = []
        for letter in letters {
            for word in ["\(letter)a", "a\(letter)a", "\(letter)"] {
                guard let bytes = converter.encode(word) else { return [] }
                dictionary += bytes + [0x0A]
            }
        }
        do {
            try FileSystem.writeAtomically(Array("SET \(charset)\n".utf8), to: folder + "/probe.aff")
            try FileSystem.writeAtomically(Array("\(letters.count * 3)\n".utf8) + dictionary, to: folder + "/probe.dic")
        } catch {
            return []
        }
        let info = DictionaryInfo(tag: LanguageTag("xx")!, source: .user, path: folder + "/probe")
        guard let engine = try? HunspellEngine(info: info, handles: 1), engine.spell("aa") == false else { return [] }
        var proven = Set<Unicode.Scalar>()
        for letter in letters {
            let small = String(letter), capital = CaseVariants.upper(small)
            let accepted = ["\(small)a", "a\(small)a", small, "\(capital)a", "\(capital)A", "A\(small)a", "A\(capital)A", capital]
            if accepted.allSatisfy(engine.spell) { proven.insert(letter) }
        }
        return proven
    }
}
