/// What a document holds, which decides which parts of it are spell-checked.
///
/// Prose kinds (plain text, Markdown, commit messages, markup, TeX) are
/// checked whole, minus their markup and code. Source code is checked only
/// in its comments and string literals.
public enum DocumentKind: Hashable, Sendable {
    case plainText
    /// A file of a type none of the others is (`.sublime-syntax`, `.in`, `.gitignore`): shown whole, like plain text,
    /// and checked as technical prose (identifiers part by part, programming words pass), since such files in a
    /// project are mostly configuration and data.
    case otherText
    case markdown
    case gitCommit
    /// reStructuredText: prose, not its literals, roles, code blocks or directives (`ReStructuredTextMasker`).
    case reStructuredText
    /// A manual page in roff (man(7), mdoc(7)): text lines and the text of prose macros, not requests, escapes,
    /// options or examples (`RoffMasker`).
    case roff
    /// HTML and XML: text and comments, not tags.
    case markup
    /// TeX and LaTeX: text, not commands, math or references.
    case tex
    /// A Vim help file (`doc/*.txt` of a Vim plugin, known by its `ft=help` modeline): prose, not its example blocks,
    /// tags, links, options or keys (`VimHelpMasker`).
    case vimHelp
    /// A gettext catalog (`.po`, `.pot`): its source strings, and its translations in the header's language (`GettextCatalog`).
    case gettext
    case source(SourceLanguage)

    /// The kind for an LSP `languageId`, falling back to the file name's extension, then plain text.
    ///
    /// A file whose name says nothing known is `otherText`, and so is a
    /// project's own document (`README`, `NEWS`, `ChangeLog.txt`:
    /// `isProjectDocument`), unless it has a markup of its own (`README.md`);
    /// a name with no extension (`notes`) and no path with no known
    /// `languageId` are plain text.
    public init(languageId: String?, path: String?) {
        if let languageId, let kind = Self.byLanguageId[languageId.lowercased()] {
            self = kind
            return
        }
        if let path, let kind = Self.kind(forPath: path) {
            self = kind == .plainText && Self.isProjectDocument(path) ? .otherText : kind
            return
        }
        if let path, !Self.isProseByName(path) {
            self = .otherText
            return
        }
        self = .plainText
    }

    /// The kind for a document's `languageId`, name and contents.
    ///
    /// As `init(languageId:path:)`, except that a document neither of those
    /// places, whose first line is a `#!` line, is a script in its
    /// interpreter's language (`#!/bin/sh`: shell; `#!/usr/bin/env python3`:
    /// Python; an interpreter the tables do not know: `#` comments), one
    /// that opens as a manual page (`isManualPage`) is roff, and one that
    /// ends with a Vim modeline setting `ft=help` is Vim help.
    public init(languageId: String?, path: String?, contents: [UInt8]) {
        self.init(languageId: languageId, path: path)
        guard self == .plainText || self == .otherText else { return }
        if let script = Self.script(shebang: contents) {
            self = script
        } else if Self.isManualPage(contents) {
            self = .roff
        } else if VimHelpMasker.isHelp(contents) {
            self = .vimHelp
        }
    }

    /// Whether a text opens as a roff manual page does (`jq.1.prebuilt`, `tool.1.in`): its first line that is not
    /// blank or a lone `.` is a comment (`.\"`, `'\"`) or a title (`.TH`, `.Dd`).
    static func isManualPage(_ contents: [UInt8]) -> Bool {
        for line in contents.prefix(512).split(separator: 0x0A, omittingEmptySubsequences: true).prefix(8) {
            // Trimmed by Foundation (slow for a call a file) only where an end may be white space: with ASCII other
            // than a space or a tab at both ends, `.whitespaces` (Zs and tab) trims nothing.
            let plain = { (byte: UInt8) in byte < 0x80 && byte != 0x20 && byte != 0x09 }
            let untrimmed = String(decoding: line, as: UTF8.self)
            let text = plain(line.first!) && plain(line.last!) ? untrimmed : untrimmed.trimmingCharacters(in: .whitespaces)
            if text.isEmpty || text == "." { continue }
            return [".\\\"", "'\\\"", ".TH ", ".Dd "].contains { text.hasPrefix($0) }
        }
        return false
    }

