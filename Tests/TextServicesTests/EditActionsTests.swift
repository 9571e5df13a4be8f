import Foundation
import Testing
@testable import TextServices
@testable import TextServicesProtocol
@testable import TextServicesTestSupport

/// Finds ranges and actions in `edit.actions` results.
private struct Menu {
    let actions: [JSONValue]

    init(_ result: JSONValue) { actions = result["actions"]?.arrayValue ?? [] }

    var ids: [String] { actions.compactMap { $0["id"]?.stringValue } }

    subscript(id: String) -> JSONValue? { actions.first { $0["id"]?.stringValue == id } }
}

/// The `{start, end}` of a substring's first occurrence, in UTF-16 units.
private func range(of needle: String, in text: String, encoding: PositionEncoding = .utf16) -> JSONValue {
    let found = text.range(of: needle)!
    let buffer = TextBuffer(text)
    let lower = UTF8Offset(text.utf8.distance(from: text.utf8.startIndex, to: found.lowerBound))
    let upper = UTF8Offset(text.utf8.distance(from: text.utf8.startIndex, to: found.upperBound))
    let encoded = buffer.encode(lower..<upper, as: encoding)
    return ["start": .int(encoded.start), "end": .int(encoded.end)]
}

private func caret(_ value: Int) -> JSONValue { ["start": .int(value), "end": .int(value)] }

/// Applies an action's edit to a text (UTF-16 ranges).
private func apply(_ action: JSONValue?, to text: String) -> String? {
    guard let edit = action?["edit"], let start = edit["range"]?["start"]?.intValue, let end = edit["range"]?["end"]?.intValue,
          let newText = edit["newText"]?.stringValue else { return nil }
    let units = Array(text.utf16)
    return String(decoding: Array(units[..<start]) + Array(newText.utf16) + Array(units[end...]), as: UTF16.self)
}

@Suite struct EditActionsTests {
    private let scratch = TemporaryFolder("edit-actions")

    let text = "Ths menu has a tst in it. Another sentence here.\nSecond paragraph is fine."

    fileprivate func actions(_ harness: PasteboardHarness, _ params: JSONValue) -> Menu {
        var object = params.objectValue ?? [:]
        if object["text"] == nil { object["text"] = .string(text) }
        return Menu(harness.value("edit.actions", .object(object)))
    }

