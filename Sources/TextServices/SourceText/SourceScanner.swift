/// Finds the comments and string literals of source code and makes them visible in a `TextMask`.
///
/// A single forward pass with the language's lexical rules (`SourceSyntax`):
/// enough of a lexer to know where comments and strings start and end, not a
/// parser. Inside strings, escapes, interpolations and format placeholders
/// stay hidden; inside comments and strings, code spans and doc tags do
/// (`ProseMarkup`). Malformed code (an unterminated string or comment) never
/// fails: the construct runs to the end of its line or of the text.
struct SourceScanner {
    let bytes: [UInt8]
    let syntax: SourceSyntax
    var mask: TextMask
    var index = 0
    var pendingHeredocs: [Heredoc] = []
    var checkStrings = true
    /// Strings before this offset are inside an `import ( ... )` block (Go) and name packages.
    var importBlockEnd = 0
    let lineCommentPrefixes: [[UInt8]]
    /// Whether a line comment prefix starts with the byte, by byte (every byte, for an empty prefix).
    let startsLineComment: [Bool]
    let blockOpen: [UInt8]?
    let blockClose: [UInt8]
    /// The ASCII bytes `isIdentifierByte` takes (every byte outside ASCII is one too).
    let identifierBytes: ByteSet

    struct Heredoc {
        var delimiter: [UInt8]
        var stripTabs: Bool
        var interpolates: Bool
    }

    /// The mask for `bytes` written in `language`: comments and string contents visible, the rest hidden.
    static func mask(_ bytes: [UInt8], language: SourceLanguage, checkStrings: Bool = true) -> TextMask {
        var scanner = SourceScanner(bytes: bytes, syntax: language.syntax)
        scanner.checkStrings = checkStrings
        scanner.run()
        return scanner.mask
    }

    private init(bytes: [UInt8], syntax: SourceSyntax) {
        self.bytes = bytes
        self.syntax = syntax
        self.mask = TextMask(bytes: bytes, visible: false)
        self.lineCommentPrefixes = syntax.lineComments.map { Array($0.utf8) }
        var starts = [Bool](repeating: lineCommentPrefixes.contains { $0.isEmpty }, count: 256)
        for prefix in lineCommentPrefixes { if let first = prefix.first { starts[Int(first)] = true } }
        self.startsLineComment = starts
        self.blockOpen = syntax.blockComment.map { Array($0.open.utf8) }
        self.blockClose = syntax.blockComment.map { Array($0.close.utf8) } ?? []
        var identifierBytes = ByteSet("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789")
        if !syntax.shell, syntax.interpolation != .dollar { identifierBytes.insert(ascii("$")) }
        if syntax.primeInIdentifiers { identifierBytes.insert(ascii("'")) }
        self.identifierBytes = identifierBytes
    }

    // MARK: Main loop

