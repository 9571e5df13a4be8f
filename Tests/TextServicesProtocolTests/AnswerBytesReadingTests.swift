import Testing
@testable import TextServices
@testable import TextServicesProtocol

/// The client reads a `spell.check` answer from its bytes exactly as from the parsed tree, whatever the bytes.
@Suite struct AnswerBytesReadingTests {
    /// What the tree path reads from `bytes`: nil when they are not JSON or not a response of that shape.
    static func treeReading(_ bytes: [UInt8]) -> SpellCheckRequest.Response? {
        guard let value = try? JSONParser.parse(bytes) else { return nil }
        return SpellCheckRequest.Response(json: value) ?? (try? JSONValueDecoder().decode(SpellCheckRequest.Response.self, from: value))
    }

    static func bytesReading(_ bytes: [UInt8]) -> SpellCheckRequest.Response? {
        bytes.withUnsafeBufferPointer { SpellCheckRequest.Response(jsonBytes: $0) }
    }

    @Test func mutatedAnswersReadAsTheTreeReadsThemOrNotAtAll() throws {
        var values = ResponseValues(seed: ResponseValues.seed("answer bytes"))
        let pieces = Array(#"{}[],:" null 1 -2 3.5 1e2 "x" \u00e9 "range" "start" "end" "word" "guesses" "language" "alsoIn" "misspellings" "wordCount""#.utf8)
        var acceptedMutations = 0
        for round in 0..<3000 {
            let response = SpellCheckRequest.Response(misspellings: values.list {
                SpellCheckRequest.Misspelling(range: $0.range(), word: $0.string(), guesses: $0.maybe { $0.list { $0.string() } },
                                              language: $0.maybe { $0.string() }, alsoIn: $0.maybe { $0.list { $0.string() } })
            }, wordCount: values.count())
            var bytes: [UInt8] = []
            response.writeJSON(to: &bytes)
            if round % 3 != 0 {
                // Cut, repeat or replace a stretch: members repeated, values of other types, broken syntax.
                for _ in 0..<values.int(1...3) {
                    let at = values.int(0...bytes.count)
                    switch values.int(0...2) {
                    case 0: bytes.removeSubrange(at..<min(bytes.count, at + values.int(1...12)))
                    case 1: bytes.insert(contentsOf: bytes[at..<min(bytes.count, at + values.int(1...40))], at: at)
                    default:
                        let start = values.int(0...(pieces.count - 1))
                        bytes.insert(contentsOf: pieces[start..<min(pieces.count, start + values.int(1...10))], at: at)
                    }
                }
            }
            let fromBytes = Self.bytesReading(bytes)
            if round % 3 == 0 { #expect(fromBytes == response) }
            if let fromBytes {
                if round % 3 != 0 { acceptedMutations += 1 }
                #expect(fromBytes == Self.treeReading(bytes), "\(String(decoding: bytes, as: UTF8.self))")
            }
        }
        // The mutations must reach the reader's accepting paths too, or the comparison above says little.
        #expect(acceptedMutations > 50)
    }

    @Test func repeatedMembersAndOtherTypesReadAsTheTreeReadsThem() {
        let one = #"{"range":{"start":1,"end":3},"word":"teh"}"#
        let answers = [
            #"{"misspellings":[{"range":{"start":1,"end":3},"range":{"start":5},"word":"teh"}],"wordCount":1}"#,
            #"{"misspellings":[{"range":{"start":1},"range":{"start":5,"end":7},"word":"teh"}],"wordCount":1}"#,
            #"{"misspellings":[{"range":{"start":1,"end":3,"start":2},"word":"teh","word":"the"}],"wordCount":1}"#,
            #"{"misspellings":7,"misspellings":[\#(one)],"wordCount":1}"#,
            #"{"misspellings":[\#(one)],"misspellings":[],"wordCount":1,"wordCount":2}"#,
            #"{"misspellings":[\#(one)],"wordCount":1.0}"#,
            #"{"misspellings":[\#(one)],"wordCount":-0}"#,
            #"{"misspellings":[{"range":{"start":1,"end":3},"word":"teh","language":7}],"wordCount":1}"#,
            #"{"misspellings":[{"range":{"start":1,"end":3},"word":"teh","language":null,"guesses":null}],"wordCount":1}"#,
            #"{"misspellings":[{"range":{"start":1,"end":3},"word":"teh","guesses":["the",3]}],"wordCount":1}"#,
            #"{"misspellings":[{"range":{"start":1,"end":3},"word":"\ud800"}],"wordCount":1}"#,
            #"{"misspellings":[{"range":{"start":1,"end":3},"word":null}],"wordCount":1}"#,
            #"{"misspellings":[\#(one)],"wordCount":1,"other":{"deep":[1,{"x":null}]}}"#,
            #"[\#(one)]"#,
        ]
        for answer in answers {
            let bytes = Array(answer.utf8)
            let fromBytes = Self.bytesReading(bytes)
            let fromTree = Self.treeReading(bytes)
            // What the bytes reader reads is what the tree reads; what it leaves (a member repeated after one of another
            // type, a count written `1.0`) the client reads through the tree, as before.
            #expect(fromBytes == nil || fromBytes == fromTree, "\(answer)")
            let answered = try? RemoteTextServices.decodeAnswer(SpellCheckRequest.Response.self, .success(.written(bytes)))
            #expect(answered == fromTree, "\(answer)")
        }
    }

    @Test func onlyTheDaemonsUsualAnswerLineIsTakenAsWrittenBytes() {
        let usual = JSONRPCMessage.encodeResponse(id: .int(42), writtenResult: Array(#"{"a":1}"#.utf8))
        #expect(RemoteTextServices.writtenResult(usual).map { "\($0.id) \(String(decoding: $0.result, as: UTF8.self))" } == #"42 {"a":1}"#)
        for line in [#"{"jsonrpc":"2.0","id":"42","result":1}"#, #"{"jsonrpc":"2.0","id":042,"result":1}"#,
                     #"{"jsonrpc":"2.0","id":42,"error":{"code":1,"message":"m"}}"#, #"{"jsonrpc":"2.0","id":null,"result":1}"#,
                     #"{"jsonrpc":"2.0","id":42,"result":}"#, #"{"jsonrpc":"2.0","method":"x","params":{}}"#,
                     #"{"jsonrpc":"2.0","id":1234567890123456789012,"result":1}"#, #"{"jsonrpc": "2.0","id":42,"result":1}"#] {
            #expect(RemoteTextServices.writtenResult(Array(line.utf8)) == nil, "\(line)")
        }
    }
}
