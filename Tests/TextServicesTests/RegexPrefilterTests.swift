import Testing
@testable import TextServices

/// The regex prefilter: the literals a pattern requires, and that passing files over never changes what matches.
@Suite struct RegexPrefilterTests {
    func literals(_ pattern: String, _ options: RegexOptions = []) -> [String]? {
        RegexPrefilter(pattern: pattern, options: options).literals?.map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func theLongestRequiredRunOfEachAlternativeIsTaken() {
        #expect(literals("Hunspell_[a-z]+") == ["Hunspell_"])
        #expect(literals("foo|bar+") == ["foo", "bar"])
        #expect(literals("colou?r") == ["colo"])
        #expect(literals("x*abc{2}d") == ["abc"])
        #expect(literals(#"\bstrbuf_add\("#) == ["strbuf_add("])
        #expect(literals(#"\x41BC"#) == ["BC"])
        #expect(literals(#"a\QB*C\Ede"#) == ["aB*Cde"])
        #expect(literals(#"(foo|bar)bazz"#) == ["bazz"])
        #expect(literals("a.b", .literal) == ["a.b"])
        #expect(literals("Foo", .caseInsensitive) == ["foo"])
    }

    @Test func whatIsNotUnderstoodGivesNoLiteral() {
        #expect(literals("(?i)foo") == nil)
        #expect(literals("(?x) f o o") == nil)
        #expect(literals("foo", .comments) == nil)
        #expect(literals("foo|[a-z]+") == nil)
        #expect(literals(#"\d+"#) == nil)
        #expect(literals("foo(") == nil)
        #expect(literals("straße", .caseInsensitive) == ["stra"])
        #expect(literals("ß", .caseInsensitive) == nil)
    }

    @Test func filesWithoutTheLiteralArePassedOver() {
        let prefilter = RegexPrefilter(pattern: "Hunspell_[a-z]+")
        #expect(!prefilter.mayMatch(Array("no speller here\n".utf8)))
        #expect(prefilter.mayMatch(Array("call Hunspell_spell\n".utf8)))
        let folded = RegexPrefilter(pattern: "HUNSPELL", options: .caseInsensitive)
        #expect(folded.mayMatch(Array("hunSpell".utf8)))
        #expect(!folded.mayMatch(Array("hunspel".utf8)))
        // Text with non-ASCII is always searched: ICU folds the Kelvin sign to k and ß to ss.
        #expect(RegexPrefilter(pattern: "kiss", options: .caseInsensitive).mayMatch(Array("\u{212A}iß".utf8)))
    }

    /// A small deterministic generator (SplitMix64).
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func pick<T>(_ choices: [T]) -> T { choices[Int(next() % UInt64(choices.count))] }
    }

    /// Patterns with and without literals: plain runs, quantifiers, classes, groups, alternation, escapes, anchors.
    func pattern(_ generator: inout Generator) -> String {
        let atoms = ["a", "b", "k", "s", "S", "K", "ss", "ab", "ba", "\u{212A}", "ß", "é", ".", "[ab]", "[^a]", #"\w"#, #"\s"#,
                     #"\."#, ".", "(a|b)", "(?:ab)", "(?=a)", #"\b"#, "^", "$", #"\x61"#, #"\Qa.\E"#, "\n", #"\n"#, "-", "_"]
        let quantifiers = ["", "", "", "?", "*", "+", "{2}", "{0,2}", "+?"]
        var alternatives: [String] = []
        for _ in 0..<(1 + Int(generator.next() % 3)) {
            var sequence = ""
            for _ in 0..<(1 + Int(generator.next() % 5)) { sequence += generator.pick(atoms) + generator.pick(quantifiers) }
            alternatives.append(sequence)
        }
        return alternatives.joined(separator: "|")
    }

    func text(_ generator: inout Generator) -> String {
        let pieces = ["a", "b", "k", "K", "s", "S", "ss", "SS", "ab", "BA", "\u{212A}", "ß", "ſ", "é", "E\u{301}", ".", " ", "\n", "_", "-"]
        return (0..<Int(generator.next() % 12)).map { _ in generator.pick(pieces) }.joined()
    }

    @Test func passingOverNeverChangesWhatMatches() throws {
        var generator = Generator(state: 23)
        var skipped = 0, checked = 0
        for _ in 0..<1500 {
            let source = pattern(&generator)
            for options: RegexOptions in [[.multiline], [.multiline, .caseInsensitive], [.literal], [.literal, .caseInsensitive]] {
                guard let regex = try? RegularExpression(source, options: options) else { continue }
                let prefilter = RegexPrefilter(pattern: source, options: options)
                for _ in 0..<8 {
                    let sample = text(&generator)
                    let buffer = try TextBuffer(utf8: Array(sample.utf8))
                    checked += 1
                    guard !prefilter.mayMatch(buffer.bytes) else { continue }
                    skipped += 1
                    // A search that runs past ICU's time limit (a backtracking pattern on a loaded machine) proves nothing either way.
                    guard let found = try? regex.matches(in: buffer, limit: 1).matches else { continue }
                    #expect(found.isEmpty, "\(source) \(options) matches \(sample.debugDescription) but was passed over")
                }
            }
        }
        // The property is not vacuous: many texts were passed over.
        #expect(skipped > checked / 10, "\(skipped) of \(checked)")
    }
}