    @Test func aCaretInAMisspelledWordOffersItsGuessesLearnAndSelections() {
        let harness = PasteboardHarness(dataHome: scratch.folder("paste"))
        let tst = range(of: "tst", in: text)
        let menu = actions(harness, ["selection": caret(16)])
        let guesses = harness.value("spell.guesses", ["word": "tst", "limit": 5])["guesses"]?.arrayValue ?? []
        #expect(!guesses.isEmpty)
        let replacements = menu.actions.filter { $0["kind"] == "replace" }
        #expect(replacements.count == guesses.count)
        for (index, replacement) in replacements.enumerated() {
            #expect(replacement["id"] == .string("replace.\(index)"))
            #expect(replacement["edit"] == ["range": tst, "newText": guesses[index]])
            #expect(replacement["title"]?.stringValue?.contains(guesses[index].stringValue!) == true)
        }
        #expect(menu["learn"]?["kind"] == "spelling")
        #expect(menu["learn"]?["command"] == ["method": "spell.learn", "params": ["word": "tst", "language": "en_US"]])
        #expect(menu["ignore"] == nil)
        for id in ["cut", "copy", "delete", "paste"] { #expect(menu[id] == nil, "\(id)") }
        #expect(menu["select.word"]?["selection"] == tst)
        #expect(menu["select.word"]?["kind"] == "selection")
        #expect(menu["select.sentence"]?["selection"] == range(of: "Ths menu has a tst in it.", in: text))
        #expect(menu["select.paragraph"]?["selection"] == range(of: "Ths menu has a tst in it. Another sentence here.", in: text))
        #expect(menu["select.all"]?["selection"] == ["start": 0, "end": .int(text.utf16.count)])
        #expect(menu.ids.prefix(replacements.count + 1).last == "learn")
    }

    @Test func aMisspelledWordTouchedByTheCaretOrSelectedWholeIsCorrected() {
        let harness = PasteboardHarness(dataHome: scratch.folder("paste"))
        let tst = range(of: "tst", in: text)
        let atEnd = actions(harness, ["selection": caret(18)])
        #expect(atEnd["replace.0"]?["edit"]?["range"] == tst)
        let atStart = actions(harness, ["selection": caret(0)])
        #expect(atStart["replace.0"]?["edit"]?["range"] == range(of: "Ths", in: text))
        let selected = actions(harness, ["selection": tst, "documentId": "doc-1"])
        #expect(selected["replace.0"]?["edit"]?["range"] == tst)
        #expect(selected["ignore"]?["command"] == ["method": "spell.ignore", "params": ["word": "tst", "documentId": "doc-1"]])
        #expect(selected["select.word"] == nil)
        #expect(selected["select.sentence"] != nil)
        #expect(apply(selected["replace.0"], to: text)?.hasPrefix("Ths menu has a ") == true)
    }

    @Test func correctWordsAndSelectionsOfSeveralWordsOfferNoGuesses() {
        let harness = PasteboardHarness(dataHome: scratch.folder("paste"))
        let menu = actions(harness, ["selection": caret(6)])
        #expect(!menu.ids.contains { $0.hasPrefix("replace.") || $0 == "learn" || $0 == "ignore" })
        #expect(menu["select.word"]?["selection"] == range(of: "menu", in: text))
        let several = actions(harness, ["selection": range(of: "a tst in", in: text)])
        #expect(!several.ids.contains { $0.hasPrefix("replace.") || $0 == "learn" })
        #expect(several["select.word"] == nil)
        let caretInSpace = actions(harness, ["selection": caret(20)])
        #expect(!caretInSpace.ids.contains { $0.hasPrefix("replace.") })
    }

    @Test func aNonEmptySelectionOffersCutCopyAndDeleteThatDoWhatTheySay() throws {
        let harness = PasteboardHarness(dataHome: scratch.folder("paste"))
        let selection = range(of: "Another sentence", in: text)
        let menu = actions(harness, ["selection": selection])
        #expect(menu["cut"]?["kind"] == "clipboard")
        #expect(menu["cut"]?["edit"] == ["range": selection, "newText": ""])
        #expect(menu["delete"]?["edit"] == ["range": selection, "newText": ""])
        #expect(menu["copy"]?["edit"] == nil)
        #expect(apply(menu["cut"], to: text) == "Ths menu has a tst in it.  here.\nSecond paragraph is fine.")
        #expect(menu["select.word"] == nil)
        #expect(menu["select.sentence"]?["selection"] == range(of: "Another sentence here.", in: text))
        // Carrying out copy's command puts the selection on the general pasteboard, and paste appears.
        let command = try #require(menu["copy"]?["command"])
        _ = harness.value(command["method"]!.stringValue!, command["params"]!)
        #expect(harness.value("pasteboard.read", ["name": "general", "types": ["public.utf8-plain-text"]])["items"]
            == [["public.utf8-plain-text": ["text": "Another sentence"]]])
        let pasting = actions(harness, ["selection": caret(0)])
        #expect(pasting["paste"]?["edit"] == ["range": caret(0), "newText": "Another sentence"])
        #expect(apply(pasting["paste"], to: "x") == "Another sentencex")
    }

    @Test func pasteIsOfferedOnlyWhenTheGeneralPasteboardHoldsText() {
        let harness = PasteboardHarness(dataHome: scratch.folder("paste"))
        #expect(actions(harness, ["selection": caret(3)])["paste"] == nil)
        _ = harness.write("general", [["image/png": ["base64": "iVBORw0KGgo="]]])
        #expect(actions(harness, ["selection": caret(3)])["paste"] == nil)
        _ = harness.write("other", [["public.utf8-plain-text": ["text": "elsewhere"]]])
        #expect(actions(harness, ["selection": caret(3)])["paste"] == nil)
        _ = harness.write("general", [["image/png": ["base64": "iVBORw0KGgo="]], ["text/plain": ["text": "pasted"]]])
        let selection = range(of: "menu", in: text)
        let menu = actions(harness, ["selection": selection])
        #expect(menu["paste"]?["edit"] == ["range": selection, "newText": "pasted"])
        #expect(menu["paste"]?["kind"] == "clipboard")
    }

    @Test func performingLearnOrIgnoreRemovesTheGuesses() throws {
        let harness = PasteboardHarness(dataHome: scratch.folder("paste"))
        let tst = range(of: "tst", in: text)
        let ignore = try #require(actions(harness, ["selection": tst, "documentId": "d"])["ignore"]?["command"])
        _ = harness.value(ignore["method"]!.stringValue!, ignore["params"]!)
        #expect(actions(harness, ["selection": tst, "documentId": "d"])["replace.0"] == nil)
        #expect(actions(harness, ["selection": tst, "documentId": "other"])["replace.0"] != nil)
        let ths = range(of: "Ths", in: text)
        let learn = try #require(actions(harness, ["selection": ths])["learn"]?["command"])
        _ = harness.value(learn["method"]!.stringValue!, learn["params"]!)
        let learned = actions(harness, ["selection": ths])
        #expect(learned["replace.0"] == nil)
        #expect(learned["unlearn"]?["command"] == ["method": "spell.unlearn", "params": ["word": "Ths", "language": "en_US"]])
        _ = harness.value("spell.unlearn", ["word": "Ths"])
        #expect(actions(harness, ["selection": ths])["replace.0"] != nil)
    }

