import Foundation
import Testing
@testable import TextServices
@testable import TextServicesProtocol
@testable import TextServicesTestSupport

/// `edit.actions`' context (`editable`, `secure`, `pasteboard`) and the client's own items.
@Suite struct EditMenuContextTests {
    private let scratch = TemporaryFolder("edit-menu")

    let text = "Ths menu has a tst in it. Another sentence here."

    /// The actions' ids and each action by id.
    struct Menu {
        let actions: [JSONValue]
        init(_ result: JSONValue) { actions = result["actions"]?.arrayValue ?? [] }
        var ids: [String] { actions.compactMap { $0["id"]?.stringValue } }
        subscript(id: String) -> JSONValue? { actions.first { $0["id"]?.stringValue == id } }
    }

    func menu(_ harness: PasteboardHarness, _ params: JSONObject, sourceLocation: SourceLocation = #_sourceLocation) -> Menu {
        var params = params
        if params["text"] == nil { params["text"] = .string(text) }
        return Menu(harness.value("edit.actions", .object(params), sourceLocation: sourceLocation))
    }

    func range(_ start: Int, _ end: Int) -> JSONValue { ["start": .int(start), "end": .int(end)] }

    // MARK: Context

    @Test func readOnlyTextOffersOnlyCopyAndSelections() {
        let harness = PasteboardHarness(dataHome: scratch.folder("paste"))
        _ = harness.write("general", [["public.utf8-plain-text": ["text": "pasted"]]])
        // "tst" (15..<18) is misspelled: an editable field would offer guesses, learn, cut, paste and delete.
        let editable = menu(harness, ["selection": range(15, 18)])
        #expect(Set(["replace.0", "learn", "cut", "copy", "paste", "delete"]).isSubset(of: editable.ids))
        let readOnly = menu(harness, ["selection": range(15, 18), "editable": false])
        #expect(readOnly.ids == ["copy", "select.sentence", "select.paragraph", "select.all"])
        #expect(readOnly["copy"]?["command"]?["params"]?["items"] == [["public.utf8-plain-text": ["text": "tst"]]])
        // A caret in read-only text: selections only.
        let caret = menu(harness, ["selection": range(5, 5), "editable": false])
        #expect(caret.ids.allSatisfy { $0.hasPrefix("select.") })
        #expect(caret["select.word"]?["selection"] == range(4, 8))
    }

    @Test func secureTextOffersNeitherCopyNorCutAndRevealsNoWords() {
        let harness = PasteboardHarness(dataHome: scratch.folder("paste"))
        _ = harness.write("general", [["public.utf8-plain-text": ["text": "s3cret"]]])
        let password = "hunter2 tst words"
        let selected = menu(harness, ["text": .string(password), "selection": range(8, 11), "secure": true])
        // No copy or cut, no spelling (learning would write the password to disk), no word or sentence boundaries.
        #expect(selected.ids == ["paste", "delete", "select.all"])
        #expect(selected["paste"]?["edit"] == ["range": range(8, 11), "newText": "s3cret"])
        let caret = menu(harness, ["text": .string(password), "selection": range(3, 3), "secure": true])
        #expect(caret.ids == ["paste", "select.all"])
        // A secure field that cannot be edited offers only Select All.
        let frozen = menu(harness, ["text": .string(password), "selection": range(3, 3), "secure": true, "editable": false])
        #expect(frozen.ids == ["select.all"])
    }

    @Test func pasteReadsTheNamedPasteboardAndCopyWritesIt() throws {
        let harness = PasteboardHarness(dataHome: scratch.folder("paste"))
        _ = harness.write("general", [["public.utf8-plain-text": ["text": "from general"]]])
        _ = harness.write("notes", [["public.utf8-plain-text": ["text": "from notes"]]])
        let named = menu(harness, ["selection": range(26, 33), "pasteboard": "notes"])
        #expect(named["paste"]?["edit"]?["newText"] == "from notes")
        let copy = try #require(named["copy"]?["command"])
        #expect(copy["params"]?["name"] == "notes")
        #expect(named["cut"]?["command"]?["params"]?["name"] == "notes")
        // Carrying out the copy writes the named board, not general.
        _ = harness.value(copy["method"]!.stringValue!, copy["params"]!)
        #expect(harness.value("pasteboard.read", ["name": "notes"])["items"] == [["public.utf8-plain-text": ["text": "Another"]]])
        #expect(menu(harness, ["selection": range(0, 0)])["paste"]?["edit"]?["newText"] == "from general")
        // A board that does not exist has nothing to paste; a bad name is an error naming the field.
        #expect(menu(harness, ["selection": range(0, 0), "pasteboard": "nowhere"])["paste"] == nil)
        let error = harness.error("edit.actions", ["text": "x", "selection": range(0, 0), "pasteboard": ""])
        #expect(error?.code == -32602)
        #expect(error?.data?["field"] == "pasteboard")
    }

