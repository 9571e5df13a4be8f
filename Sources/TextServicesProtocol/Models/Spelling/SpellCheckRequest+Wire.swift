import TextServices

// A large text's answer holds thousands of misspellings: the daemon writes it and the client reads it without the
// Codable tree, which was a tenth of the daemon's CPU and a third of the client's in `check` through the daemon.

// A request's text is most of its line (a client sends a large file as 256 KB pieces): it is written from its bytes
// into a line sized once, without the Codable tree's copy of it.

extension SpellCheckRequest: JSONWritable {
    public func writeJSON(to output: inout [UInt8]) {
        let bufferBytes = bufferBytes
        let textBytes = bufferBytes?.count ?? text.utf8.count
        output.reserveCapacity(output.count + textBytes + textBytes / 16 + 256)
        output.append(contentsOf: #"{"text":"#.utf8)
        if let bufferBytes {
            JSONValue.writeString(utf8: bufferBytes, to: &output)
        } else {
            JSONValue.writeString(text, to: &output)
        }
        if let language {
            output.append(contentsOf: #","language":"#.utf8)
            JSONValue.writeString(language, to: &output)
        }
        if let languages {
            output.append(contentsOf: #","languages":"#.utf8)
            writeStrings(languages, to: &output)
        }
        if let range {
            output.append(contentsOf: #","range":{"start":"#.utf8)
            JSONValue.writeInt(range.start, to: &output)
            output.append(contentsOf: #","end":"#.utf8)
            JSONValue.writeInt(range.end, to: &output)
            output.append(UInt8(ascii: "}"))
        }
        if let startingAt {
            output.append(contentsOf: #","startingAt":"#.utf8)
            JSONValue.writeInt(startingAt, to: &output)
        }
        if let wrap { output.append(contentsOf: (wrap ? #","wrap":true"# : #","wrap":false"#).utf8) }
        if let limit {
            output.append(contentsOf: #","limit":"#.utf8)
            JSONValue.writeInt(limit, to: &output)
        }
        if let documentId {
            output.append(contentsOf: #","documentId":"#.utf8)
            JSONValue.writeString(documentId, to: &output)
        }
        if let guesses {
            output.append(contentsOf: #","guesses":"#.utf8)
            JSONValue.writeInt(guesses.count, to: &output)
        }
        if let candidates {
            output.append(contentsOf: #","candidates":"#.utf8)
            writeStrings(candidates, to: &output)
        }
        output.append(UInt8(ascii: "}"))
    }
}

extension SpellCheckRequest.Response: JSONWritable, JSONReadable {
    public func writeJSON(to output: inout [UInt8]) {
        output.append(contentsOf: #"{"misspellings":["#.utf8)
        for (index, misspelling) in misspellings.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            misspelling.writeJSON(to: &output)
        }
        output.append(contentsOf: #"],"wordCount":"#.utf8)
        JSONValue.writeInt(wordCount, to: &output)
        output.append(UInt8(ascii: "}"))
    }

    public init?(json: JSONValue) {
        guard case .object(let object) = json, case .array(let items)? = object["misspellings"],
              case .int(let wordCount)? = object["wordCount"] else { return nil }
        var misspellings: [SpellCheckRequest.Misspelling] = []
        misspellings.reserveCapacity(items.count)
        for item in items {
            guard let misspelling = SpellCheckRequest.Misspelling(json: item) else { return nil }
            misspellings.append(misspelling)
        }
        self.init(misspellings: misspellings, wordCount: wordCount)
    }
}

extension SpellCheckRequest.Misspelling: JSONWritable, JSONReadable {
    public func writeJSON(to output: inout [UInt8]) {
        output.append(contentsOf: #"{"range":{"start":"#.utf8)
        JSONValue.writeInt(range.start, to: &output)
        output.append(contentsOf: #","end":"#.utf8)
        JSONValue.writeInt(range.end, to: &output)
        output.append(contentsOf: #"},"word":"#.utf8)
        JSONValue.writeString(word, to: &output)
        if let guesses {
            output.append(contentsOf: #","guesses":"#.utf8)
            writeStrings(guesses, to: &output)
        }
        if let language {
            output.append(contentsOf: #","language":"#.utf8)
            JSONValue.writeString(language, to: &output)
        }
        if let alsoIn {
            output.append(contentsOf: #","alsoIn":"#.utf8)
            writeStrings(alsoIn, to: &output)
        }
        output.append(UInt8(ascii: "}"))
    }

    public init?(json: JSONValue) {
        guard case .object(let object) = json, case .object(let range)? = object["range"],
              case .int(let start)? = range["start"], case .int(let end)? = range["end"],
              case .string(let word)? = object["word"] else { return nil }
        var guesses: [String]?
        var language: String?
        var alsoIn: [String]?
        switch object["guesses"] {
        case nil, .null?: break
        case let value?:
            guard let strings = Self.strings(value) else { return nil }
            guesses = strings
        }
        switch object["language"] {
        case nil, .null?: break
        case .string(let value)?: language = value
        default: return nil
        }
        switch object["alsoIn"] {
        case nil, .null?: break
        case let value?:
            guard let strings = Self.strings(value) else { return nil }
            alsoIn = strings
        }
        self.init(range: WireRange(start: start, end: end), word: word, guesses: guesses, language: language, alsoIn: alsoIn)
    }


    private static func strings(_ value: JSONValue) -> [String]? {
        guard case .array(let items) = value else { return nil }
        var strings: [String] = []
        strings.reserveCapacity(items.count)
        for item in items {
            guard case .string(let string) = item else { return nil }
            strings.append(string)
        }
        return strings
    }
}

// The client reads a large answer from its bytes: a tree of 10,000 misspellings cost a quarter of its CPU.

extension SpellCheckRequest.Response: JSONBytesReadable {
    public init?(jsonBytes bytes: UnsafeBufferPointer<UInt8>) {
        var misspellings: [SpellCheckRequest.Misspelling]?
        var wordCount: Int?
        do {
            try JSONCursor.read(bytes) { (cursor: inout JSONCursor) throws(JSONParser.Failure) in
                try cursor.object { (cursor: inout JSONCursor, key: String) throws(JSONParser.Failure) in
                    switch key {
                    case "misspellings":
                        var items: [SpellCheckRequest.Misspelling] = []
                        try cursor.array { (cursor: inout JSONCursor) throws(JSONParser.Failure) in
                            items.append(try SpellCheckRequest.Misspelling(cursor: &cursor))
                        }
                        misspellings = items
                    case "wordCount": wordCount = try cursor.int()
                    default: _ = try cursor.value()
                    }
                }
            }
        } catch {
            return nil
        }
        guard let misspellings, let wordCount else { return nil }
        self.init(misspellings: misspellings, wordCount: wordCount)
    }
}

extension SpellCheckRequest.Misspelling {
    /// Reads a misspelling the way `init?(json:)` does; throws for anything that reader would not take.
    init(cursor: inout JSONCursor) throws(JSONParser.Failure) {
        var start: Int?
        var end: Int?
        var word: String?
        var guesses: [String]?
        var language: String?
        var alsoIn: [String]?
        try cursor.object { (cursor: inout JSONCursor, key: String) throws(JSONParser.Failure) in
            switch key {
            case "range":
                // A repeated member replaces the earlier one whole, as in the tree.
                (start, end) = (nil, nil)
                try cursor.object { (cursor: inout JSONCursor, key: String) throws(JSONParser.Failure) in
                    switch key {
                    case "start": start = try cursor.int()
                    case "end": end = try cursor.int()
                    default: _ = try cursor.value()
                    }
                }
            case "word": word = try cursor.string()
            case "guesses": guesses = try Self.strings(&cursor)
            case "language": language = try cursor.null() ? nil : try cursor.string()
            case "alsoIn": alsoIn = try Self.strings(&cursor)
            default: _ = try cursor.value()
            }
        }
        guard let start, let end, let word else { throw JSONParser.Failure(offset: 0, reason: "a misspelling lacks a member") }
        self.init(range: WireRange(start: start, end: end), word: word, guesses: guesses, language: language, alsoIn: alsoIn)
    }

    /// A list of strings, or nil for `null`.
    private static func strings(_ cursor: inout JSONCursor) throws(JSONParser.Failure) -> [String]? {
        if try cursor.null() { return nil }
        var strings: [String] = []
        try cursor.array { (cursor: inout JSONCursor) throws(JSONParser.Failure) in strings.append(try cursor.string()) }
        return strings
    }
}

/// Appends a list of strings as a compact JSON array.
private func writeStrings(_ strings: [String], to output: inout [UInt8]) {
    output.append(UInt8(ascii: "["))
    for (index, string) in strings.enumerated() {
        if index > 0 { output.append(UInt8(ascii: ",")) }
        JSONValue.writeString(string, to: &output)
    }
    output.append(UInt8(ascii: "]"))
}
