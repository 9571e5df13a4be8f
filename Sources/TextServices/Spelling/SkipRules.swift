import Foundation

/// Recognises the tokens a spell checker must not check: URLs, e-mail
/// addresses, host names, file paths, hex numbers and UUIDs.
///
/// Works on whitespace-delimited chunks of the text, with enclosing
/// punctuation (brackets, quotes, trailing sentence punctuation) trimmed.
/// Each rule is documented in docs/spelling.md.
enum SkipRules {
    /// Byte ranges (within `range`) of chunks that are not prose.
    static func skippedRanges(in bytes: [UInt8], range: Range<Int>) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var index = range.lowerBound
        let end = range.upperBound
        while index < end {
            while index < end, isSpace(bytes[index]) { index += 1 }
            let start = index
            while index < end, !isSpace(bytes[index]) { index += 1 }
            guard start < index else { continue }
            var lower = start
            var upper = index
            while lower < upper, isOpening(bytes[lower]) { lower += 1 }
            while upper > lower, isClosing(bytes[upper - 1]) { upper -= 1 }
            guard lower < upper else { continue }
            if shouldSkip(bytes[lower..<upper]) { result.append(lower..<upper) }
        }
        return result
    }

    @inline(__always)
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C || byte == 0x0B
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
    static func shouldSkip(_ chunk: ArraySlice<UInt8>) -> Bool {
        isURL(chunk) || isEmail(chunk) || isPath(chunk) || isUUID(chunk) || isHexNumber(chunk) || isHostName(chunk)
    }

    /// `scheme://...`, `www.host...`, `mailto:`, `urn:`, `file:`.
    static func isURL(_ chunk: ArraySlice<UInt8>) -> Bool {
        let text = String(decoding: chunk, as: UTF8.self).lowercased()
        if text.hasPrefix("www."), text.count > 4 { return true }
        for prefix in ["mailto:", "urn:", "file:", "data:", "tel:"] where text.hasPrefix(prefix) && text.count > prefix.count {
            return true
        }
        guard let colon = text.range(of: "://") else { return false }
        let scheme = text[..<colon.lowerBound]
        return !scheme.isEmpty && scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
            && scheme.first!.isLetter
    }

    /// `local@domain.tld`, with a dot in the domain.
    static func isEmail(_ chunk: ArraySlice<UInt8>) -> Bool {
        guard let at = chunk.firstIndex(of: UInt8(ascii: "@")), at > chunk.startIndex else { return false }
        let domain = chunk[(at + 1)...]
        guard domain.count >= 3, domain.contains(UInt8(ascii: ".")), !domain.contains(UInt8(ascii: "@")) else { return false }
        return domain.last != UInt8(ascii: ".") && domain.first != UInt8(ascii: ".")
    }

    /// `/abs/path`, `~/path`, `./rel`, `../rel`, `dir/file.ext`, `C:\dir`, `\\server\share`.
    static func isPath(_ chunk: ArraySlice<UInt8>) -> Bool {
        let text = String(decoding: chunk, as: UTF8.self)
        let slashes = chunk.filter { $0 == UInt8(ascii: "/") }.count
        if text.hasPrefix("~/") || text.hasPrefix("./") || text.hasPrefix("../") { return true }
        if text.hasPrefix("/"), text.count > 1, !text.hasPrefix("//") || slashes > 2 {
            // A lone "/word" is a path; "/" alone or "and/or" style joins are not.
            return true
        }
        if text.hasPrefix("\\\\") { return true }
        let scalars = Array(text.unicodeScalars)
        if scalars.count > 3, scalars[0].properties.isAlphabetic, scalars[0].isASCII, scalars[1] == ":",
           scalars[2] == "\\" || scalars[2] == "/" {
            return true
        }
        // dir/file.ext or a/b/c: several slashes, or a slash and a file extension.
        if slashes >= 2, !text.hasSuffix("/") || slashes >= 3 { return true }
        if slashes == 1, let dot = text.lastIndex(of: "."), let slash = text.firstIndex(of: "/"), slash < dot {
            let ext = text[text.index(after: dot)...]
            return (1...5).contains(ext.count) && ext.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
        if text.contains("\\"), text.split(separator: "\\").count >= 2 { return true }
        return false
    }

    /// 8-4-4-4-12 hexadecimal digits.
    static func isUUID(_ chunk: ArraySlice<UInt8>) -> Bool {
        guard chunk.count == 36 else { return false }
        for (offset, byte) in chunk.enumerated() {
            if [8, 13, 18, 23].contains(offset) {
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
                && body.contains(where: { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") || body.count >= 6 })
        }
        return body.count >= 7 && body.allSatisfy(isHexDigit) && body.contains { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    /// `example.com`, `docs.swift.org`: dot-separated lower-case labels ending in a known top-level domain,
    /// or three or more labels.
    static func isHostName(_ chunk: ArraySlice<UInt8>) -> Bool {
        let text = String(decoding: chunk, as: UTF8.self)
        let labels = text.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, labels.allSatisfy({ !$0.isEmpty && $0.count <= 63 }) else { return false }
        guard labels.allSatisfy({ $0.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber || $0 == "-") } }) else {
            return false
        }
        let tld = String(labels.last!)
        guard tld.allSatisfy(\.isLetter) else { return false }
        if labels.count >= 3 && labels.allSatisfy({ $0.count >= 2 }) { return true }
        return topLevelDomains.contains(tld)
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
