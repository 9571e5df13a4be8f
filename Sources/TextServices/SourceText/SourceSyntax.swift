/// How a language writes comments and strings; read by `SourceScanner`.
struct SourceSyntax {
    enum SingleQuote { case string, character, rustCharacter, plain }
    enum DoubleQuote { case string, identifier }
    enum Backtick { case none, raw, template, command, identifier }
    enum Interpolation { case none, swift, dollar, ruby, tcl }

    var lineComments: [String] = []
    var blockComment: (open: String, close: String)?
    var nestedComments = false
    var doubleQuote: DoubleQuote = .string
    var singleQuote: SingleQuote = .string
    var backslashEscapes = true
    var doubledQuoteEscapes = false
    var tripleQuotes = false
    /// Ordinary quoted strings may span lines (Rust, shell, PHP).
    var multilineStrings = false
    var backtick: Backtick = .none
    var interpolation: Interpolation = .none
    var pythonPrefixes = false
    var swiftRawStrings = false
    var rustRawStrings = false
    var cppRawStrings = false
    var csharpVerbatim = false
    var luaLongBrackets = false
    var regexLiterals = false
    var shell = false
    /// `#` starts a comment only at the start of a line or after white space (YAML, shell).
    var hashNeedsSpace = false
    /// A line comment starts only as the first thing on its line (Vim script's `"`).
    var commentsStartLines = false
    /// `#` right before a letter is a directive (`#include`, `#define` in assembly), not a comment.
    var hashDirectives = false
    /// A quote with no closing quote on its line is an apostrophe, not a string (YAML, Makefiles).
    var unclosedQuoteIsText = false
    /// JSON: a string followed by `:` is a key and is not checked.
    var skipKeys = false
    /// Haskell: `x'` is an identifier.
    var primeInIdentifiers = false
}
