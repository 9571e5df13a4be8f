import Foundation
import Testing
@testable import TextServices
@testable import TextServicesTestSupport

private func read(_ format: WordListFormat, _ text: String, path: String = "list") throws -> WordListFormat.Contents {
    try format.read(Array(text.utf8), path: path)
}

/// The error reading `bytes` throws, or nil when it reads.
private func failure(_ format: WordListFormat, _ bytes: [UInt8], path: String = "list") -> WordListFormat.ReadError? {
    do {
        _ = try format.read(bytes, path: path)
        return nil
    } catch {
        return error
    }
}

@Suite struct WordListFormatTests {
    @Test func formatsAreDetectedByNameThenByContent() {
        func detect(_ path: String, _ text: String = "") -> WordListFormat {
            WordListFormat.detect(path: path, bytes: Array(text.utf8))
        }
        #expect(detect("/home/me/.hunspell_en_US") == .hunspell)
        #expect(detect("/home/me/.aspell.en.pws") == .aspell)
        #expect(detect("cspell.json") == .cspell)
        #expect(detect(".cspell.json") == .cspell)
        #expect(detect("cspell.jsonc") == .cspell)
        #expect(detect("codebook.toml") == .codebook)
        #expect(detect(".codebook.toml") == .codebook)
        #expect(detect("words.txt", "alpha\nbeta\n") == .plain)
        #expect(detect("my-words", "personal_ws-1.1 en 2 utf-8\nalpha\n") == .aspell)
        #expect(detect("exported", "// cspell settings\n{\"words\": []}") == .cspell)
        #expect(detect("exported", "# codebook\ndictionaries = [\"en_us\"]\nwords = [\"a\"]\n") == .codebook)
    }

    @Test func plainListsSkipCommentsAndBlankLinesAndKeepOrder() throws {
        let contents = try read(.plain, "\u{FEFF}# words\r\nzeta\r\n\r\n  alpha \r\nzeta\r\nNew York\n")
        #expect(contents.words == ["zeta", "alpha"])
        #expect(contents.notes.map(\.line) == [6])
        #expect(contents.notes.first?.message.contains("single word") == true)
    }

    @Test func hunspellKeepsTheWordOfWordSlashFlagsAndLeavesOutForbiddenWords() throws {
        let contents = try read(.hunspell, "Kubernetes\nfoo/bar\n*badword\nTCP\\/IP/X\nmorph\tpo:noun\n", path: "/home/me/.hunspell_de_DE")
        #expect(contents.words == ["Kubernetes", "foo", "TCP/IP", "morph"])
        #expect(contents.language == "de_DE")
        #expect(contents.notes.count == 1)
        #expect(contents.notes.first?.line == 3)
        #expect(contents.notes.first?.message.contains("forbidden") == true)
        let counted = try read(.hunspell, "2\nalpha\nbeta\n")
        #expect(counted.words == ["alpha", "beta"])
    }

    @Test func aspellReadsItsHeaderLanguageAndEncoding() throws {
        let utf8 = try read(.aspell, "personal_ws-1.1 en 3 utf-8\nnaïve\nKubernetes\n\n")
        #expect(utf8.words == ["naïve", "Kubernetes"])
        #expect(utf8.language == "en")
        let latin1 = try WordListFormat.aspell.read(Array("personal_ws-1.1 de 1 iso-8859-1\nStra".utf8) + [0xDF, 0x65, 0x0A], path: "p.pws")
        #expect(latin1.words == ["Straße"])
        #expect(failure(.aspell, Array("alpha\nbeta\n".utf8))?.line == 1)
        #expect(failure(.aspell, Array("personal_repl-1.1 en 0\n".utf8))?.reason.contains("replacement") == true)
        #expect(failure(.aspell, Array("personal_ws-1.1 ru 1 koi8-r\n".utf8))?.reason.contains("koi8-r") == true)
    }

