/// A programming language family, as far as finding its comments and string literals goes.
public enum SourceLanguage: String, Hashable, Sendable, CaseIterable {
    case c, cpp, java, kotlin, csharp, php, css, swift, rust, go, python, javascript, json, lua, shell
    /// Languages with `#` line comments and quoted strings: Ruby, Perl, R, YAML, TOML, Makefiles, ...
    case hash
    case sql, haskell
    /// Vim script: `"` comments at the start of a line, strings in either quote.
    case vim
    /// Assembly (GNU as, Go's assembler, NASM): `//`, `;`, `#` and `/* */` comments.
    case assembly
    /// Tcl (and Tk, Expect): `#` comments where a command starts; in `"` strings, `$name` and `[command]` are code.
    case tcl

    var syntax: SourceSyntax {
        var syntax = SourceSyntax()
        switch self {
        case .c, .cpp, .java, .kotlin, .csharp, .css, .go, .javascript, .swift, .rust, .php:
            syntax.lineComments = self == .css ? [] : ["//"]
            syntax.blockComment = ("/*", "*/")
        default: break
        }
        switch self {
        case .c:
            syntax.singleQuote = .character
        case .cpp:
            syntax.singleQuote = .character
            syntax.cppRawStrings = true
        case .java:
            syntax.singleQuote = .character
            syntax.tripleQuotes = true
        case .kotlin:
            syntax.singleQuote = .character
            syntax.tripleQuotes = true
            syntax.nestedComments = true
            syntax.interpolation = .dollar
        case .csharp:
            syntax.singleQuote = .character
            syntax.csharpVerbatim = true
        case .php:
            syntax.lineComments.append("#")
            syntax.multilineStrings = true
            syntax.interpolation = .dollar
        case .css:
            break
        case .swift:
            syntax.singleQuote = .plain
            syntax.tripleQuotes = true
            syntax.nestedComments = true
            syntax.interpolation = .swift
            syntax.swiftRawStrings = true
        case .rust:
            syntax.singleQuote = .rustCharacter
            syntax.multilineStrings = true
            syntax.nestedComments = true
            syntax.rustRawStrings = true
        case .go:
            syntax.singleQuote = .character
            syntax.backtick = .raw
        case .python:
            syntax.lineComments = ["#"]
            syntax.tripleQuotes = true
            syntax.pythonPrefixes = true
        case .javascript:
            syntax.backtick = .template
            syntax.regexLiterals = true
        case .json:
            syntax.singleQuote = .plain
            syntax.skipKeys = true
        case .lua:
            syntax.lineComments = ["--"]
            syntax.luaLongBrackets = true
        case .shell:
            syntax.lineComments = ["#"]
            syntax.shell = true
            syntax.hashNeedsSpace = true
            syntax.multilineStrings = true
            syntax.backtick = .command
            syntax.interpolation = .dollar
        case .hash:
            syntax.lineComments = ["#"]
            syntax.hashNeedsSpace = true
            syntax.unclosedQuoteIsText = true
            syntax.interpolation = .ruby
        case .sql:
            syntax.lineComments = ["--"]
            syntax.blockComment = ("/*", "*/")
            syntax.doubleQuote = .identifier
            syntax.backslashEscapes = false
            syntax.doubledQuoteEscapes = true
            syntax.backtick = .identifier
        case .vim:
            syntax.lineComments = ["\""]
            syntax.commentsStartLines = true
            syntax.singleQuote = .plain
        case .assembly:
            syntax.lineComments = ["//", ";", "#"]
            syntax.blockComment = ("/*", "*/")
            syntax.hashNeedsSpace = true
            syntax.hashDirectives = true
            syntax.singleQuote = .character
        case .tcl:
            syntax.lineComments = ["#"]
            syntax.hashNeedsSpace = true
            syntax.singleQuote = .plain
            syntax.multilineStrings = true
            syntax.interpolation = .tcl
        case .haskell:
            syntax.lineComments = ["--"]
            syntax.blockComment = ("{-", "-}")
            syntax.nestedComments = true
            syntax.singleQuote = .character
            syntax.primeInIdentifiers = true
        }
        return syntax
    }
}
