/// Words of programming that general dictionaries lack (`config`, `enum`, `stdout`, `tokenizer`, `utf`), and the
/// filler text that code and its data hold (`Lorem ipsum`, `xxxxxxxx`), accepted in code, Markdown, commit messages
/// and markup.
///
/// Only words that the en_US Hunspell dictionary rejects are listed; the
/// comparison is case-insensitive, and a possessive is its word's (`repo's`,
/// `config’s`). `words` is chosen by hand; `learned`
/// (`CodeVocabulary+Learned.swift`) is learned from Debian's English manual
/// pages and documents by `scripts/make-technical-words.py`.
enum CodeVocabulary {
    static func contains(_ word: String) -> Bool {
        let folded = word.lowercased()
        return words.contains(folded) || learned.contains(folded) || loremIpsum.contains(folded) || isOneLetterRepeated(folded)
            || containsPossessive(folded)
    }

    /// Whether a lower-case word is a listed word's possessive (`repo's`, `config’s`): asked only after a miss, by
    /// its bytes (`String.hasSuffix` cost more than the lookups), out of line so that `contains(_:)` stays small.
    @inline(never)
    private static func containsPossessive(_ folded: String) -> Bool {
        let utf8 = folded.utf8
        guard utf8.count > 2, utf8.last == UInt8(ascii: "s") else { return false }
        let stem = utf8.dropLast()
        if stem.last == UInt8(ascii: "'") { return containsWord(String(decoding: stem.dropLast(), as: UTF8.self)) }
        if stem.count > 3, stem.suffix(3).elementsEqual([0xE2, 0x80, 0x99]) {
            return containsWord(String(decoding: stem.dropLast(3), as: UTF8.self))
        }
        return false
    }

    /// Whether a lower-case word is one of the lists' own (`contains(_:)` without the possessive).
    private static func containsWord(_ folded: String) -> Bool {
        words.contains(folded) || learned.contains(folded)
    }

    /// The placeholder text of layouts and tests (`Lorem ipsum dolor sit amet, ...`), which code and its data quote.
    static let loremIpsum: Set<String> = [
        "lorem", "ipsum", "dolor", "amet", "consectetur", "adipiscing", "elit", "eiusmod", "tempor", "incididunt", "labore",
        "dolore", "magna", "aliqua", "enim", "minim", "veniam", "quis", "nostrud", "exercitation", "ullamco", "laboris",
        "nisi", "aliquip", "commodo", "consequat", "duis", "aute", "irure", "reprehenderit", "voluptate", "velit", "esse",
        "cillum", "fugiat", "nulla", "pariatur", "excepteur", "sint", "occaecat", "cupidatat", "proident", "sunt", "culpa",
        "officia", "deserunt", "mollit", "anim", "laborum",
    ]

    /// Whether a word is one letter three times or more (`aaaa`, `xxxxxxxx`): filler and test data, not a word.
    static func isOneLetterRepeated(_ word: String) -> Bool {
        guard let first = word.unicodeScalars.first, word.unicodeScalars.count >= 3 else { return false }
        return word.unicodeScalars.allSatisfy { $0 == first }
    }

    static let words: Set<String> = [
        "accessors", "api", "apis", "arg", "argc", "args", "argv", "ascii", "async", "attr", "attrs", "autocmd",
        "autocomplete", "autocompletion", "awaitable", "backend", "backends", "bitfield", "bitfields", "bitmask",
        "bitmasks", "bitwise", "bool", "booleans", "bools", "buf", "bufs", "bytecodes", "calloc", "cfg", "changelog",
        "changelogs", "charset", "charsets", "checksums", "cli", "codable", "codebase", "codegen", "codepoint",
        "codepoints", "config", "configs", "const", "consts", "coroutine", "coroutines", "cpu", "css", "csv", "ctx",
        "datatypes", "datetime", "datetimes", "deallocate", "deallocated", "debounce", "debounced", "debouncing",
        "decodable", "dedup", "dedupe", "deduplicate", "deduplication", "deinit", "dereference", "dereferenced",
        "dereferencing", "deserialization", "deserialize", "deserialized", "deserializer", "dirs", "dns",
        "dockerfile", "dst", "elems", "encodable", "endian", "endianness", "enum", "enums", "env", "envs", "extmark",
        "extmarks", "filesystem", "filesystems", "filetype", "filetypes", "fixme", "formatters", "fprintf",
        "frontend", "frontends", "func", "funcs", "getters", "gif", "github", "gitlab", "goroutine", "goroutines",
        "goto", "gpu", "gui", "hashable", "hashmap", "hashmaps", "hashtable", "hashtables", "homebrew", "hostname",
        "hostnames", "html", "http", "https", "idempotency", "idx", "impl", "impls", "inits", "inlined", "inlining",
        "io", "ios", "ipv4", "ipv6", "iter", "iterables", "jpeg", "jpg", "json", "keymap", "keymaps", "kubernetes",
        "kwargs", "len", "libs", "lifecycle", "linters", "linux", "localhost", "lookahead", "lookaround",
        "lookbehind", "lookups", "lvalue", "lvalues", "macos", "malloc", "md", "md5", "memoization", "memoize",
        "memoized", "metatable", "metatables", "middleware", "mixin", "mixins", "monorepo", "msg", "msgs",
        "multiline", "multithreaded", "multithreading", "mutex", "mutexes", "mysql", "namespace", "namespaces",
        "nginx", "nonnull", "npm", "nullable", "num", "nums", "objs", "ok", "optionals", "param", "params",
        "pathnames", "pdf", "png", "postgres", "prepended", "prepends", "preprocessor", "preprocessors", "printf",
        "println", "ptr", "ptrs", "readme", "realloc", "redis", "regexes", "repo", "repos", "runtimes", "rvalue",
        "rvalues", "sandboxed", "sandboxing", "sendable", "serializer", "sha", "snprintf", "sprintf", "sqlite",
        "src", "ssl", "stderr", "stdin", "stdlib", "stdout", "stringified", "stringify", "strs", "struct", "structs",
        "subclassing", "subfolder", "subfolders", "submodule", "submodules", "subprocess", "subprocesses",
        "substring", "substrings", "svg", "tcp", "teardown", "threadpool", "tls", "tmp", "todo", "todos",
        "tokenization", "tokenizations", "tokenize", "tokenized", "tokenizer", "tokenizers", "tokenizes",
        "tokenizing", "toml", "toolchain", "toolchains", "tsv", "txt", "typedef", "typedefs", "udp", "ui",
        "unescape", "unescaped", "unicode", "uptime", "uri", "uris", "url", "urls", "utf", "utf8", "uuid", "uuids",
        "ux", "vals", "vararg", "varargs", "vtable", "vtables", "webhook", "webhooks", "whitespaces", "xml", "yaml",
    ]
}