    @Test func cspellReadsWordsAndIgnoreWordsWithCommentsAndTrailingCommas() throws {
        let text = """
        // cSpell Settings
        {
            "version": "0.2", /* the format */
            "language": "en",
            // words - list of words to be always considered correct
            "words": [
                "Kubernetes",
                "kubectl", // the CLI
                "\\u00e9t\\u00e9",
            ],
            "ignoreWords": ["sanscap", "Kubernetes"],
            "flagWords": ["hte"],
            "dictionaryDefinitions": [{"name": "project", "path": "./project-words.txt"}],
            "overrides": [{"filename": "*.md", "words": ["mdonly"]}],
        }
        """
        let contents = try read(.cspell, text, path: "cspell.json")
        #expect(contents.words == ["Kubernetes", "kubectl", "été", "sanscap"])
        let notes = contents.notes.map(\.message).joined(separator: "\n")
        #expect(notes.contains("flagWords"))
        #expect(notes.contains("./project-words.txt"))
        #expect(notes.contains("overrides"))
    }

    @Test func badCSpellFilesAreRefusedNamingTheLine() {
        let missingComma = "{\n  \"words\": [\n    \"a\"\n    \"b\"\n  ]\n}"
        let error = failure(.cspell, Array(missingComma.utf8), path: "cspell.json")
        #expect(error?.line == 4)
        #expect(error?.description.hasPrefix("cspell.json:4: ") == true, "\(String(describing: error))")
        #expect(failure(.cspell, Array("{\"words\": [1]}".utf8))?.reason == "words[0] must be a string")
        #expect(failure(.cspell, Array("{\"words\": \"a\"}".utf8))?.reason.contains("array") == true)
        #expect(failure(.cspell, Array("[\"a\"]".utf8))?.reason.contains("object") == true)
        #expect(failure(.cspell, Array("{\n/* never closed\n".utf8))?.line == 2)
        #expect(failure(.cspell, Array("{\"words\": [\"a\"]} extra".utf8)) != nil)
        #expect(failure(.cspell, Array(repeating: UInt8(ascii: "["), count: 10_000)) != nil)
    }

    @Test func codebookReadsTheTopLevelWordsArrayOverSeveralLines() throws {
        let text = """
        # Codebook configuration
        dictionaries = ["en_us", "en_gb"]
        words = [
            "codebook", # the tool
            'rustc',
            "tree\\u002Dsitter",
            \"\"\"multi\"\"\",
        ]
        flag_words = ["todo", "fixme"]
        ignore_patterns = [
            "\\\\b[ATCG]+\\\\b",
        ]
        min_word_length = 3
        when = 1979-05-27 07:32:00Z
        inline = { a = 1, b = "x" }
        use_global = true

        [table]
        words = ["not", "top", "level"]
        """
        let contents = try read(.codebook, text, path: "codebook.toml")
        #expect(contents.words == ["codebook", "rustc", "tree-sitter", "multi"])
        #expect(contents.notes.map(\.message).contains { $0.contains("flag_words") })
    }

    @Test func badCodebookFilesAreRefusedNamingTheLine() {
        #expect(failure(.codebook, Array("words = [\n  \"a\",\n  \"b\n]\n".utf8))?.line == 3)
        #expect(failure(.codebook, Array("words = [\"a\", 1]\n".utf8))?.reason == "words[1] must be a string")
        #expect(failure(.codebook, Array("words = \"a\"\n".utf8))?.reason.contains("array") == true)
        #expect(failure(.codebook, Array("words = [\"a\"]\nwords = [\"b\"]\n".utf8))?.line == 2)
        #expect(failure(.codebook, Array("dictionaries [\"en_us\"]\n".utf8))?.line == 1)
        #expect(failure(.codebook, Array("words = [\"a\",\n".utf8)) != nil)
        #expect(failure(.codebook, Array("words = [\"a\\q\"]\n".utf8))?.reason.contains("escape") == true)
    }

    @Test func badUTF8IsRefusedInEveryFormatNamingTheLine() {
        let bytes: [UInt8] = Array("first\nsecond\n".utf8) + [0x74, 0xE9, 0x0A]
        for format in [WordListFormat.plain, .hunspell, .cspell, .codebook] {
            let error = failure(format, bytes, path: "f")
            #expect(error?.line == 3, "\(format)")
            #expect(error?.reason.contains("not UTF-8") == true, "\(format)")
        }
        #expect(failure(.aspell, Array("personal_ws-1.1 en 1 utf-8\n".utf8) + [0xE9, 0x0A])?.line == 2)
    }
}
