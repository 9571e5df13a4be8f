import Testing
@testable import TextServices

@Test func simpleCaseMapsEveryScalarOfItsRangesAsICUDoesAndRefusesTheOthers() {
    let ranges: [ClosedRange<UInt32>] = [0x00...0x7F, 0xA0...0x1FF, 0x3F0...0x4FF]
    var mapped = 0
    for value in ranges.joined() {
        guard let scalar = Unicode.Scalar(value) else { continue }
        let text = String(scalar)
        var bytes = Array(text.utf8)
        let word = bytes.withUnsafeMutableBufferPointer { input in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: input.count) { out -> (SimpleCase.Word, String)? in
                guard let word = SimpleCase.lowered(UnsafeBufferPointer(input), into: out) else { return nil }
                return (word, String(decoding: UnsafeBufferPointer(rebasing: out[..<input.count]), as: UTF8.self))
            }
        }
        guard let (found, lowered) = word else {
            #expect(value >= 0x80, "ASCII \(value) refused")
            continue
        }
        mapped += 1
        #expect(lowered == CaseMapping.map(text, .lower), "U+\(String(value, radix: 16)) lowers otherwise")
        let upper = CaseMapping.map(text, .upper)
        if found.firstIsUpper {
            #expect(lowered != text && CaseMapping.map(lowered, .upper) == text, "U+\(String(value, radix: 16))")
        } else if found.anyLower {
            #expect(upper != text && CaseMapping.map(upper, .lower) == text, "U+\(String(value, radix: 16))")
        } else {
            #expect(upper == text && lowered == text, "U+\(String(value, radix: 16)) is not caseless")
        }
    }
    // ASCII, 60 of Latin-1 and 96 of Cyrillic; not `ß`, `ÿ`, `µ`, Latin Extended-A, Greek or Cyrillic past U+045F.
    #expect(mapped == 128 + 60 + 96)
}

@Test func capitalisedAndCapitalWordsBeyondASCIIAreFoundWithoutICUAsTheStringPathFindsThem() {
    let table = AcceptTable.build([(key: "москва", flags: AcceptTable.capitalised | AcceptTable.upper),
                                   (key: "ёлка", flags: AcceptTable.asIs | AcceptTable.capitalised),
                                   (key: "élan", flags: AcceptTable.capitalised),
                                   (key: "über", flags: AcceptTable.upper),
                                   (key: "Größe", flags: AcceptTable.asIs | AcceptTable.upper),
                                   (key: "Ärger", flags: AcceptTable.upper)])
    for word in ["Москва", "МОСКВА", "Ёлка", "ёлка", "Élan", "ÜBER", "ÄRGER", "Größe"] {
        #expect(table.accepts(word), "\(word)")
    }
    // Mixed case, a lower-case key asked capitalised where it is not, and words only ICU maps (`ß` in capitals).
    for word in ["МоСКВА", "ЁЛКА", "ÉLAN", "Über", "élaN", "Ärger", "москвА", "GRÖßE"] {
        #expect(!table.accepts(word), "\(word)")
    }
}
