import Testing
@testable import TextServices

/// `ByteSet` and the search for its members: the same answers as a byte-by-byte loop.
@Suite struct ByteSetTests {
    @Test func membershipIsTheCharactersGivenAndNoByteOutsideASCII() {
        let set = ByteSet("`\\@({:->.<")
        for byte in UInt8.min...UInt8.max {
            #expect(set.contains(byte) == Array("`\\@({:->.<".utf8).contains(byte), "\(byte)")
        }
        #expect(set.count == 10)
        var built = ByteSet()
        for byte in Array("aa\n".utf8) { built.insert(byte) }
        #expect(built.count == 2 && built.contains(0x0A) && built.contains(0x61) && !built.contains(0xE1))
        // More than 16 members: tested by bits alone.
        let letters = ByteSet("abcdefghijklmnopqrstuvwxyzABC")
        #expect(letters.count == 29 && letters.contains(UInt8(ascii: "C")) && letters.contains(UInt8(ascii: "q")))
        #expect(!letters.contains(UInt8(ascii: "D")))
    }

    @Test func theFirstMemberFoundIsTheOneAByteLoopFinds() {
        var generator = RegexPrefilterTests.Generator(state: 23)
        let alphabet = Array("ab \n'\"\\$`#[{(-.:<>@*/".utf8) + [0x00, 0x7F, 0x80, 0xC3, 0xA9, 0xFF]
        var found = 0
        for round in 0..<4000 {
            var set = ByteSet()
            let size = Int(1 + generator.next() % 16)
            while set.count < size { set.insert(UInt8(generator.next() % 128)) }
            // Haystacks around the 16-byte blocks and much longer, with and without members.
            let length = Int(generator.next() % (round % 10 == 0 ? 2000 : 70))
            let haystack = (0..<length).map { _ in
                generator.next() % 8 == 0 ? UInt8(generator.next() % 128) : generator.pick(alphabet)
            }
            let from = Int(generator.next() % UInt64(haystack.count + 2))
            let naive = from >= haystack.count ? haystack.count
                : (from..<haystack.count).first { set.contains(haystack[$0]) } ?? haystack.count
            let fast = haystack.withUnsafeBytes { ByteSearch.firstIndex(of: set, in: $0, from: from) }
            #expect(fast == naive, "\(haystack) from \(from)")
            if fast < haystack.count { found += 1 }
        }
        #expect(found > 1000, "\(found)")
    }
}