    @Test func pasteIsOfferedForURLOnlyAndHTMLOnlyBoards() {
        let harness = PasteboardHarness(dataHome: scratch.folder("paste"))
        _ = harness.write("links", [["public.url": ["text": "https://example.org/a"]]])
        #expect(menu(harness, ["selection": range(0, 0), "pasteboard": "links"])["paste"]?["edit"]?["newText"] == "https://example.org/a")
        _ = harness.write("links", [["text/uri-list": ["text": "# two links\r\nhttps://example.org/a\r\nhttps://example.org/b\r\n"]]])
        #expect(menu(harness, ["selection": range(0, 0), "pasteboard": "links"])["paste"]?["edit"]?["newText"]
            == "https://example.org/a\nhttps://example.org/b")
        _ = harness.write("links", [["text/x-moz-url": ["text": "https://example.org/c\nThe page's title"]]])
        #expect(menu(harness, ["selection": range(0, 0), "pasteboard": "links"])["paste"]?["edit"]?["newText"] == "https://example.org/c")
        _ = harness.write("web", [["text/html": ["text": "<meta charset=utf-8><p>Fish &amp; <i>chips</i><br>to go</p><script>x()</script>"]]])
        #expect(menu(harness, ["selection": range(0, 0), "pasteboard": "web"])["paste"]?["edit"]?["newText"] == "Fish & chips\nto go")
        // Plain text wins over the HTML of the same item.
        _ = harness.write("web", [["public.html": ["text": "<b>bold</b>"], "public.utf8-plain-text": ["text": "plain"]]])
        #expect(menu(harness, ["selection": range(0, 0), "pasteboard": "web"])["paste"]?["edit"]?["newText"] == "plain")
        // Only an image: nothing to paste into text.
        _ = harness.write("web", [["public.png": ["base64": "iVBORw0KGgo="]]])
        #expect(menu(harness, ["selection": range(0, 0), "pasteboard": "web"])["paste"] == nil)
    }

    @Test func pastingSeveralItemsJoinsTheirTextsWithNewlines() {
        let harness = PasteboardHarness(dataHome: scratch.folder("paste"))
        _ = harness.write("general", [
            ["public.utf8-plain-text": ["text": "first"]],
            ["public.png": ["base64": "iVBORw0KGgo="]],
            ["public.url": ["text": "https://example.org/"]],
            ["public.html": ["text": "<p>third &lt;3</p>"]],
        ])
        let paste = menu(harness, ["selection": range(4, 8)])["paste"]
        #expect(paste?["edit"] == ["range": range(4, 8), "newText": "first\nhttps://example.org/\nthird <3"])
    }

    // MARK: The client's own items

    private let items: JSONValue = [
        ["id": "always", "title": "Always", "when": "always"],
        ["id": "selection", "title": "On a selection", "when": "selection"],
        ["id": "word", "title": "Look Up", "when": "word"],
        ["id": "misspelled", "title": "Add to Glossary", "when": "misspelled"],
        ["id": "editable", "title": "Transform", "when": "editable"],
    ]

    private func custom(_ menu: Menu) -> [String: JSONValue] {
        var found: [String: JSONValue] = [:]
        for action in menu.actions where action["kind"] == "custom" { found[action["id"]!.stringValue!] = action["range"] }
        return found
    }

    @Test func eachConditionAppliesWhereItShouldWithItsRange() {
        let harness = PasteboardHarness(dataHome: scratch.folder("paste"))
        // A caret inside a correct word ("menu", 4..<8).
        let inWord = menu(harness, ["selection": range(5, 5), "items": items])
        #expect(custom(inWord) == ["always": range(5, 5), "word": range(4, 8), "editable": range(5, 5)])
        // A caret inside a misspelled word ("tst", 15..<18): the word and the misspelling are the whole word.
        let inMisspelling = menu(harness, ["selection": range(16, 16), "items": items])
        #expect(custom(inMisspelling) == ["always": range(16, 16), "word": range(15, 18), "misspelled": range(15, 18),
                                          "editable": range(16, 16)])
        // A selection inside one word.
        let partOfWord = menu(harness, ["selection": range(5, 7), "items": items])
        #expect(custom(partOfWord) == ["always": range(5, 7), "selection": range(5, 7), "word": range(4, 8), "editable": range(5, 7)])
        // A selection over several words: no one word.
        let phrase = menu(harness, ["selection": range(4, 12), "items": items])
        #expect(custom(phrase) == ["always": range(4, 12), "selection": range(4, 12), "editable": range(4, 12)])
        // A caret in white space between words... after "has" (9..<12) counts as that word, as Select Word does.
        let afterWord = menu(harness, ["selection": range(12, 12), "items": items])
        #expect(custom(afterWord)["word"] == range(9, 12))
        // Read-only text: `editable` does not apply; the others still do.
        let readOnly = menu(harness, ["selection": range(16, 16), "items": items, "editable": false])
        #expect(custom(readOnly) == ["always": range(16, 16), "word": range(15, 18), "misspelled": range(15, 18)])
        // Secure text reveals no words and checks no spelling.
        let secure = menu(harness, ["selection": range(16, 16), "items": items, "secure": true])
        #expect(custom(secure) == ["always": range(16, 16), "editable": range(16, 16)])
    }

    @Test func itemsComeAfterTheSpellingActionsInTheClientsOrder() {
        let harness = PasteboardHarness(dataHome: scratch.folder("paste"))
        let reversed: JSONValue = .array((items.arrayValue ?? []).reversed())
        let ids = menu(harness, ["selection": range(15, 18), "items": reversed]).ids
        let customIds = ["editable", "misspelled", "word", "selection", "always"]
        let learn = ids.firstIndex(of: "learn")!
        let cut = ids.firstIndex(of: "cut")!
        #expect(Array(ids[(learn + 1)..<cut]) == customIds)
        #expect(ids.prefix(learn).allSatisfy { $0.hasPrefix("replace.") })
        let action = menu(harness, ["selection": range(15, 18), "items": items])["word"]
        #expect(action == ["id": "word", "title": "Look Up", "kind": "custom", "range": range(15, 18)])
    }

    @Test func itemRangesFollowThePositionEncoding() {
        let harness = PasteboardHarness(dataHome: scratch.folder("paste"))
        let emoji = "😀 wrld"
        let utf16 = menu(harness, ["text": .string(emoji), "selection": range(4, 4), "items": items])
        #expect(custom(utf16)["misspelled"] == range(3, 7))
        let utf8 = menu(harness, ["text": .string(emoji), "selection": range(6, 6), "items": items, "positionEncoding": "utf-8"])
        #expect(custom(utf8)["misspelled"] == range(5, 9))
    }

    @Test func badItemsAreRefusedNamingTheField() {
        let harness = PasteboardHarness(dataHome: scratch.folder("paste"))
        let cases: [(JSONValue, String)] = [
            ([["id": "x", "title": "X", "when": "hover"]], "items[0].when"),
            ([["id": "x", "title": "X"]], "items[0].when"),
            ([["id": "x", "title": "X", "when": "word", "icon": "book"]], "items[0].icon"),
            ([["id": "", "title": "X", "when": "word"]], "items[0].id"),
            ([["id": "x", "title": "", "when": "word"]], "items[0].title"),
            ([["id": "x", "title": "X", "when": "word"], ["id": "x", "title": "Y", "when": "always"]], "items[1].id"),
            ([["id": "copy", "title": "My Copy", "when": "always"]], "items[0].id"),
            ([["id": "select.line", "title": "Line", "when": "always"]], "items[0].id"),
            ([["id": "replace.9", "title": "Nine", "when": "always"]], "items[0].id"),
            ([["id": .string(String(repeating: "i", count: 129)), "title": "Long", "when": "always"]], "items[0].id"),
            ([["id": "x", "title": .string(String(repeating: "t", count: 257)), "when": "always"]], "items[0].title"),
            ([["id": "a\u{7}", "title": "Bell", "when": "always"]], "items[0].id"),
            ([["id": 3, "title": "X", "when": "always"]], "items[0].id"),
            (.array((0...100).map { ["id": .string("i\($0)"), "title": "T", "when": "always"] }), "items"),
            ("word", "items"),
        ]
        for (items, field) in cases {
            let error = harness.error("edit.actions", ["text": "a word", "selection": range(1, 1), "items": items])
            #expect(error?.code == -32602, "\(items.serialized.prefix(80))")
            #expect(error?.data?["field"] == .string(field), "\(items.serialized.prefix(80)): \(error?.message ?? "")")
        }
        // A hundred items are fine, and so is an id that merely starts like a built-in one.
        let hundred = JSONValue.array((0..<100).map { ["id": .string("i\($0)"), "title": "T", "when": "always"] })
        #expect(custom(menu(harness, ["selection": range(1, 1), "items": hundred])).count == 100)
        #expect(custom(menu(harness, ["selection": range(1, 1), "items": [["id": "copy-link", "title": "Copy Link", "when": "always"]]]))
            == ["copy-link": range(1, 1)])
    }
}
