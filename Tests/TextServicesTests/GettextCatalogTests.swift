import Foundation
import Testing
@testable import TextServices

/// Gettext catalogs: source strings in the program's language, translations in the header's.
@Suite struct GettextCatalogTests {
    static let catalog = """
        # Translator comment, not checked.
        msgid ""
        msgstr ""
        "Project-Id-Version: demo\\n"
        "Language: de\\n"
        "Content-Type: text/plain; charset=UTF-8\\n"

        #. Extracted for translators
        #: src/main.c:12
        #, c-format
        msgctxt "menu"
        msgid "Open the file\\n"
        "and read it"
        msgstr "Datei öffnen\\n"
        "und lesen"

        msgid "one file"
        msgid_plural "%d files"
        msgstr[0] "eine Datei"
        msgstr[1] "%d Dateien"

        #| msgid "Old text"
        #~ msgid "Gone"
        #~ msgstr "Weg"

        """

    func texts(_ ranges: [Range<Int>]) -> [String] {
        let bytes = Array(Self.catalog.utf8)
        return ranges.map { String(decoding: bytes[$0], as: UTF8.self) }
    }

    @Test func sourceStringsAndExtractedCommentsAreTheProgramsLanguage() {
        let catalog = GettextCatalog(Array(Self.catalog.utf8))
        #expect(texts(catalog.source) == [" Extracted for translators", "Open the file", "and read it", "one file", "%d files"])
    }

    @Test func translationsLeaveOutTheHeaderAndEscapes() {
        let catalog = GettextCatalog(Array(Self.catalog.utf8))
        #expect(texts(catalog.translations) == ["Datei öffnen", "und lesen", "eine Datei", "%d Dateien"])
        #expect(catalog.language == "de")
    }

    @Test func longStringsAreCutAtEveryEscapeAndQuoteWhereverTheyFallInTheEightByteSteps() {
        // The reader looks for quotes and backslashes eight bytes at a time: escapes at every offset, text outside
        // ASCII, and a line without its closing quote.
        for offset in 0..<17 {
            let head = String(repeating: "x", count: offset), tail = String(repeating: "ü", count: offset % 5)
            let text = "msgid \"\(head)\\n\(tail)y\\\"z\" \"second\"\nmsgstr \"\(tail)\(head)\\t\(head)\"\nmsgstr[1] \"open\(head)\n"
            let catalog = GettextCatalog(Array(text.utf8))
            let bytes = Array(text.utf8)
            func texts(_ ranges: [Range<Int>]) -> [String] { ranges.map { String(decoding: bytes[$0], as: UTF8.self) } }
            #expect(texts(catalog.source) == [head, tail + "y", "z", "second"].filter { !$0.isEmpty }, "\(offset)")
            #expect(texts(catalog.translations) == [tail + head, head, "open" + head].filter { !$0.isEmpty }, "\(offset)")
        }
    }

    @Test func aCatalogWithoutLanguageOrHeaderHasNone() {
        #expect(GettextCatalog(Array("msgid \"a\"\nmsgstr \"b\"\n".utf8)).language == nil)
        #expect(GettextCatalog(Array("msgid \"\"\nmsgstr \"\"\n\"Language: \\n\"\n".utf8)).language == nil)
        let bare = GettextCatalog(Array("msgid \"a\"\nmsgstr \"b\"\n".utf8))
        #expect(bare.translations.count == 1)
    }

    @Test func theMaskShowsOnlyStringsAndExtractedComments() {
        let masked = String(decoding: CheckableText.mask(Array(Self.catalog.utf8), kind: .gettext).masked(), as: UTF8.self)
        #expect(masked.contains("Open the file"))
        #expect(masked.contains("Datei öffnen"))
        #expect(!masked.contains("msgid"))
        #expect(!masked.contains("menu"))
        #expect(!masked.contains("Translator"))
        #expect(!masked.contains("Project"))
        #expect(!masked.contains("Old text"))
        #expect(!masked.contains("Weg"))
    }

    @Test func theHeadersLanguageFindsATagAskedFor() {
        let installed = ["de_AT", "de_DE", "en_US", "pt_BR", "pt_PT"]
        #expect(GettextCatalog.tag(forLanguage: "de", among: installed) == "de_DE")
        #expect(GettextCatalog.tag(forLanguage: "pt_PT", among: installed) == "pt_PT")
        #expect(GettextCatalog.tag(forLanguage: "pt", among: installed) == "pt_PT")
        #expect(GettextCatalog.tag(forLanguage: "es", among: ["es_AR", "es_MX"]) == "es_AR")
        #expect(GettextCatalog.tag(forLanguage: "de_DE.UTF-8", among: installed) == "de_DE")
        #expect(GettextCatalog.tag(forLanguage: "ko", among: installed) == nil)
        #expect(GettextCatalog.tag(forLanguage: "fr_CA", among: installed) == nil)
    }

    @Test func gettextFilesAreCatalogs() {
        #expect(DocumentKind(languageId: nil, path: "po/de.po") == .gettext)
        #expect(DocumentKind(languageId: nil, path: "po/git.pot") == .gettext)
        #expect(DocumentKind(languageId: "po", path: nil) == .gettext)
    }
}
