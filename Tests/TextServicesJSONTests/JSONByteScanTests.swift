import Testing
import TextServicesJSON

/// The parser's and the writer's scan for the bytes a string literal cannot hold, 16 at a time, against what a byte loop finds.
@Suite struct JSONByteScanTests {
    /// What parsing `"` + body + `"` gives when the body's one byte that stops the scan is at `place`.
    static func expected(stop: UInt8, at place: Int, count: Int) -> (offset: Int, reason: String) {
        let document = count + 2
        switch stop {
        case UInt8(ascii: "\""): return (place + 2, "unexpected data after the JSON value")
        // A backslash escapes the next byte: an `a` is no escape; the closing quote leaves the string unterminated.
        case UInt8(ascii: "\\"): return place == count - 1 ? (document, "unterminated string") : (place + 2, "invalid escape")
        default: return (place + 1, "control character in string")
        }
    }

    @Test func aStopByteIsFoundAtEveryPlaceOfALongRun() throws {
        for count in 0..<70 {
            // Bytes at and above 0x80 and the space just above the controls must not stop the scan.
            var body = (0..<count).map { $0 % 5 == 1 ? UInt8(0xC3) : $0 % 5 == 2 ? UInt8(0xA9) : $0 % 5 == 3 ? 0x20 : UInt8(ascii: "a") }
            if count % 5 == 2 { body[count - 1] = UInt8(ascii: "a") }
            let plain = [UInt8(ascii: "\"")] + body + [UInt8(ascii: "\"")]
            #expect(try JSONParser.parse(plain) == .string(String(decoding: body, as: UTF8.self)), "count \(count)")
            do {
                _ = try JSONParser.parse([UInt8(ascii: "\"")] + body)
                Issue.record("count \(count): an unterminated string parsed")
            } catch {
                #expect(error.offset == count + 1 && error.reason == "unterminated string", "count \(count): \(error)")
            }
            for place in body.indices where body[place] == UInt8(ascii: "a") {
                for stop: UInt8 in [UInt8(ascii: "\""), UInt8(ascii: "\\"), 0x0A, 0x00, 0x1F] {
                    var document = plain
                    document[place + 1] = stop
                    let expected = Self.expected(stop: stop, at: place, count: count)
                    do {
                        _ = try JSONParser.parse(document)
                        Issue.record("count \(count) place \(place) stop \(stop): parsed")
                    } catch {
                        #expect(error.offset == expected.offset && error.reason == expected.reason,
                                "count \(count) place \(place) stop \(stop): \(error)")
                    }
                }
            }
        }
    }

    @Test func escapesAtEveryPlaceParseBackAndWriteTheSameBytes() throws {
        let escapes = ["\n", "\"", "\\", "\t", "\u{1}", "é", "\u{1F600}"]
        for length in 0..<40 {
            for place in 0...length {
                for escape in escapes {
                    var text = String(repeating: "x", count: length)
                    text.insert(contentsOf: escape, at: text.index(text.startIndex, offsetBy: place))
                    var output: [UInt8] = []
                    JSONValue.writeString(utf8: Array(text.utf8), to: &output)
                    var byteByByte: [UInt8] = []
                    JSONValue.writeString(utf8: text.utf8.lazy.map { $0 }, to: &byteByByte)
                    #expect(output == byteByByte)
                    #expect(try JSONParser.parse(output) == .string(text))
                }
            }
        }
    }

    @Test func integersAreReadAsIntReadsThemAndLongerOnesAsBefore() throws {
        let texts = ["0", "-0", "7", "-7", "123456789012345678", "-123456789012345678", "999999999999999999",
                     "1234567890123456789", "-1234567890123456789", "9223372036854775807", "-9223372036854775808",
                     "9223372036854775808", "-9223372036854775809", "12345678901234567890123", "1.5", "-2e3", "10E-2"]
        for text in texts {
            let parsed = try JSONParser.parse(text)
            if let integer = Int(text) {
                #expect(parsed == .int(integer), "\(text)")
            } else {
                #expect(parsed == .double(Double(text)!), "\(text)")
            }
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let value = Int.random(in: Int.min...Int.max, using: &generator) >> Int.random(in: 0...63, using: &generator)
            #expect(try JSONParser.parse("[\(value)]") == .array([.int(value)]))
        }
    }
}