    /// The kind of a script by its `#!` line, or nil without one.
    static func script(shebang contents: [UInt8]) -> DocumentKind? {
        guard contents.count > 2, contents[0] == UInt8(ascii: "#"), contents[1] == UInt8(ascii: "!") else { return nil }
        let end = contents.prefix(256).firstIndex(of: 0x0A) ?? min(contents.count, 256)
        let words = String(decoding: contents[2..<end], as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard var program = words.first.map({ String($0.split(separator: "/").last ?? $0) }) else { return nil }
        if program == "env", let named = words.dropFirst().first(where: { !$0.hasPrefix("-") && !$0.contains("=") }) {
            program = String(named)
        }
        let kind = interpreter(named: program) ?? .source(.hash)
        // The Tcl idiom `#!/bin/sh`, `# comment \`, `exec wish "$0" "$@"`: the shell hands the file to another program.
        if kind == .source(.shell), let handed = handedOver(contents) { return handed }
        return kind
    }

    /// The kind of script a program runs, by its name without a version (`python3.12`, `ruby2.7`).
    private static func interpreter(named program: some StringProtocol) -> DocumentKind? {
        scriptInterpreters[String(program.prefix(while: { $0.isLetter || $0 == "-" || $0 == "_" }))]
    }

    /// The kind of the program a shell script's first lines `exec` with the script itself (`exec tclsh "$0"`), if not a shell.
    private static func handedOver(_ contents: [UInt8]) -> DocumentKind? {
        for line in contents.prefix(512).split(separator: 0x0A).dropFirst().prefix(4) {
            let words = String(decoding: line, as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard words.count >= 3, words[0] == "exec", words[2].contains("$0"),
                  let kind = interpreter(named: words[1].split(separator: "/").last ?? words[1]), kind != .source(.shell) else { continue }
            return kind
        }
        return nil
    }

    static let scriptInterpreters: [String: DocumentKind] = [
        "sh": .source(.shell), "bash": .source(.shell), "zsh": .source(.shell), "ksh": .source(.shell),
        "dash": .source(.shell), "ash": .source(.shell), "mksh": .source(.shell), "fish": .source(.shell),
        "python": .source(.python), "pypy": .source(.python), "node": .source(.javascript), "deno": .source(.javascript),
        "bun": .source(.javascript), "lua": .source(.lua), "luajit": .source(.lua), "php": .source(.php),
        "swift": .source(.swift), "vim": .source(.vim), "tclsh": .source(.tcl), "wish": .source(.tcl),
        "expect": .source(.tcl), "jimsh": .source(.tcl),
    ]

    /// Names of a software project's own documents (`README`, `NEWS`, `ChangeLog`), in upper case and without an extension.
    static let projectDocumentNames: Set<String> = ["README", "READ", "LICENSE", "LICENCE", "COPYING", "AUTHORS", "NEWS",
                                                    "CHANGELOG", "CHANGES", "HISTORY", "THANKS", "TODO", "INSTALL",
                                                    "CONTRIBUTING", "HACKING", "NOTICE", "CREDITS", "MAINTAINERS",
                                                    "CONTRIBUTORS", "RELEASE", "FAQ", "BUGS"]

    /// Whether a file is one of a software project's own documents by its name (`README`, `ChangeLog`, `NEWS.txt`,
    /// `CHANGES.old`, `README-hacking`): technical text, whatever its extension says short of a markup of its own.
    static func isProjectDocument(_ path: String) -> Bool {
        let stem = nameStem(path)
        return projectDocumentNames.contains(stem)
            || projectDocumentNames.contains(where: { stem.hasPrefix($0 + "-") || stem.hasPrefix($0 + "_") })
    }

    /// A file's name up to its first `.`, in upper case (`docs/ChangeLog.old`: `CHANGELOG`).
    static func nameStem(_ path: String) -> String {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return (name.firstIndex(of: ".").map { name[..<$0] } ?? name[...]).uppercased()
    }

    /// Whether a file the extension table does not know is plain prose by its name: no extension (`notes`, `letter`)
    /// and not a project's document (`isProjectDocument`).
    static func isProseByName(_ path: String) -> Bool {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return !name.contains(".") && !isProjectDocument(name)
    }

    /// Whether the whole document is prose (as opposed to code with comments and strings).
    public var isProse: Bool {
        if case .source = self { return false }
        return true
    }

    /// Whether programming words (`CodeVocabulary`) are expected: code, Markdown, commit messages, markup.
    public var isTechnical: Bool {
        switch self {
        case .plainText, .tex: return false
        default: return true
        }
    }

    static func kind(forPath path: String) -> DocumentKind? {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        switch name {
        case "COMMIT_EDITMSG", "MERGE_MSG", "TAG_EDITMSG", "SQUASH_MSG", "git-rebase-todo": return .gitCommit
        case "Makefile", "makefile", "GNUmakefile", "Dockerfile", "CMakeLists.txt", "Justfile", "justfile": return .source(.hash)
        // Ruby's build and dependency files, named for their tool rather than by an extension.
        case "Rakefile", "rakefile", "Gemfile", "Guardfile", "Vagrantfile", "Capfile", "Podfile", "Brewfile", "Berksfile",
             "Dangerfile", "Fastfile", "Appfile", "Thorfile", "Steepfile", "Puppetfile": return .source(.hash)
        case "SConstruct", "SConscript", "wscript", "BUILD", "BUILD.bazel", "WORKSPACE", "WORKSPACE.bazel": return .source(.python)
        case "Jenkinsfile": return .source(.java)
        // Lists of patterns or settings with `#` comments: only the comments are prose.
        case ".gitignore", ".gitattributes", ".gitmodules", ".dockerignore", ".npmignore", ".hgignore", ".eslintignore",
             ".prettierignore", ".ignore", ".rgignore", ".editorconfig", ".mailmap", "CODEOWNERS", ".clang-format",
             ".clang-tidy", ".flake8", ".pylintrc", ".npmrc", ".gemrc", ".Rbuildignore", ".helmignore", ".vscodeignore":
            return .source(.hash)
        case ".bashrc", ".zshrc", ".profile", ".bash_profile": return .source(.shell)
        case ".vimrc", "vimrc", "_vimrc", ".gvimrc", "gvimrc", ".exrc": return .source(.vim)
        default: break
        }
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        let suffix = name[name.index(after: dot)...]
        // A template is the file it becomes: `jemalloc.xml.in`, `config.h.in`, `settings.py.example`.
        if templateSuffixes.contains(suffix.lowercased()), let kind = kind(forPath: String(name[..<dot])) { return kind }
        if isManualSection(suffix), let last = name[..<dot].last, !last.isNumber { return .roff }
        return byExtension[suffix.lowercased()]
    }

    /// Suffixes that a file's name takes while it is a template or a copy of the file the rest of its name names.
    static let templateSuffixes: Set<String> = ["in", "tmpl", "template", "example", "sample", "dist", "orig", "default"]

    /// Whether an extension is a manual section (`1`, `3p`, `8ssl`): a digit from 1 to 9, then letters.
    ///
    /// A name whose part before it ends in a digit (`LGPL-2.1`, `GPL-3.0`) is a version,
    /// not a manual page.
    private static func isManualSection(_ suffix: Substring) -> Bool {
        guard let first = suffix.first, ("1"..."9").contains(first) else { return false }
        return suffix.dropFirst().allSatisfy { $0.isASCII && $0.isLetter }
    }

    static let byLanguageId: [String: DocumentKind] = [
        "plaintext": .plainText, "text": .plainText, "txt": .plainText,
        "restructuredtext": .reStructuredText, "rst": .reStructuredText,
        "groff": .roff, "nroff": .roff, "troff": .roff, "roff": .roff, "man": .roff, "mdoc": .roff,
        "markdown": .markdown, "md": .markdown, "mdx": .markdown, "rmd": .markdown, "quarto": .markdown,
        "gitcommit": .gitCommit, "git-commit": .gitCommit, "git_commit": .gitCommit, "hgcommit": .gitCommit,
        "html": .markup, "xml": .markup, "xhtml": .markup, "svg": .markup,
        "tex": .tex, "latex": .tex, "plaintex": .tex, "bibtex": .tex, "context": .tex, "po": .gettext,
        "c": .source(.c), "cpp": .source(.cpp), "c++": .source(.cpp), "cuda": .source(.cpp), "cuda-cpp": .source(.cpp),
        "objective-c": .source(.c), "objc": .source(.c), "objective-cpp": .source(.cpp), "objcpp": .source(.cpp),
        "java": .source(.java), "kotlin": .source(.kotlin), "csharp": .source(.csharp), "cs": .source(.csharp),
        "dart": .source(.java), "scala": .source(.java), "groovy": .source(.java), "php": .source(.php),
        "css": .source(.css), "scss": .source(.java), "less": .source(.java), "protobuf": .source(.c), "proto": .source(.c),
        "swift": .source(.swift), "rust": .source(.rust), "go": .source(.go), "zig": .source(.go),
        "python": .source(.python), "javascript": .source(.javascript), "javascriptreact": .source(.javascript),
        "typescript": .source(.javascript), "typescriptreact": .source(.javascript), "jsx": .source(.javascript),
        "tsx": .source(.javascript), "json": .source(.json), "jsonc": .source(.javascript), "json5": .source(.javascript),
        "lua": .source(.lua), "luau": .source(.lua),
        "sh": .source(.shell), "bash": .source(.shell), "zsh": .source(.shell), "shellscript": .source(.shell),
        "shell": .source(.shell), "ksh": .source(.shell), "dash": .source(.shell), "fish": .source(.shell),
        "ruby": .source(.hash), "perl": .source(.hash), "r": .source(.hash), "yaml": .source(.hash),
        "toml": .source(.hash), "make": .source(.hash), "makefile": .source(.hash), "cmake": .source(.hash),
        "dockerfile": .source(.hash), "conf": .source(.hash), "ini": .source(.hash), "nix": .source(.hash),
        "elixir": .source(.hash), "julia": .source(.hash), "powershell": .source(.hash), "gdscript": .source(.hash),
        "sql": .source(.sql), "haskell": .source(.haskell), "elm": .source(.haskell), "purescript": .source(.haskell),
        "vim": .source(.vim), "viml": .source(.vim), "vimscript": .source(.vim),
        "asm": .source(.assembly), "assembly": .source(.assembly), "nasm": .source(.assembly), "gas": .source(.assembly),
        "tcl": .source(.tcl), "expect": .source(.tcl), "help": .vimHelp, "vimhelp": .vimHelp,
    ]

    static let byExtension: [String: DocumentKind] = [
        "txt": .plainText, "text": .plainText,
        "md": .markdown, "markdown": .markdown, "mdown": .markdown, "mkd": .markdown, "mdx": .markdown,
        "rst": .reStructuredText, "rest": .reStructuredText,
        "man": .roff, "mdoc": .roff, "roff": .roff, "groff": .roff, "nroff": .roff, "troff": .roff,
        "html": .markup, "htm": .markup, "xhtml": .markup, "xml": .markup, "svg": .markup,
        "tex": .tex, "ltx": .tex, "sty": .tex, "cls": .tex, "bib": .tex, "po": .gettext, "pot": .gettext,
        "c": .source(.c), "h": .source(.c), "m": .source(.c),
        "cc": .source(.cpp), "cpp": .source(.cpp), "cxx": .source(.cpp), "hpp": .source(.cpp), "hh": .source(.cpp),
        "hxx": .source(.cpp), "mm": .source(.cpp), "cu": .source(.cpp), "ino": .source(.cpp),
        "java": .source(.java), "kt": .source(.kotlin), "kts": .source(.kotlin), "cs": .source(.csharp),
        "dart": .source(.java), "scala": .source(.java), "groovy": .source(.java), "gradle": .source(.java),
        "php": .source(.php), "css": .source(.css), "scss": .source(.java), "less": .source(.java), "proto": .source(.c),
        "swift": .source(.swift), "rs": .source(.rust), "go": .source(.go), "zig": .source(.go),
        "py": .source(.python), "pyi": .source(.python), "pyw": .source(.python),
        "js": .source(.javascript), "mjs": .source(.javascript), "cjs": .source(.javascript), "jsx": .source(.javascript),
        "ts": .source(.javascript), "mts": .source(.javascript), "cts": .source(.javascript), "tsx": .source(.javascript),
        "json": .source(.json), "jsonc": .source(.javascript), "json5": .source(.javascript),
        "lua": .source(.lua), "sh": .source(.shell), "bash": .source(.shell), "zsh": .source(.shell),
        "ksh": .source(.shell), "fish": .source(.shell),
        "rb": .source(.hash), "pl": .source(.hash), "pm": .source(.hash), "r": .source(.hash), "yaml": .source(.hash),
        "yml": .source(.hash), "toml": .source(.hash), "mk": .source(.hash), "cmake": .source(.hash), "cfg": .source(.hash),
        "conf": .source(.hash), "ini": .source(.hash), "nix": .source(.hash), "ex": .source(.hash), "exs": .source(.hash),
        "jl": .source(.hash), "ps1": .source(.hash), "am": .source(.hash), "ac": .source(.hash), "m4": .source(.hash),
        "sql": .source(.sql), "hs": .source(.haskell), "elm": .source(.haskell),
        "vim": .source(.vim), "s": .source(.assembly), "asm": .source(.assembly), "nasm": .source(.assembly),
        "tcl": .source(.tcl), "tk": .source(.tcl), "itcl": .source(.tcl), "tm": .source(.tcl), "exp": .source(.tcl),
        // Ruby by its other extensions; grammars of yacc and lex, whose actions and comments are C; awk; qmake projects
        // and ProGuard rules (`#` comments); Starlark.
        "rake": .source(.hash), "gemspec": .source(.hash), "ru": .source(.hash), "podspec": .source(.hash),
        "thor": .source(.hash), "jbuilder": .source(.hash), "rbi": .source(.hash), "rbs": .source(.hash),
        "y": .source(.c), "yy": .source(.cpp), "ypp": .source(.cpp), "l": .source(.c), "ll": .source(.cpp),
        "lex": .source(.c), "awk": .source(.hash), "pro": .source(.hash), "bzl": .source(.python), "star": .source(.python),
        // A fuzzer's dictionary (libFuzzer, AFL): `#` comments and quoted tokens.
        "dict": .source(.hash),
    ]
}
