import Foundation
import Testing
@testable import TextServices

/// The pasteboard file format: what earlier versions wrote still loads, and files are written as before.
@Suite struct PasteboardFileTests {
    /// A file as textsvcd wrote it with Foundation's `JSONEncoder` (sorted keys, slashes unescaped), before the shared JSON stack.
    static let foundationWritten = #"""
    {"changeCount":7,"expirationDate":4102444800.25,"format":"textsvcd-pasteboard","items":[[{"text":"héllo \"world\"/\n\u0001","type":"public.utf8-plain-text"},{"text":"<b>héllo</b>","type":"public.html"}],[{"base64":"iVBORw0KGgo=","type":"public.png"}]],"localOnly":true,"name":"general","version":2}
    """# + "\n"

    static let items = [
        PasteboardItem([.init(type: "public.utf8-plain-text", value: .text("héllo \"world\"/\n\u{1}")),
                        .init(type: "public.html", value: .text("<b>héllo</b>"))]),
        PasteboardItem([.init(type: "public.png", value: .bytes([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))]),
    ]

    static let options = PasteboardWriteOptions(expirationDate: Date(timeIntervalSince1970: 4102444800.25), localOnly: true)

    @Test func aFileFoundationsCoderWroteStillLoads() throws {
        let saved = try PasteboardStore.decodeFile(Array(Self.foundationWritten.utf8))
        #expect(saved.name == "general")
        #expect(saved.changeCount == 7)
        #expect(saved.items == Self.items)
        #expect(saved.options == Self.options)
    }

    @Test func filesAreWrittenByteForByteAsFoundationsCoderWroteThem() {
        let bytes = PasteboardStore.encodeFile(name: "general", changeCount: 7, items: Self.items, options: Self.options)
        #expect(String(decoding: bytes, as: UTF8.self) == Self.foundationWritten)
    }

    @Test func versionOneFilesLoadTheirRepresentationsInFileOrder() throws {
        let file = #"{"format":"textsvcd-pasteboard","version":1,"name":"general","changeCount":2,"items":[{"public.html":{"text":"<b>x</b>"},"public.utf8-plain-text":{"text":"x"},"public.png":{"base64":"iVBORw0KGgo="}}]}"#
        let saved = try PasteboardStore.decodeFile(Array(file.utf8))
        #expect(saved.changeCount == 2)
        #expect(saved.items.first?.representations.map(\.type) == ["public.html", "public.utf8-plain-text", "public.png"])
    }

    @Test func aFieldOfTheWrongTypeIsNamedInTheProblem() {
        let file = #"{"format":"textsvcd-pasteboard","version":2,"name":"general","changeCount":"2","items":[]}"#
        let wrongType = #expect(throws: PasteboardStore.FileProblem.self) { try PasteboardStore.decodeFile(Array(file.utf8)) }
        #expect(wrongType?.description == "'changeCount' must be an integer, not string")
        let representation = #"{"format":"textsvcd-pasteboard","version":2,"name":"general","changeCount":2,"items":[[{"text":"x"}]]}"#
        let missing = #expect(throws: PasteboardStore.FileProblem.self) { try PasteboardStore.decodeFile(Array(representation.utf8)) }
        #expect(missing?.description == "'items[0][0].type' is required")
    }

    @Test func optionalFieldsMayBeNull() throws {
        let file = #"{"format":"textsvcd-pasteboard","version":2,"name":"general","changeCount":1,"items":[],"expirationDate":null,"localOnly":null}"#
        let saved = try PasteboardStore.decodeFile(Array(file.utf8))
        #expect(saved.options == PasteboardWriteOptions())
    }
}
