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
                     #"\."#, ".", "(a|b)", "(?:ab)", "(?=a)", #"\b"#, "^", "$", #"\x61"#, #"\Qa.\E"#, "\n", #"\n"#, "-", "_",
                     "[0-9]", "[a-c]", "[k-s_]", "[K.]", "[.-]", "[\\-x]", "1", "[-]"]
        let quantifiers = ["", "", "", "?", "*", "+", "{2}", "{0,2}", "+?", "{3}", "{1}?"]
        var alternatives: [String] = []
        for _ in 0..<(1 + Int(generator.next() % 3)) {
            var sequence = ""
            for _ in 0..<(1 + Int(generator.next() % 5)) { sequence += generator.pick(atoms) + generator.pick(quantifiers) }
            alternatives.append(sequence)
        }
        return alternatives.joined(separator: "|")
    }

    func text(_ generator: inout Generator) -> String {
        let pieces = ["a", "b", "k", "K", "s", "S", "ss", "SS", "ab", "BA", "\u{212A}", "ß", "ſ", "é", "E\u{301}", ".", " ", "\n", "_", "-",
                      "1", "12", "2024", "c", "x"]
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

    /// Multi-line texts for the line prefilter: lines of the pieces above, some with carriage returns.
    func lines(_ generator: inout Generator) -> String {
        (0..<Int(1 + generator.next() % 5)).map { _ in text(&generator).replacingOccurrences(of: "\n", with: "") }
            .map { $0 + generator.pick(["\n", "\n", "\r\n", "\u{2028}x\n"]) }.joined() + text(&generator)
    }

    @Test func searchingOnlyTheCandidateLinesFindsTheSameMatches() throws {
        var generator = Generator(state: 25)
        var narrowed = 0, checked = 0
        for _ in 0..<1500 {
            let source = pattern(&generator)
            for options: RegexOptions in [[.multiline], [.multiline, .caseInsensitive], [.literal], [.literal, .caseInsensitive]] {
                guard RegexPrefilter.staysOnOneLine(pattern: source, options: options),
                      let regex = try? RegularExpression(source, options: options.union([.transparentBounds, .withoutAnchoringBounds]))
                else { continue }
                let prefilter = RegexPrefilter(pattern: source, options: options)
                for _ in 0..<8 {
                    let bytes = Array(lines(&generator).utf8)
                    guard let candidates = prefilter.candidateLines(bytes) else { continue }
                    checked += 1
                    if candidates.reduce(0, { $0 + $1.count }) < bytes.count { narrowed += 1 }
                    // A search that runs past ICU's time limit (a backtracking pattern on a loaded machine) proves nothing either way.
                    guard let whole = try? regex.matches(in: TextBuffer(utf8: bytes)).matches else { continue }
                    var joined: [UInt8] = []
                    var starts: [(searched: Int, original: Int)] = []
                    for line in candidates {
                        starts.append((joined.count, line.lowerBound))
                        joined += bytes[line]
                    }
                    guard let parts = try? regex.matches(in: TextBuffer(utf8: joined)).matches else { continue }
                    let mapped = parts.map { match -> Range<Int> in
                        let lower = match.range.lowerBound.rawValue
                        let start = starts.last { $0.searched <= lower }!
                        return start.original + lower - start.searched..<start.original + match.range.upperBound.rawValue - start.searched
                    }
                    let expected = whole.map { $0.range.lowerBound.rawValue..<$0.range.upperBound.rawValue }
                    #expect(mapped == expected, "\(source) \(options) on \(String(decoding: bytes, as: UTF8.self).debugDescription)")
                }
            }
        }
        // The property is not vacuous: many texts were searched in fewer lines.
        #expect(narrowed > checked / 10, "\(narrowed) of \(checked)")
        #expect(checked > 1000, "\(checked)")
    }

    @Test func onlyPatternsThatCannotCrossALineAreSearchedByLine() {
        for pattern in ["strbuf_add[a-z_]*\\(", "GIT_TRACE2_[A-Z_]+", "TODO|FIXME|XXX", "^foo\\b.*bar$", "(?<=a)b\\w+\\1", "\\Qa.b\\E"] {
            #expect(RegexPrefilter.staysOnOneLine(pattern: pattern, options: .multiline), "\(pattern)")
        }
        for pattern in ["die_errno\\([^)]*\\)", "a\\sb", "a\\nb", "a\\x0Ab", "(?s)a.b", "\\Aabc", "a\\p{Any}", "[\\x00-z]", "[\t-\r]x"] {
            #expect(!RegexPrefilter.staysOnOneLine(pattern: pattern, options: .multiline), "\(pattern)")
        }
        #expect(!RegexPrefilter.staysOnOneLine(pattern: "^abc", options: []))
        #expect(!RegexPrefilter.staysOnOneLine(pattern: "a.b", options: [.multiline, .dotAll]))
        #expect(RegexPrefilter.staysOnOneLine(pattern: "a[b", options: .literal))
        #expect(!RegexPrefilter.staysOnOneLine(pattern: "a\nb", options: .literal))
    }

    @Test func candidateLinesAreTheLinesHoldingALiteral() {
        let text = Array("one foo\ntwo\nFOO three\nfoo\n".utf8)
        func lines(_ prefilter: RegexPrefilter) -> [String]? {
            prefilter.candidateLines(text).map { $0.map { String(decoding: text[$0], as: UTF8.self) } }
        }
        #expect(lines(RegexPrefilter(pattern: "foo", options: .multiline)) == ["one foo\n", "foo\n"])
        #expect(lines(RegexPrefilter(pattern: "foo|two", options: [.multiline, .caseInsensitive]))
            == ["one foo\n", "two\n", "FOO three\n", "foo\n"])
        #expect(lines(RegexPrefilter(pattern: #"\w+"#, options: .multiline)) == nil)
        // A set is a run of one position: only lines holding one of its bytes.
        #expect(lines(RegexPrefilter(pattern: "[0-9]+", options: .multiline)) == [])
        let accented = Array("plain\nK\u{212A}\n".utf8)
        #expect(RegexPrefilter(pattern: "kk", options: .caseInsensitive).candidateLines(accented) == [6..<11])
    }

    @Test func aPatternWithoutALongLiteralNarrowsTheLinesByItsRunOfClasses() {
        let text = Array("2024-11-26 done\nversion 2.45-rc0\n- item\nat 1999-01-02\n".utf8)
        let date = RegexPrefilter(pattern: "[0-9]{4}-[0-9]{2}-[0-9]{2}", options: .multiline)
        #expect(date.classRuns?.shortest == 10)
        #expect(date.candidateLines(text).map { $0.map { String(decoding: text[$0], as: UTF8.self) } }
            == ["2024-11-26 done\n", "at 1999-01-02\n"])
        #expect(!date.mayMatch(Array("2.45-rc0 and 12-34".utf8)))
        // A run of classes is cut at what it does not understand (`\d`, any decimal digit) and after a quantifier allowing more;
        // a run no longer than the literal is not used.
        #expect(RegexPrefilter(pattern: "\\d{4}-a", options: .multiline).classRuns == nil)
        #expect(RegexPrefilter(pattern: "x[0-9]+-[a-f]{3}", options: .multiline).classRuns?.shortest == 4)
        // A literal of three bytes or more is searched for itself.
        #expect(RegexPrefilter(pattern: "GIT_TRACE2_[A-Z_]+", options: .multiline).classRuns == nil)
        // With case ignored, letters match in both cases and a line with a character folding to one goes to ICU.
        let folded = RegexPrefilter(pattern: "[a-k][0-9]{2}", options: [.multiline, .caseInsensitive])
        let mixed = Array("A12\nz12\n\u{212A}12\n".utf8)
        #expect(folded.candidateLines(mixed).map { $0.map { String(decoding: mixed[$0], as: UTF8.self) } }
            == ["A12\n", "\u{212A}12\n"])
    }

    @Test func withoutCaseOnlyLinesWithACharacterFoldingToALiteralsLetterGoToICU() {
        let text = Array("caf\u{E9} na\u{EF}ve\n\u{FB01}le\nStra\u{DF}e\n\u{212A}elvin\n".utf8)
        func lines(_ pattern: String) -> [String]? {
            RegexPrefilter(pattern: pattern, options: [.multiline, .caseInsensitive]).candidateLines(text)?
                .map { String(decoding: text[$0], as: UTF8.self) }
        }
        // é and ï fold to letters outside ASCII: those lines cannot hold `file` unless it is there.
        #expect(lines("file") == ["\u{FB01}le\n"])
        #expect(lines("strasse") == ["Stra\u{DF}e\n"])
        #expect(lines("kel") == ["\u{212A}elvin\n"])
        // ﬁ folds to `fi`, and `kelvin` has an i.
        #expect(lines("kelvin") == ["\u{FB01}le\n", "\u{212A}elvin\n"])
        // ﬁ folds to `fi`, and `cafe` has an f: the line goes to ICU (which finds nothing there).
        #expect(lines("cafe") == ["\u{FB01}le\n"])
        let prefilter = RegexPrefilter(pattern: "file", options: .caseInsensitive)
        #expect(!prefilter.mayMatch(Array("caf\u{E9}\n".utf8)))
        #expect(prefilter.mayMatch(Array("\u{FB01}le\n".utf8)))
    }

    @Test func theFirstFoldingCharacterIsFoundAsByDecodingEveryScalarAlsoInOtherScriptsAndBrokenUTF8() {
        // The lead-byte filter and the steps inside runs outside ASCII change no answer: against decoding every
        // scalar as the prefilter always did, on random text of other scripts, folding characters, stray
        // continuation bytes and overlong forms (`E0 85 BF` decodes to U+017F there).
        let prefilter = RegexPrefilter(pattern: "strbuf_add", options: .caseInsensitive)
        func reference(_ bytes: [UInt8], from start: Int) -> Int? {
            var from = start
            while from < bytes.count {
                guard bytes[from] >= 0x80 else {
                    from += 1
                    continue
                }
                let lead = UInt32(bytes[from])
                let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
                guard length > 1, from + length <= bytes.count else {
                    from += 1
                    continue
                }
                var scalar = lead & (0xFF >> (length + 1))
                for offset in 1..<length { scalar = scalar << 6 | UInt32(bytes[from + offset] & 0x3F) }
                if prefilter.foldingScalars.contains(scalar) { return from }
                from += length
            }
            return nil
        }
        let pieces: [[UInt8]] = [Array("ж".utf8), Array("中".utf8), Array("é".utf8), Array("a ".utf8), Array("\u{17F}".utf8),
                                 Array("\u{DF}".utf8), Array("\u{130}".utf8), [0xE0, 0x85, 0xBF], [0xF0, 0x80, 0x83, 0x9F], [0x80], [0xC5]]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let bytes = (0..<Int.random(in: 0...40, using: &generator)).flatMap { _ in
                Int.random(in: 0..<8, using: &generator) == 0 ? pieces.randomElement(using: &generator)! : pieces[Int.random(in: 0...2, using: &generator)]
            }
            let start = Int.random(in: 0...bytes.count, using: &generator)
            let found = bytes.withUnsafeBytes { prefilter.firstFoldingScalar($0, from: start) }
            #expect(found == reference(bytes, from: start), "\(bytes)")
        }
    }

    @Test func theLeadingLiteralIsWhatEveryMatchStartsWith() {
        func leading(_ pattern: String, _ options: RegexOptions = .multiline) -> String? {
            RegexPrefilter.leadingLiteral(pattern: pattern, options: options).map { String(decoding: $0, as: UTF8.self) }
        }
        #expect(leading(#"die_errno\([^)]*\)"#) == "die_errno(")
        #expect(leading("strbuf_add[a-z_]*\\(") == "strbuf_add")
        #expect(leading("ab(c|d)e") == "ab")
        #expect(leading(#"\.txt$"#) == ".txt")
        #expect(leading("caf\u{E9} au lait") == "caf\u{E9} au lait")
        // The character a quantifier applies to is left out, even one that must occur once.
        #expect(leading("abc*") == "ab")
        #expect(leading("ab+") == "a")
        #expect(leading("ab{2}") == "a")
        #expect(leading("a|b") == nil)
        #expect(leading("ab[|]c") == "ab")
        #expect(leading("ab(?:c|d)") == "ab")
        #expect(leading("ab\\Qc|d\\E") == "ab")
        #expect(leading("(?i)ab") == nil)
        #expect(leading("ab(?i)cd") == nil)
        #expect(leading("ab\\Gc") == nil)
        #expect(leading("ab(c") == nil)
        #expect(leading("[ab]c") == nil)
        #expect(leading(#"\bword"#) == nil)
        // Ignoring case: ASCII in lower case, up to the first character outside ASCII.
        #expect(leading("Die_Errno\\(", [.multiline, .caseInsensitive]) == "die_errno(")
        #expect(leading("STRAßE", [.multiline, .caseInsensitive]) == "stra")
        #expect(leading("ßa", [.multiline, .caseInsensitive]) == nil)
        #expect(leading("Ab.C", [.literal, .caseInsensitive]) == "ab.c")
        #expect(leading("ab", .comments) == nil)
        #expect(leading("a|b*(", .literal) == "a|b*(")
    }

    @Test func searchingOnlyWhereTheLeadingLiteralOccursFindsTheSameMatches() throws {
        // Against the same pattern behind an empty group (`(?:)`), which ICU matches the same and which has no
        // leading literal, so ICU tries every position: in ranges of the text and with each kind of bounds.
        var generator = Generator(state: 29)
        var fast = 0, foldedFast = 0, checked = 0
        for _ in 0..<1500 {
            // Lookbehind and anchors right after the literal look at text before the place it is tried.
            let source = generator.pick(["a", "ab", "k", "s", "\\.", "é", "a-", "1"])
                + generator.pick(["", "", "(?<=a)", "(?<=\\n.)", "(?<![ab])", "\\b", "^", "$", "\\A", "\\z"]) + pattern(&generator)
            for options: RegexOptions in [[.multiline, .transparentBounds, .withoutAnchoringBounds], [], [.multiline],
                                          [.transparentBounds], [.withoutAnchoringBounds], [.dotAll, .transparentBounds, .withoutAnchoringBounds],
                                          [.multiline, .caseInsensitive], [.caseInsensitive, .transparentBounds, .withoutAnchoringBounds]] {
                guard let regex = try? RegularExpression(source, options: options),
                      let reference = try? RegularExpression("(?:)" + source, options: options) else { continue }
                if regex.compiled.leadingLiteral != nil { fast += 1 }
                if regex.compiled.leadingLiteral != nil, options.contains(.caseInsensitive) { foldedFast += 1 }
                for _ in 0..<4 {
                    let buffer = try TextBuffer(utf8: Array(lines(&generator).utf8))
                    let boundaries = (0...buffer.byteCount).filter { buffer.isScalarBoundary(UTF8Offset($0)) }
                    let lower = generator.pick(boundaries)
                    let upper = generator.pick(boundaries.filter { $0 >= lower })
                    let range = UTF8Offset(lower)..<UTF8Offset(upper)
                    // A search that runs past ICU's time limit (a backtracking pattern on a loaded machine) proves nothing either way.
                    guard let expected = try? reference.matches(in: buffer, range: range).matches,
                          let found = try? regex.matches(in: buffer, range: range).matches else { continue }
                    checked += 1
                    #expect(found.map(\.groups) == expected.map(\.groups),
                            "\(source) \(options) in \(range) of \(String(decoding: buffer.bytes, as: UTF8.self).debugDescription)")
                }
            }
        }
        // The property is not vacuous: many patterns (those without a top-level `|`) had a leading literal.
        #expect(fast > 2000, "\(fast)")
        #expect(foldedFast > 400, "\(foldedFast)")
        #expect(checked > 10000, "\(checked)")
    }

    @Test func aRunReadBackwardsIsFoundWhereTheForwardScanFindsIt() throws {
        // Backward reading (BNDM) against the shift-and scan, on runs of digits, symbols and small sets over text
        // made mostly of their bytes, so that windows often hold a part of the run.
        var generator = Generator(state: 31)
        let positions: [[UInt8]] = [Array("0123456789".utf8), Array("-".utf8), Array(":".utf8), Array("01".utf8), Array("-_".utf8),
                                    Array("#".utf8), Array("0123456789ABCDEF".utf8)]
        var backwards = 0, found = 0
        for _ in 0..<3000 {
            let run = (0..<Int(2 + generator.next() % 12)).map { _ in generator.pick(positions) }
            let runs = try #require(ByteClassRuns([run]))
            if runs.readsBackwards { backwards += 1 }
            let alphabet = Array("0123456789-:_#AFx \n".utf8)
            var bytes = (0..<Int(generator.next() % 60)).map { _ in generator.pick(alphabet) }
            // Half the texts hold the run somewhere.
            if generator.next() % 2 == 0 {
                bytes.insert(contentsOf: run.map { generator.pick($0) }, at: Int(generator.next() % UInt64(bytes.count + 1)))
            }
            let from = Int(generator.next() % UInt64(bytes.count + 1))
            let (ahead, behind) = bytes.withUnsafeBytes { buffer in
                (runs.forwardMatchEnd(buffer, from: from), runs.backwardMatchEnd(buffer, from: from))
            }
            if ahead != nil { found += 1 }
            #expect(ahead == behind, "\(run) in \(String(decoding: bytes, as: UTF8.self).debugDescription) from \(from)")
        }
        #expect(backwards > 2000, "\(backwards) read backwards")
        #expect(found > 500, "\(found) found")
        // Runs with lower-case letters, several runs, and short runs are scanned forwards.
        #expect(ByteClassRuns([[Array("0123456789".utf8)], [Array("-".utf8)]])?.readsBackwards == false)
        #expect(ByteClassRuns([[Array("abc".utf8), Array("-".utf8), Array("-".utf8)]])?.readsBackwards == false)
        #expect(ByteClassRuns([[Array("-".utf8), Array("-".utf8)]])?.readsBackwards == false)
        #expect(RegexPrefilter(pattern: "[0-9]{4}-[0-9]{2}-[0-9]{2}", options: .multiline).classRuns?.readsBackwards == true)
    }

    @Test func aLiteralIsFoundWhereANaiveSearchFindsItAlsoInTextFullOfItsRarestBytes() {
        // Small alphabets make the two rarest bytes' pair common (every candidate compared, and the switch to memmem);
        // lengths around 16 cross the 16-start blocks and the scalar tail.
        var generator = Generator(state: 37)
        func naive(_ haystack: [UInt8], _ needle: [UInt8], from: Int) -> Int? {
            guard haystack.count - from >= needle.count else { return nil }
            return (from...(haystack.count - needle.count)).first { haystack[$0..<$0 + needle.count].elementsEqual(needle) }
        }
        var found = 0
        for round in 0..<4000 {
            let alphabet = Array((round % 3 == 0 ? "ab" : round % 3 == 1 ? "ab(_e" : "die_rno()x\n ").utf8)
            let length = Int(generator.next() % (round % 10 == 0 ? 3000 : 70))
            var haystack = (0..<length).map { _ in generator.pick(alphabet) }
            let needle = (0..<Int(1 + generator.next() % 12)).map { _ in generator.pick(alphabet) }
            // Half the texts hold the needle somewhere.
            if generator.next() % 2 == 0 { haystack.insert(contentsOf: needle, at: Int(generator.next() % UInt64(length + 1))) }
            let from = Int(generator.next() % UInt64(haystack.count + 1))
            let fast = haystack.withUnsafeBytes { ByteSearch.firstIndex($0, needle, from: from) }
            #expect(fast == naive(haystack, needle, from: from), "\(needle) in \(haystack) from \(from)")
            if fast != nil { found += 1 }
            let contained = haystack.withUnsafeBytes { ByteSearch.contains($0, needle) }
            #expect(contained == (naive(haystack, needle, from: 0) != nil))
        }
        #expect(found > 1000, "\(found)")
        let aaa = [UInt8](repeating: 0x61, count: 100_000) + Array("aab".utf8)
        #expect(aaa.withUnsafeBytes { ByteSearch.firstIndex($0, Array("aaab".utf8), from: 0) } == 99_999)
    }

    @Test func aLiteralIsFoundRegardlessOfASCIICaseWhereANaiveFoldedSearchFindsIt() {
        // Letters in both cases beside the bytes that differ from them by 0x20 alone (`@` and `` ` ``, `[` and `{`) and
        // bytes outside ASCII; needles of letters and of other bytes, across the 16-start blocks and the scalar tail.
        var generator = Generator(state: 41)
        func folded(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte }
        func naive(_ haystack: [UInt8], _ needle: [UInt8], from: Int) -> Int? {
            guard haystack.count - from >= needle.count else { return nil }
            return (from...(haystack.count - needle.count)).first { haystack[$0..<$0 + needle.count].map(folded).elementsEqual(needle) }
        }
        var found = 0
        for round in 0..<4000 {
            let alphabet = Array((round % 3 == 0 ? "aAbB" : round % 3 == 1 ? "gGiI_2@`[{" : "tTrRaAcCeE2_ \n").utf8) + [0xC1, 0xE7]
            let length = Int(generator.next() % (round % 10 == 0 ? 3000 : 70))
            var haystack = (0..<length).map { _ in generator.pick(alphabet) }
            let written = (0..<Int(1 + generator.next() % 12)).map { _ in generator.pick(alphabet) }
            let needle = written.map(folded)
            // Half the texts hold the needle somewhere, in the case it was drawn in.
            if generator.next() % 2 == 0 { haystack.insert(contentsOf: written, at: Int(generator.next() % UInt64(length + 1))) }
            let from = Int(generator.next() % UInt64(haystack.count + 1))
            let fast = haystack.withUnsafeBytes { ByteSearch.firstIndexIgnoringASCIICase($0, lowered: needle, from: from) }
            #expect(fast == naive(haystack, needle, from: from), "\(needle) in \(haystack) from \(from)")
            if fast != nil { found += 1 }
        }
        #expect(found > 1000, "\(found)")
        #expect(Array("x GIT_Trace2_A".utf8).withUnsafeBytes {
            ByteSearch.firstIndexIgnoringASCIICase($0, lowered: Array("git_trace2_".utf8), from: 0)
        } == 2)
        // `@` is not `` ` `` folded, nor `[` `{`.
        #expect(Array("@[".utf8).withUnsafeBytes { ByteSearch.firstIndexIgnoringASCIICase($0, lowered: Array("`{".utf8), from: 0) } == nil)
    }
}
