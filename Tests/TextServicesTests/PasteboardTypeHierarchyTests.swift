import Foundation
import Testing
@testable import TextServices
@testable import TextServicesProtocol
@testable import TextServicesTestSupport

/// The UTI hierarchy in reads and `contains` queries, and the text items give for pasting.
@Suite struct PasteboardTypeHierarchyTests {
    private let scratch = TemporaryFolder("pasteboard")

    @Test func typesConformUpTheHierarchyAndNeverDown() {
        let conforming: [(String, String)] = [
            ("public.utf8-plain-text", "public.plain-text"), ("public.utf8-plain-text", "public.text"),
            ("public.plain-text", "public.text"), ("text/plain", "public.text"), ("public.html", "public.text"),
            ("text/html", "text/*"), ("application/json", "public.text"), ("text/csv", "public.text"),
            ("public.png", "public.image"), ("image/png", "public.image"), ("image/jpeg", "image/*"),
            ("public.jpeg", "public.image"), ("image/svg+xml", "public.image"), ("public.file-url", "public.url"),
            ("text/uri-list", "public.url"), ("IMAGE/PNG", "Public.Image"), ("image/png", "public.png"),
        ]
        for (type, ancestor) in conforming {
            #expect(PasteboardTypes.conforms(type, to: ancestor), "\(type) should conform to \(ancestor)")
        }
        let not: [(String, String)] = [
            ("public.text", "public.plain-text"), ("public.html", "public.plain-text"), ("public.image", "public.png"),
            ("public.png", "public.jpeg"), ("public.url", "public.text"), ("public.png", "public.text"),
            ("com.adobe.pdf", "public.image"), ("public.plain-text", "public.utf8-plain-text"), ("x-custom", "public.text"),
        ]
        for (type, ancestor) in not {
            #expect(!PasteboardTypes.conforms(type, to: ancestor), "\(type) should not conform to \(ancestor)")
        }
        #expect(PasteboardTypes.match(requested: "public.png", stored: "public.png") == .exact)
        #expect(PasteboardTypes.match(requested: "public.png", stored: "image/png") == .alias)
        #expect(PasteboardTypes.match(requested: "public.image", stored: "image/png") == .conforming)
        #expect(PasteboardTypes.match(requested: "public.png", stored: "public.image") == nil)
    }