    @Test func rangesFollowThePositionEncoding() {
        let harness = PasteboardHarness(dataHome: scratch.folder("paste"))
        let emojiText = "😀 wrld 😀 here"
        let utf16 = Menu(harness.value("edit.actions", ["text": .string(emojiText), "selection": caret(4)]))
        #expect(utf16["replace.0"]?["edit"]?["range"] == ["start": 3, "end": 7])
        #expect(utf16["select.all"]?["selection"] == ["start": 0, "end": .int(emojiText.utf16.count)])
        let utf8 = Menu(harness.value("edit.actions", ["text": .string(emojiText), "selection": caret(6), "positionEncoding": "utf-8"]))
        #expect(utf8["replace.0"]?["edit"]?["range"] == ["start": 5, "end": 9])
        let utf32 = Menu(harness.value("edit.actions", ["text": .string(emojiText), "selection": caret(3), "positionEncoding": "utf-32"]))
        #expect(utf32["select.word"]?["selection"] == ["start": 2, "end": 6])
    }

    @Test func paragraphsEndAtEveryKindOfLineSeparator() {
        let harness = PasteboardHarness(dataHome: scratch.folder("paste"))
        let separated = "one two\r\nthree four\u{2029}five six\rseven\n\neight"
        func paragraph(at offset: Int) -> JSONValue? {
            Menu(harness.value("edit.actions", ["text": .string(separated), "selection": caret(offset)]))["select.paragraph"]?["selection"]
        }
        #expect(paragraph(at: 1) == range(of: "one two", in: separated))
        #expect(paragraph(at: 7) == range(of: "one two", in: separated))
        #expect(paragraph(at: 9) == range(of: "three four", in: separated))
        #expect(paragraph(at: 21) == range(of: "five six", in: separated))
        #expect(paragraph(at: 30) == range(of: "seven", in: separated))
        let blank = Menu(harness.value("edit.actions", ["text": .string(separated), "selection": caret(35)]))
        #expect(blank["select.paragraph"] == nil)
        #expect(blank["select.word"] == nil)
        #expect(blank["select.all"] != nil)
        let spanning = Menu(harness.value("edit.actions", ["text": .string(separated), "selection": range(of: "two\r\nthree", in: separated)]))
        #expect(spanning["select.paragraph"]?["selection"] == range(of: "one two\r\nthree four", in: separated))
        let withTerminator = Menu(harness.value("edit.actions", ["text": .string(separated), "selection": range(of: "one two\r\n", in: separated)]))
        #expect(withTerminator["select.paragraph"]?["selection"] == range(of: "one two", in: separated))
    }

    @Test func theRangeParamBoundsTheMenu() {
        let harness = PasteboardHarness(dataHome: scratch.folder("paste"))
        let second = range(of: "Second paragraph is fine.", in: text)
        let menu = actions(harness, ["range": second, "selection": caret(52)])
        #expect(menu["select.all"]?["selection"] == second)
        #expect(menu["select.paragraph"]?["selection"] == second)
        #expect(menu["select.word"]?["selection"] == range(of: "Second", in: text))
        let error = harness.error("edit.actions", ["text": .string(text), "range": second, "selection": caret(3)])
        #expect(error?.code == -32005)
        #expect(error?.data?["field"] == "selection")
    }

    @Test func badSelectionsAndLanguagesAreClearErrors() {
        let harness = PasteboardHarness(dataHome: scratch.folder("paste"))
        #expect(harness.error("edit.actions", ["text": "abc"])?.code == -32602)
        #expect(harness.error("edit.actions", ["text": "abc", "selection": caret(4)])?.code == -32005)
        #expect(harness.error("edit.actions", ["text": "abc", "selection": ["start": 2, "end": 1]])?.code == -32005)
        #expect(harness.error("edit.actions", ["text": "😀", "selection": caret(1)])?.code == -32005)
        #expect(harness.error("edit.actions", ["text": "abc", "selection": caret(1), "language": "xx_NOPE"])?.code == -32001)
        let empty = Menu(harness.value("edit.actions", ["text": "", "selection": caret(0)]))
        #expect(empty.ids.isEmpty)
    }

    @Test func aMisspellingAtTheEndOfAHugeParagraphIsFound() {
        let harness = PasteboardHarness(dataHome: scratch.folder("paste"))
        let line = String(repeating: "word after word and ", count: 20_000) + "finally a mispeled end"
        let offset = line.utf16.count - 8
        let menu = Menu(harness.value("edit.actions", ["text": .string(line), "selection": caret(offset)]))
        #expect(menu["replace.0"]?["edit"]?["range"] == range(of: "mispeled", in: line))
        #expect(menu["select.paragraph"]?["selection"] == ["start": 0, "end": .int(line.utf16.count)])
    }
}