    mutating func run() {
        if matches("#!", at: 0) { index = lineEnd(from: 0) }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == ascii("\n") {
                index += 1
                if !pendingHeredocs.isEmpty { scanHeredocs() }
                continue
            }
            // Indentation and the spaces between tokens: no comment, string or name starts with one.
            if byte == 0x20 || byte == 0x09 {
                index += 1
                while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 }
                continue
            }
            // Most bytes start no comment: the prefixes are compared only where one could start.
            if startsLineComment[Int(byte)], let prefixLength = lineCommentPrefix(at: index) {
                if syntax.luaLongBrackets, let level = longBracketLevel(at: index + prefixLength) {
                    scanLongBracket(at: index + prefixLength, level: level, isComment: true)
                } else {
                    let end = lineEnd(from: index)
                    revealProse(index + prefixLength..<end)
                    index = end
                }
                continue
            }
            if let blockOpen, matches(blockOpen, at: index) {
                scanBlockComment(open: blockOpen, close: blockClose)
                continue
            }
            if isIdentifierStart(byte) {
                scanIdentifier()
                continue
            }
            if isDigit(byte) {
                index += 1
                while index < bytes.count, isIdentifierByte(bytes[index]) || bytes[index] == ascii(".")
                    || (bytes[index] == ascii("'") && index + 1 < bytes.count && isDigit(bytes[index + 1])) {
                    index += 1
                }
                continue
            }
            switch byte {
            case ascii("\""): scanDoubleQuote()
            case ascii("'"): scanSingleQuote()
            case ascii("`"): scanBacktick()
            case ascii("#") where syntax.swiftRawStrings: scanSwiftRawString()
            case ascii("[") where syntax.luaLongBrackets:
                if let level = longBracketLevel(at: index) {
                    scanLongBracket(at: index, level: level, isComment: false)
                } else {
                    index += 1
                }
            case ascii("/") where syntax.regexLiterals: scanPossibleRegex()
            case ascii("<") where syntax.shell: scanPossibleHeredoc()
            case ascii("$") where syntax.shell && matches("$'", at: index):
                index += 1
                scanQuotedString(close: "'", escapes: true, multiline: true, interpolation: .none)
            case ascii("@") where syntax.csharpVerbatim && (matches("@\"", at: index) || matches("@$\"", at: index)):
                index = bytes[index + 1] == ascii("$") ? index + 3 : index + 2
                scanQuotedString(close: "\"", escapes: false, multiline: true, interpolation: .none, doubledQuotes: true)
            case ascii("$") where syntax.csharpVerbatim && matches("$@\"", at: index):
                index += 3
                scanQuotedString(close: "\"", escapes: false, multiline: true, interpolation: .none, doubledQuotes: true)
            default:
                index += 1
            }
        }
    }

    // MARK: Comments

    func lineCommentPrefix(at position: Int) -> Int? {
        for prefix in lineCommentPrefixes where matches(prefix, at: position) {
            if syntax.commentsStartLines {
                var before = position
                while before > 0, bytes[before - 1] == 0x20 || bytes[before - 1] == 0x09 { before -= 1 }
                if before > 0, bytes[before - 1] != ascii("\n") { continue }
            }
            let isHash = prefix.count == 1 && prefix[0] == ascii("#")
            if isHash, syntax.hashDirectives, position + 1 < bytes.count,
               (bytes[position + 1] | 0x20) &- ascii("a") < 26 {
                continue
            }
            if isHash, syntax.hashNeedsSpace, position > 0 {
                switch bytes[position - 1] {
                case 0x20, 0x09, 0x0A, 0x0D, ascii(";"), ascii("|"), ascii("&"), ascii("("): break
                default: continue
                }
            }
            if prefix.count == 2, prefix[0] == ascii("-"), prefix[1] == ascii("-"), syntax.nestedComments {
                // Haskell: `-->` or `--|` followed by a symbol is an operator, not a comment.
                var end = position
                while end < bytes.count, bytes[end] == ascii("-") { end += 1 }
                if end < bytes.count, Array("!#$%&*+./<=>?@\\^|~:".utf8).contains(bytes[end]) { continue }
            }
            return prefix.count
        }
        return nil
    }

    mutating func scanBlockComment(open: [UInt8], close: [UInt8]) {
        let start = index + open.count
        var position = start
        var depth = 1
        var contentEnd = bytes.count
        // Only the first byte of the close (or of the open, when comments nest) can end or deepen the comment.
        var stops = ByteSet()
        stops.insert(close[0])
        if syntax.nestedComments { stops.insert(open[0]) }
        while position < bytes.count {
            if !stops.contains(bytes[position]) {
                position = ByteSearch.firstIndex(of: stops, in: bytes, from: position, end: bytes.count)
                guard position < bytes.count else { break }
            }
            if syntax.nestedComments, matches(open, at: position) {
                depth += 1
                position += open.count
            } else if matches(close, at: position) {
                depth -= 1
                if depth == 0 {
                    contentEnd = position
                    position += close.count
                    break
                }
                position += close.count
            } else {
                position += 1
            }
        }
        revealProse(start..<min(contentEnd, bytes.count))
        index = position
    }

    // MARK: Identifiers and prefixed strings

    mutating func scanIdentifier() {
        let start = index
        while index < bytes.count, isIdentifierByte(bytes[index]) { index += 1 }
        guard index < bytes.count else { return }
        let next = bytes[index]
        // Only `import` and a string's prefix (before a quote or a hash, at most three letters) matter: other
        // names need no string.
        let isImport = matches("import", at: start) && index - start == 6
        guard isImport || (index - start <= 3 && (next == ascii("'") || next == ascii("\"") || next == ascii("#"))) else { return }
        let word = String(decoding: bytes[start..<index], as: UTF8.self)
        if isImport {
            var cursor = index
            while cursor < bytes.count, SkipRules.isSpace(bytes[cursor]) { cursor += 1 }
            if cursor < bytes.count, bytes[cursor] == ascii("(") {
                importBlockEnd = matchingClose(from: cursor, open: ascii("("), close: ascii(")"))
            }
        }
        if syntax.pythonPrefixes, next == ascii("'") || next == ascii("\""),
           ["r", "u", "b", "f", "t", "rb", "br", "fr", "rf", "tr", "rt"].contains(word.lowercased()) {
            scanPythonString(raw: word.lowercased().contains("r"))
        } else if syntax.rustRawStrings, ["r", "br", "cr"].contains(word), next == ascii("#") || next == ascii("\"") {
            scanRustRawString()
        } else if syntax.rustRawStrings, word == "b", next == ascii("'") {
            skipCharacterLiteral()
        } else if syntax.cppRawStrings, ["R", "u8R", "uR", "UR", "LR"].contains(word), next == ascii("\"") {
            scanCppRawString()
        }
    }

    func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte >= ascii("a") && byte <= ascii("z")) || (byte >= ascii("A") && byte <= ascii("Z")) || byte == ascii("_")
            || byte >= 0x80 || (byte == ascii("$") && !syntax.shell && syntax.interpolation != .dollar)
    }

    @inline(__always)
    func isIdentifierByte(_ byte: UInt8) -> Bool {
        byte >= 0x80 || identifierBytes.contains(byte)
    }

    func isDigit(_ byte: UInt8) -> Bool { byte >= ascii("0") && byte <= ascii("9") }

    // MARK: Strings

    mutating func scanDoubleQuote() {
        if syntax.doubleQuote == .identifier {
            skipQuotedIdentifier(close: ascii("\""))
            return
        }
        if syntax.tripleQuotes, matches("\"\"\"", at: index) {
            index += 3
            scanQuotedString(close: "\"\"\"", escapes: syntax.backslashEscapes, multiline: true,
                             interpolation: syntax.interpolation)
            return
        }
        index += 1
        scanQuotedString(close: "\"", escapes: syntax.backslashEscapes, multiline: syntax.multilineStrings || syntax.shell,
                         interpolation: syntax.interpolation, doubledQuotes: syntax.doubledQuoteEscapes)
    }

    mutating func scanSingleQuote() {
        switch syntax.singleQuote {
        case .plain:
            index += 1
        case .character, .rustCharacter:
            if !skipCharacterLiteral() { index += 1 }
        case .string:
            if syntax.shell {
                index += 1
                scanQuotedString(close: "'", escapes: false, multiline: true, interpolation: .none)
            } else if syntax.tripleQuotes, syntax.pythonPrefixes, matches("'''", at: index) {
                index += 3
                scanQuotedString(close: "'''", escapes: true, multiline: true, interpolation: .none)
            } else {
                index += 1
                scanQuotedString(close: "'", escapes: syntax.backslashEscapes, multiline: syntax.multilineStrings,
                                 interpolation: .none, doubledQuotes: syntax.doubledQuoteEscapes)
            }
        }
    }

    mutating func scanBacktick() {
        switch syntax.backtick {
        case .none:
            index += 1
        case .raw:
            index += 1
            scanQuotedString(close: "`", escapes: false, multiline: true, interpolation: .none)
        case .template:
            index += 1
            scanString(close: [ascii("`")], escapes: true, multiline: true, interpolation: .template)
        case .command:
            let end = closingDelimiter(ascii("`"), from: index + 1, escapes: true, multiline: true)
            index = end
        case .identifier:
            skipQuotedIdentifier(close: ascii("`"))
        }
    }

    mutating func skipQuotedIdentifier(close: UInt8) {
        var position = index + 1
        while position < bytes.count, bytes[position] != close, bytes[position] != ascii("\n") { position += 1 }
        index = position < bytes.count && bytes[position] == close ? position + 1 : position
    }

    /// Skips `'x'`, `'\n'`, `'\u{1F600}'`; returns false (consuming nothing) when the quote starts no character literal.
    @discardableResult
    mutating func skipCharacterLiteral() -> Bool {
        var position = index + 1
        guard position < bytes.count, bytes[position] != ascii("\n"), bytes[position] != ascii("'") else { return false }
        if bytes[position] == ascii("\\") {
            position += 2
            while position < bytes.count, position < index + 14, bytes[position] != ascii("'"), bytes[position] != ascii("\n") {
                position += 1
            }
        } else {
            position += UTF8Validation.sequenceLength(lead: bytes[position])
        }
        guard position < bytes.count, bytes[position] == ascii("'") else { return false }
        index = position + 1
        return true
    }

    enum StringInterpolation {
        case none, swift, swiftRaw(Int), dollar, ruby, template, tcl

        var isSwift: Bool {
            switch self {
            case .swift, .swiftRaw: return true
            default: return false
            }
        }
    }

    mutating func scanQuotedString(close: String, escapes: Bool, multiline: Bool,
                                           interpolation: SourceSyntax.Interpolation, doubledQuotes: Bool = false) {
        let kind: StringInterpolation
        switch interpolation {
        case .none: kind = .none
        case .swift: kind = .swift
        case .dollar: kind = .dollar
        case .ruby: kind = .ruby
        case .tcl: kind = .tcl
        }
        scanString(close: Array(close.utf8), escapes: escapes, multiline: multiline, interpolation: kind,
                   doubledQuotes: doubledQuotes)
    }

    mutating func scanString(close: [UInt8], escapes: Bool, multiline: Bool, interpolation: StringInterpolation,
                                     doubledQuotes: Bool = false, rawEscapeHashes: Int = 0) {
        let start = index
        var position = start
        var hidden: [Range<Int>] = []
        var closed = false
        var contentEnd = bytes.count
        // A raw string's escape is a backslash and its hashes; another string's, the backslash alone (no array).
        let escapeLead: [UInt8] = rawEscapeHashes > 0 ? [ascii("\\")] + Array(repeating: ascii("#"), count: rawEscapeHashes) : []
        let escapeLeadCount = rawEscapeHashes + 1
        let stops = Self.stopBytes(close: close[0], lineEnds: !multiline, escapes: escapes, interpolation: interpolation, shell: syntax.shell)
        while position < bytes.count {
            // Most of a string closes, ends, escapes and interpolates nothing: those bytes skip the tests below.
            if !stops.contains(bytes[position]) {
                position = ByteSearch.firstIndex(of: stops, in: bytes, from: position, end: bytes.count)
                guard position < bytes.count else { break }
            }
            if matches(close, at: position) {
                if doubledQuotes, close.count == 1, position + 1 < bytes.count, bytes[position + 1] == close[0] {
                    hidden.append(position..<position + 2)
                    position += 2
                    continue
                }
                contentEnd = position
                position += close.count
                closed = true
                break
            }
            let byte = bytes[position]
            if byte == ascii("\n"), !multiline {
                contentEnd = position
                break
            }
            if escapes, rawEscapeHashes > 0 ? matches(escapeLead, at: position) : byte == ascii("\\") {
                let afterLead = position + escapeLeadCount
                if interpolation.isSwift, afterLead < bytes.count, bytes[afterLead] == ascii("(") {
                    let end = matchingClose(from: afterLead, open: ascii("("), close: ascii(")"))
                    hidden.append(position..<end)
                    position = end
                    continue
                }
                let end = escapeEnd(from: afterLead)
                hidden.append(position..<end)
                position = end
                continue
            }
            switch interpolation {
            case .dollar, .template:
                if byte == ascii("$"), let end = dollarExpansionEnd(at: position, bracesOnly: {
                    if case .template = interpolation { return true }
                    return false
                }()) {
                    hidden.append(position..<end)
                    position = end
                    continue
                }
                if syntax.shell, byte == ascii("`") {
                    let end = closingDelimiter(ascii("`"), from: position + 1, escapes: true, multiline: true)
                    hidden.append(position..<end)
                    position = end
                    continue
                }
            case .tcl:
                // A command substitution; an unbalanced `[` is a literal bracket.
                if byte == ascii("["), case let end = matchingClose(from: position, open: ascii("["), close: ascii("]")),
                   end < bytes.count || bytes.last == ascii("]") {
                    hidden.append(position..<end)
                    position = end
                    continue
                }
                if byte == ascii("$"), let end = tclVariableEnd(at: position) {
                    hidden.append(position..<end)
                    position = end
                    continue
                }
            case .ruby:
                if matches("#{", at: position) {
                    let end = matchingClose(from: position + 1, open: ascii("{"), close: ascii("}"))
                    hidden.append(position..<end)
                    position = end
                    continue
                }
            default: break
            }
            position += 1
        }
        if !closed, syntax.unclosedQuoteIsText {
            // An apostrophe in unquoted text (`don't` in a YAML value), not a string: go on after it.
            index = start
            return
        }
        let content = start..<min(contentEnd, bytes.count)
        if (syntax.skipKeys && closed && isFollowedByColon(position)) || start < importBlockEnd || isModuleName(start) {
            index = position
            return
        }
        revealString(content, hiding: hidden)
        index = position
    }

    /// The bytes at which a string's scan has something to test (`scanString`); at any other byte it moves on.
    static func stopBytes(close: UInt8, lineEnds: Bool, escapes: Bool, interpolation: StringInterpolation,
                          shell: Bool) -> ByteSet {
        var stops = ByteSet()
        stops.insert(close)
        if lineEnds { stops.insert(ascii("\n")) }
        if escapes { stops.insert(ascii("\\")) }
        switch interpolation {
        case .dollar, .template:
            stops.insert(ascii("$"))
            if shell { stops.insert(ascii("`")) }
        case .tcl:
            stops.insert(ascii("["))
            stops.insert(ascii("$"))
        case .ruby:
            stops.insert(ascii("#"))
        case .none, .swift, .swiftRaw:
            break
        }
        return stops
    }

    /// The end of a backslash escape whose letter starts at `position`.
    func escapeEnd(from position: Int) -> Int {
        guard position < bytes.count else { return position }
        let letter = bytes[position]
        var end = position + UTF8Validation.sequenceLength(lead: letter)
        switch letter {
        case ascii("u") where position + 1 < bytes.count && bytes[position + 1] == ascii("{"),
             ascii("x") where position + 1 < bytes.count && bytes[position + 1] == ascii("{"):
            end = position + 2
            while end < bytes.count, bytes[end] != ascii("}"), end - position < 12 { end += 1 }
            if end < bytes.count, bytes[end] == ascii("}") { end += 1 }
        case ascii("f") where ProseMarkup.isRoffFontEscape(bytes, at: position - 1, end: bytes.count):
            end = position + 2
        case ascii("x"): end = hexEnd(from: position + 1, maximum: 2)
        case ascii("u"): end = hexEnd(from: position + 1, maximum: 4)
        case ascii("U"): end = hexEnd(from: position + 1, maximum: 8)
        case ascii("0")...ascii("7"):
            end = position + 1
            while end < bytes.count, end < position + 3, bytes[end] >= ascii("0"), bytes[end] <= ascii("7") { end += 1 }
        default: break
        }
        return min(end, bytes.count)
    }

    func hexEnd(from position: Int, maximum: Int) -> Int {
        var end = position
        while end < bytes.count, end < position + maximum, SkipRules.isHexDigit(bytes[end]) { end += 1 }
        return end
    }

    /// `$name`, `${...}`, `$(...)`, `$1`, `$@`: the end of an expansion at `position`, or nil when `$` is literal.
    func dollarExpansionEnd(at position: Int, bracesOnly: Bool) -> Int? {
        let next = position + 1
        guard next < bytes.count else { return nil }
        let byte = bytes[next]
        if byte == ascii("{") { return matchingClose(from: next, open: ascii("{"), close: ascii("}")) }
        if bracesOnly { return nil }
        if byte == ascii("(") { return matchingClose(from: next, open: ascii("("), close: ascii(")")) }
        if isIdentifierStart(byte) && byte < 0x80 {
            var end = next
            while end < bytes.count, bytes[end] < 0x80, isIdentifierByte(bytes[end]) { end += 1 }
            return end
        }
        if syntax.shell, isDigit(byte) || Array("@*#?$!-".utf8).contains(byte) { return next + 1 }
        return nil
    }

    /// In Tcl, `$name`, `$ns::name`, `$name(index)` and `${any text}`: the end of the substitution at `position`,
    /// or nil when `$` is literal.
    func tclVariableEnd(at position: Int) -> Int? {
        let next = position + 1
        guard next < bytes.count else { return nil }
        if bytes[next] == ascii("{") { return matchingClose(from: next, open: ascii("{"), close: ascii("}")) }
        var end = next
        while end < bytes.count {
            if bytes[end] < 0x80, isIdentifierByte(bytes[end]) {
                end += 1
            } else if matches("::", at: end) {
                end += 2
            } else {
                break
            }
        }
        guard end > next else { return nil }
        if end < bytes.count, bytes[end] == ascii("(") { return matchingClose(from: end, open: ascii("("), close: ascii(")")) }
        return end
    }

    /// The index just past the bracket that closes the one at `position`, counting nesting; the line's end if none.
    func matchingClose(from position: Int, open: UInt8, close: UInt8) -> Int {
        var depth = 0
        var cursor = position
        while cursor < bytes.count {
            let byte = bytes[cursor]
            if byte == open { depth += 1 } else if byte == close {
                depth -= 1
                if depth == 0 { return cursor + 1 }
            }
            cursor += 1
        }
        return bytes.count
    }

    /// The index just past the next unescaped `delimiter` from `position`.
    func closingDelimiter(_ delimiter: UInt8, from position: Int, escapes: Bool, multiline: Bool) -> Int {
        var cursor = position
        while cursor < bytes.count {
            let byte = bytes[cursor]
            if escapes, byte == ascii("\\") { cursor += 2; continue }
            if byte == delimiter { return cursor + 1 }
            if byte == ascii("\n"), !multiline { return cursor }
            cursor += 1
        }
        return bytes.count
    }

    /// Whether the string starting at `contentStart` names a module or file: `import "fmt"`, `from 'x'`,
    /// `require("x")`, `#include "x.h"`, `source "x"`.
    func isModuleName(_ contentStart: Int) -> Bool {
        var cursor = contentStart - 1
        while cursor >= 0, Self.quotes.contains(bytes[cursor]) { cursor -= 1 }
        while cursor >= 0, Self.blanksAndParenthesis.contains(bytes[cursor]) { cursor -= 1 }
        guard cursor >= 0, isIdentifierByte(bytes[cursor]) else { return false }
        var wordStart = cursor
        while wordStart > 0, isIdentifierByte(bytes[wordStart - 1]) { wordStart -= 1 }
        // No keyword is longer than `require_relative`: a longer name needs no string.
        guard cursor - wordStart < 16 else { return false }
        let word = String(decoding: bytes[wordStart...cursor], as: UTF8.self)
        return Self.moduleKeywords.contains(word)
    }

    private static let quotes = ByteSet("\"'`<")
    private static let blanksAndParenthesis = ByteSet(" \t(")

    static let moduleKeywords: Set<String> = [
        "import", "from", "require", "require_relative", "include", "include_next", "use", "load", "dofile",
        "loadfile", "source", "mod", "package",
    ]

    func isFollowedByColon(_ position: Int) -> Bool {
        var cursor = position
        while cursor < bytes.count, SkipRules.isSpace(bytes[cursor]) { cursor += 1 }
        return cursor < bytes.count && bytes[cursor] == ascii(":")
    }

    // MARK: Revealing

    mutating func revealProse(_ range: Range<Int>) {
        guard range.lowerBound < range.upperBound else { return }
        mask.show(range)
        ProseMarkup.hidePlaceholders(in: &mask, range: range)
        ProseMarkup.hideCodeMarkup(in: &mask, range: range, inComment: true)
    }

    mutating func revealString(_ range: Range<Int>, hiding hidden: [Range<Int>]) {
        guard checkStrings, range.lowerBound < range.upperBound, !isKeyLike(range) else { return }
        mask.show(range)
        for part in hidden { mask.hide(part) }
        ProseMarkup.hidePlaceholders(in: &mask, range: range)
        ProseMarkup.hideCodeMarkup(in: &mask, range: range, inComment: false)
    }

    /// Whether a string literal holds a key or name rather than prose: one ASCII token without white space
    /// that is not a capitalised word (`"uri"`, `"utf-8"`, `"textDocument/didOpen"`, `"GET"`, `"user_id"`).
    /// `"Helo"`, `"Done!"` and anything with a space are prose.
    func isKeyLike(_ range: Range<Int>) -> Bool {
        let content = bytes[range]
        guard content.allSatisfy({ $0 < 0x80 && !SkipRules.isSpace($0) }) else { return false }
        var letters = content.drop(while: { !isLetter($0) })
        while let last = letters.last, !isLetter(last) { letters = letters.dropLast() }
        guard let first = letters.first else { return true }
        let capitalisedWord = first >= ascii("A") && first <= ascii("Z") && letters.count > 1
            && letters.dropFirst().allSatisfy { ($0 >= ascii("a") && $0 <= ascii("z")) || $0 == ascii("'") }
        return !capitalisedWord
    }

    func isLetter(_ byte: UInt8) -> Bool {
        (byte >= ascii("a") && byte <= ascii("z")) || (byte >= ascii("A") && byte <= ascii("Z"))
    }

    // MARK: Byte helpers

    func lineEnd(from position: Int) -> Int {
        bytes.withUnsafeBytes { ByteSearch.firstIndex(of: ascii("\n"), in: $0, from: position) } ?? max(position, bytes.count)
    }

    func matches(_ string: StaticString, at position: Int) -> Bool {
        let count = string.utf8CodeUnitCount
        guard position >= 0, position + count <= bytes.count else { return false }
        let expected = string.utf8Start
        for offset in 0..<count where bytes[position + offset] != expected[offset] { return false }
        return true
    }

    func matches(_ pattern: [UInt8], at position: Int) -> Bool {
        guard position >= 0, position + pattern.count <= bytes.count else { return false }
        for offset in 0..<pattern.count where bytes[position + offset] != pattern[offset] { return false }
        return true
    }
}

/// The byte of an ASCII character, for comparing with UTF-8 bytes (the source scanners' shorthand).
@inline(__always)
func ascii(_ character: Unicode.Scalar) -> UInt8 { UInt8(ascii: character) }
