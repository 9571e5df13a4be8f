/// Recognises the tokens a spell checker must not check: URLs, e-mail
/// addresses, host names, file paths, hex numbers and UUIDs.
///
/// Works on whitespace-delimited chunks of the text, with enclosing
/// punctuation (brackets, quotes, trailing sentence punctuation) trimmed.
/// Each rule is documented in docs/spelling.md.
enum SkipRules {
    /// The chunk of a white-space-separated run (`run` holds no white space) that is not prose, or nil.
    ///
    /// The chunk is the run with its enclosing punctuation trimmed; when it is skipped, so are the run's words,
    /// since the trimmed punctuation holds none.
    @inline(__always)
    static func skippedChunk(_ bytes: [UInt8], _ run: Range<Int>) -> Range<Int>? {
        var lower = run.lowerBound
        var upper = run.upperBound
        while lower < upper, isOpening(bytes[lower]) { lower += 1 }
        while upper > lower, isClosing(bytes[upper - 1]) { upper -= 1 }
        guard lower < upper, shouldSkip(bytes[lower..<upper]) else { return nil }
        return lower..<upper
    }

    @inline(__always)
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C || byte == 0x0B
    }

    /// The index of the first byte in `start..<end` of `buffer` that is not white space (`isSpace`), or `end`.
    ///
    /// A masked text hides code as long runs of spaces and line feeds: those go eight bytes at a time.
    @inline(__always)
    static func endOfSpaces(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
        var index = start
        while index + 8 <= end {
            let word = UnsafeRawPointer(buffer.baseAddress! + index).loadUnaligned(as: UInt64.self)
            // A byte's top bit is set in `other` when it is neither a space nor a line feed.
            let other = nonzeroBytes(word ^ 0x2020_2020_2020_2020) & nonzeroBytes(word ^ 0x0A0A_0A0A_0A0A_0A0A)
            guard other == 0 else {
                index += other.trailingZeroBitCount >> 3
                break
            }
            index += 8
        }
        while index < end, isSpace(buffer[index]) { index += 1 }
        return index
    }

    /// The top bit of each byte of `word` that is not zero (and no other bit).
    @inline(__always)
    private static func nonzeroBytes(_ word: UInt64) -> UInt64 {
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        return (((word & low) &+ low) | word) & ~low
    }

    private static func isOpening(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: "<"), UInt8(ascii: "\""),
             UInt8(ascii: "'"), UInt8(ascii: "`"), UInt8(ascii: "*"): return true
        default: return false
        }
    }

    private static func isClosing(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: ">"), UInt8(ascii: "\""),
             UInt8(ascii: "'"), UInt8(ascii: "`"), UInt8(ascii: "*"), UInt8(ascii: "."), UInt8(ascii: ","),
             UInt8(ascii: ";"), UInt8(ascii: ":"), UInt8(ascii: "!"), UInt8(ascii: "?"): return true
        default: return false
        }
    }

    /// Whether a trimmed chunk is a URL, address, path, host, hex number or UUID.
    ///
    /// Plain words (letters and apostrophes only) are rejected by one pass over
    /// their bytes; only chunks with digits or URL-ish punctuation are classified.
    static func shouldSkip(_ chunk: ArraySlice<UInt8>) -> Bool {
        var special = false
        var digit = false
        for byte in chunk {
            switch byte {
            case UInt8(ascii: "/"), UInt8(ascii: "\\"), UInt8(ascii: "@"), UInt8(ascii: ":"), UInt8(ascii: "."),
                 UInt8(ascii: "#"), UInt8(ascii: "~"):
                special = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                digit = true
            default:
                break
            }
        }
        if !special { return digit && (isUUID(chunk) || isHexNumber(chunk)) }
        return isURL(chunk) || isEmail(chunk) || isPath(chunk) || isUUID(chunk) || isHexNumber(chunk) || isHostName(chunk)
    }

    private static func lower(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }

    /// Whether the chunk starts with `prefix` (lower-case ASCII), ignoring ASCII case.
    private static func hasPrefix(_ chunk: ArraySlice<UInt8>, _ prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard chunk.count >= count else { return false }
        let expected = prefix.utf8Start
        for offset in 0..<count where lower(chunk[chunk.startIndex + offset]) != expected[offset] { return false }
        return true
    }

    /// The schemes `isURL` takes without `//`.
    private static let bareSchemes: [StaticString] = ["mailto:", "urn:", "file:", "data:", "tel:"]

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// `scheme://...`, `www.host...`, `mailto:`, `urn:`, `file:`, `data:`, `tel:`.
    static func isURL(_ chunk: ArraySlice<UInt8>) -> Bool {
        if hasPrefix(chunk, "www."), chunk.count > 4 { return true }
        for prefix in bareSchemes where hasPrefix(chunk, prefix) && chunk.count > prefix.utf8CodeUnitCount {
            return true
        }
        // scheme = letter *(letter / digit / "+" / "-" / ".") followed by "://"
        guard let first = chunk.first, isLetter(first) else { return false }
        var index = chunk.startIndex + 1
        while index < chunk.endIndex {
            let byte = chunk[index]
            if byte == UInt8(ascii: ":") {
                return index + 2 < chunk.endIndex && chunk[index + 1] == UInt8(ascii: "/") && chunk[index + 2] == UInt8(ascii: "/")
            }
            guard isLetter(byte) || isDigit(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: ".") else { return false }
            index += 1
        }
        return false
    }

    /// `local@domain.tld`, with a dot in the domain.
    static func isEmail(_ chunk: ArraySlice<UInt8>) -> Bool {
        guard let at = chunk.firstIndex(of: UInt8(ascii: "@")), at > chunk.startIndex else { return false }
        let domain = chunk[(at + 1)...]
        guard domain.count >= 3, domain.contains(UInt8(ascii: ".")), !domain.contains(UInt8(ascii: "@")) else { return false }
        return domain.last != UInt8(ascii: ".") && domain.first != UInt8(ascii: ".")
    }

    /// `/abs/path`, `~/path`, `./rel`, `../rel`, `dir/file.ext`, `a/b/c`, `C:\dir`, `\\server\share`.
    static func isPath(_ chunk: ArraySlice<UInt8>) -> Bool {
        let slash = UInt8(ascii: "/")
        let backslash = UInt8(ascii: "\\")
        let slashes = chunk.reduce(0) { $0 + ($1 == slash ? 1 : 0) }
        let backslashes = chunk.reduce(0) { $0 + ($1 == backslash ? 1 : 0) }
        if hasPrefix(chunk, "~/") || hasPrefix(chunk, "./") || hasPrefix(chunk, "../") { return true }
        // "/word" is a path; "//comment" is decided by the rules below.
        if chunk.first == slash, chunk.count > 1, !hasPrefix(chunk, "//") { return true }
        if hasPrefix(chunk, "\\\\") { return true }
        if chunk.count > 3, isLetter(chunk[chunk.startIndex]), chunk[chunk.startIndex + 1] == UInt8(ascii: ":"),
           chunk[chunk.startIndex + 2] == backslash || chunk[chunk.startIndex + 2] == slash {
            return true
        }
        // Several slashes (a/b/c), but not a lone trailing one ("and/or/").
        if slashes >= 2, chunk.last != slash || slashes >= 3 { return true }
        if slashes == 1, let slashIndex = chunk.firstIndex(of: slash), let dot = chunk.lastIndex(of: UInt8(ascii: ".")),
           slashIndex < dot {
            let ext = chunk[(dot + 1)...]
            return (1...5).contains(ext.count) && ext.allSatisfy { isLetter($0) || isDigit($0) }
        }
        if backslashes >= 1, chunk.first != backslash, chunk.last != backslash {
            return chunk.split(separator: backslash).count >= 2
        }
        return false
    }

    /// 8-4-4-4-12 hexadecimal digits.
    static func isUUID(_ chunk: ArraySlice<UInt8>) -> Bool {
        guard chunk.count == 36 else { return false }
        for (offset, byte) in chunk.enumerated() {
            if offset == 8 || offset == 13 || offset == 18 || offset == 23 {
                if byte != UInt8(ascii: "-") { return false }
            } else if !isHexDigit(byte) {
                return false
            }
        }
        return true
    }

    /// `0x1F`, `#ff00aa` colours and long runs of hex digits with a digit in them (hashes).
    static func isHexNumber(_ chunk: ArraySlice<UInt8>) -> Bool {
        var body = chunk
        if body.count > 2, body.first == UInt8(ascii: "0"),
           body[body.startIndex + 1] == UInt8(ascii: "x") || body[body.startIndex + 1] == UInt8(ascii: "X") {
            body = body.dropFirst(2)
            return !body.isEmpty && body.allSatisfy { isHexDigit($0) || $0 == UInt8(ascii: "_") }
        }
        if body.first == UInt8(ascii: "#") {
            body = body.dropFirst()
            return [3, 4, 6, 8].contains(body.count) && body.allSatisfy(isHexDigit)
                && (body.count >= 6 || body.contains(where: isDigit))
        }
        return body.count >= 7 && body.allSatisfy(isHexDigit) && body.contains(where: isDigit)
    }

    /// `example.com`, `docs.swift.org`: dot-separated lower-case labels ending in a known top-level domain,
    /// or three or more labels.
    static func isHostName(_ chunk: ArraySlice<UInt8>) -> Bool {
        // The bytes first: most chunks fail there, before the labels are cut.
        guard chunk.allSatisfy({ ($0 >= 0x61 && $0 <= 0x7A) || isDigit($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") })
        else { return false }
        let labels = chunk.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard labels.count >= 2, labels.allSatisfy({ !$0.isEmpty && $0.count <= 63 }) else { return false }
        let tld = labels.last!
        guard tld.allSatisfy(isLetter) else { return false }
        if labels.count >= 3 && labels.allSatisfy({ $0.count >= 2 }) { return true }
        return topLevelDomains.contains(String(decoding: tld, as: UTF8.self))
    }

    static let topLevelDomains: Set<String> = [
        "com", "org", "net", "edu", "gov", "mil", "int", "io", "dev", "app", "info", "biz", "xyz", "ai", "co",
        "me", "tv", "cc", "us", "uk", "de", "fr", "it", "es", "nl", "be", "ch", "at", "se", "no", "dk", "fi", "pl",
        "cz", "ru", "ua", "jp", "cn", "kr", "in", "au", "nz", "ca", "br", "mx", "ar", "eu", "onion", "local",
        "localhost", "internal", "arpa", "sh", "ly", "gg", "is", "im", "fm", "to", "tech", "cloud", "online", "site",
    ]

    @inline(__always)
    static func isHexDigit(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66)
    }
}