    @Test func readsFindConformingDataUnderItsOwnType() {
        let harness = PasteboardHarness(dataHome: scratch.folder("paste"))
        _ = harness.write("art", [
            ["public.utf8-plain-text": ["text": "caption"], "image/png": ["base64": "iVBORw0KGgo="], "public.html": ["text": "<b>x</b>"]],
            ["public.jpeg": ["base64": "/9j/"]],
            ["com.adobe.pdf": ["base64": "JVBERi0="]],
        ])
        let images = harness.value("pasteboard.read", ["name": "art", "types": ["public.image"]])["items"]
        #expect(images == [["image/png": ["base64": "iVBORw0KGgo="]], ["public.jpeg": ["base64": "/9j/"]], [:]])
        // public.text finds the first text representation in the order written; plain text finds only plain text.
        let texts = harness.value("pasteboard.read", ["name": "art", "types": ["public.text"]])["items"]
        #expect(texts == [["public.utf8-plain-text": ["text": "caption"]], [:], [:]])
        let plain = harness.value("pasteboard.read", ["name": "art", "types": ["public.plain-text", "text/html"], "item": 0])["items"]
        #expect(plain == [["public.utf8-plain-text": ["text": "caption"], "text/html": ["text": "<b>x</b>"]]])
        // The same representation asked for twice under conforming names is given once.
        let twice = harness.value("pasteboard.read", ["name": "art", "types": ["public.image", "image/*"], "item": 1])["items"]
        #expect(twice == [["public.jpeg": ["base64": "/9j/"]]])
        // An exact name beats an alias, which beats a conforming type.
        _ = harness.write("mixed", [["public.html": ["text": "html"], "text/plain": ["text": "alias"], "public.utf8-plain-text": ["text": "exact"]]])
        #expect(harness.value("pasteboard.read", ["name": "mixed", "types": ["public.utf8-plain-text"]])["items"]
            == [["public.utf8-plain-text": ["text": "exact"]]])
        #expect(harness.value("pasteboard.read", ["name": "mixed", "types": ["public.plain-text"]])["items"]
            == [["text/plain": ["text": "alias"]]])
    }

    @Test func plainTextOfUnstatedEncodingAnswersForUTF8WhenItIsUTF8() {
        let item = PasteboardItem([.init(type: "public.plain-text", value: .text("héllo"))])
        #expect(item.value(for: "public.utf8-plain-text") == .text("héllo"))
        let latin1 = PasteboardItem([.init(type: "public.plain-text", value: .bytes([0x68, 0xE9]))])
        #expect(latin1.value(for: "public.utf8-plain-text") == nil)
        #expect(latin1.value(for: "public.plain-text") == .bytes([0x68, 0xE9]))
        #expect(latin1.plainText == nil)
    }

    @Test func infoContainsAnswersWhichItemsHoldATypeWithTheHierarchyApplied() {
        let harness = PasteboardHarness(dataHome: scratch.folder("paste"))
        _ = harness.write("board", [
            ["public.utf8-plain-text": ["text": "a"]],
            ["image/png": ["base64": "iVBORw0KGgo="]],
            ["text/uri-list": ["text": "https://example.org/"]],
            ["public.html": ["text": "<i>b</i>"]],
        ])
        func containing(_ types: JSONValue) -> JSONValue? {
            harness.value("pasteboard.info", ["name": "board", "contains": types])["containing"]
        }
        #expect(containing(["public.image"]) == [1])
        #expect(containing(["public.text"]) == [0, 3])
        #expect(containing(["public.plain-text"]) == [0])
        #expect(containing(["public.url", "public.png"]) == [1, 2])
        #expect(containing(["public.jpeg"]) == [])
        #expect(containing([]) == [])
        #expect(harness.value("pasteboard.info", ["name": "board"])["containing"] == nil)
        let error = harness.error("pasteboard.info", ["name": "board", "contains": [""]])
        #expect(error?.data?["field"] == "contains[0]")
    }

    @Test func htmlBecomesTheTextABrowserWouldShow() {
        let cases: [(String, String)] = [
            ("<p>Hello <b>world</b></p>", "Hello world"),
            ("<meta http-equiv=\"content-type\" content=\"text/html; charset=utf-8\"><div>one</div><div>two</div>", "one\ntwo"),
            ("a<br>b<br/><br>c", "a\nb\n\nc"),
            ("  lots   of\n\n  space  ", "lots of space"),
            ("<ul><li>first</li><li>second</li></ul>", "first\nsecond"),
            ("<table><tr><td>1</td><td>2</td></tr><tr><td>3</td><td>4</td></tr></table>", "1\t2\n3\t4"),
            ("<style>p { color: red }</style><script>if (a < b) alert(1)</script><p>shown</p>", "shown"),
            ("<!-- a comment <p>hidden</p> -->visible", "visible"),
            ("Fish &amp; chips &lt;3 &#233;t&#xE9; &euro;5&nbsp;only &unknown; &", "Fish & chips <3 été €5 only &unknown; &"),
            ("<pre>  keep\n    this</pre>", "  keep\n    this"),
            ("<a href=\"x>y\">link</a> text", "link text"),
            ("1 < 2 and 3 > 2", "1 < 2 and 3 > 2"),
            ("<!DOCTYPE html><html><head><title>T</title></head><body>Body</body></html>", "Body"),
            ("<h1>Title</h1>Text", "Title\nText"),
            ("", ""),
        ]
        for (html, text) in cases {
            #expect(HTMLText.plainText(of: html) == text, "\(html.debugDescription)")
        }
    }

    @Test func pasteTextPrefersPlainTextThenURLsThenHTML() {
        let text = PasteboardItem([.init(type: "public.html", value: .text("<b>h</b>")),
                                   .init(type: "text/plain;charset=utf-8", value: .text("plain"))])
        #expect(text.pasteText == "plain")
        let url = PasteboardItem([.init(type: "public.html", value: .text("<a href=x>h</a>")),
                                  .init(type: "public.url", value: .text("https://x.example/"))])
        #expect(url.pasteText == "https://x.example/")
        let html = PasteboardItem([.init(type: "text/html", value: .text("<p>only &amp; html</p>"))])
        #expect(html.pasteText == "only & html")
        let image = PasteboardItem([.init(type: "public.png", value: .bytes([0x89, 0x50]))])
        #expect(image.pasteText == nil)
        let emptyList = PasteboardItem([.init(type: "text/uri-list", value: .text("# nothing but a comment\n"))])
        #expect(emptyList.pasteText == nil)
    }
}
