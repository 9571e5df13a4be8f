import Foundation
import Testing
@testable import TextServices
@testable import TextServicesProtocol
@testable import TextServicesTestSupport

/// Records the notifications a session receives.
final class NotificationRecorder: Sendable {
    private let received = Locked<[JSONValue]>([])
    let session: ConnectionState

    init() {
        let received = self.received
        session = ConnectionState(notify: { message in received.withLock { $0.append(message) } })
    }

    var messages: [JSONValue] { received.withLock { $0 } }
    var changes: [JSONValue] { messages.filter { $0["method"] == "pasteboard.changed" }.compactMap { $0["params"] } }
}

private let pngBytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0xFF, 0x10]

@Suite struct PasteboardTests {
    private let scratch = TemporaryFolder("pasteboard")

    @Test func writeThenReadRoundTripsSeveralRepresentationsInOneItem() {
        let harness = PasteboardHarness(dataHome: scratch.folder("paste"))
        let item: JSONValue = [
            "public.utf8-plain-text": ["text": "héllo wörld 😀\n"],
            "public.html": ["text": "<b>héllo</b>"],
            "image/png": ["base64": .string(Base64.encode(pngBytes))],
        ]
        #expect(harness.write("general", [item, ["text/plain": ["text": "second"]]]) == 1)
        let read = harness.value("pasteboard.read", ["name": "general"])
        #expect(read["changeCount"] == 1)
        #expect(read["items"] == [item, ["text/plain": ["text": "second"]]])
        #expect(read["items"]?.arrayValue?.first?.objectValue?.keys == ["public.utf8-plain-text", "public.html", "image/png"])
        let decoded = try? Base64.decode(read["items"]?.arrayValue?[0]["image/png"]?["base64"]?.stringValue ?? "")
        #expect(decoded == pngBytes)
    }

    @Test func readKeepsOnlyTheRequestedTypesInTheOrderAsked() {
        let harness = PasteboardHarness(dataHome: scratch.folder("paste"))
        _ = harness.write("general", [
            ["public.utf8-plain-text": ["text": "plain"], "public.html": ["text": "<i>html</i>"]],
            ["public.png": ["base64": "iVBORw=="]],
        ])
        let read = harness.value("pasteboard.read", ["name": "general", "types": ["public.html", "public.rtf", "public.utf8-plain-text"]])
        #expect(read["items"] == [["public.html": ["text": "<i>html</i>"], "public.utf8-plain-text": ["text": "plain"]], [:]])
        #expect(read["items"]?.arrayValue?[0].objectValue?.keys == ["public.html", "public.utf8-plain-text"])
        let one = harness.value("pasteboard.read", ["name": "general", "item": 1])
        #expect(one["items"] == [["public.png": ["base64": "iVBORw=="]]])
    }

    @Test func readersFindDataUnderEquivalentTypeNames() {
        let harness = PasteboardHarness(dataHome: scratch.folder("paste"))
        _ = harness.write("general", [["text/plain; charset=UTF-8": ["text": "from a MIME writer"], "image/png": ["base64": "AAEC"]]])
        let read = harness.value("pasteboard.read", ["name": "general", "types": ["public.utf8-plain-text", "public.png"]])
        #expect(read["items"] == [["public.utf8-plain-text": ["text": "from a MIME writer"], "public.png": ["base64": "AAEC"]]])
        _ = harness.write("general", [["public.utf8-plain-text": ["text": "exact"], "text/plain": ["text": "mime"]]])
        let exact = harness.value("pasteboard.read", ["name": "general", "types": ["TEXT/PLAIN"]])
        #expect(exact["items"] == [["TEXT/PLAIN": ["text": "mime"]]])
    }

    @Test func everyWriteRaisesTheChangeCountByOneAndReplacesAllItems() {
        let harness = PasteboardHarness(dataHome: scratch.folder("paste"))
        #expect(harness.value("pasteboard.info", ["name": "general"])["changeCount"] == 0)
        #expect(harness.write("general", [["public.utf8-plain-text": ["text": "a"]], ["public.html": ["text": "b"]]]) == 1)
        #expect(harness.write("general", [["public.utf8-plain-text": ["text": "c"]]]) == 2)
        #expect(harness.write("general", []) == 3)
        let info = harness.value("pasteboard.info", ["name": "general"])
        #expect(info["changeCount"] == 3)
        #expect(info["types"] == [])
        _ = harness.write("general", [["public.utf8-plain-text": ["text": "x"], "public.html": ["text": "y"]], ["image/png": ["base64": ""]]])
        #expect(harness.value("pasteboard.info", ["name": "general"])["types"] == [["public.utf8-plain-text", "public.html"], ["image/png"]])
        #expect(harness.value("pasteboard.read", ["name": "find"]) == ["changeCount": 0, "items": []])
    }

    @Test func unknownPasteboardsAndItemsAnswerMinus32006WithTheName() {
        let harness = PasteboardHarness(dataHome: scratch.folder("paste"))
        for method in ["pasteboard.read", "pasteboard.info", "pasteboard.remove"] {
            let error = harness.error(method, ["name": "no-such-board"])
            #expect(error?.code == -32006)
            #expect(error?.data?["name"] == "no-such-board")
        }
        _ = harness.write("general", [["public.utf8-plain-text": ["text": "only one"]]])
        #expect(harness.error("pasteboard.read", ["name": "general", "item": 1])?.code == -32006)
    }

    @Test func malformedWritesAreRejectedNamingTheFieldAndChangeNothing() {
        let harness = PasteboardHarness(dataHome: scratch.folder("paste"))
        _ = harness.write("general", [["public.utf8-plain-text": ["text": "keep me"]]])
        let cases: [(JSONValue, String)] = [
            (["name": "general"], "items"),
            (["name": "general", "items": "text"], "items"),
            (["name": "general", "items": [["image/png": ["base64": "not base64!"]]]], "items[0].image/png.base64"),
            (["name": "general", "items": [["image/png": ["base64": "AAA"]], ["x": ["base64": "A==="]]]], "items[1].x.base64"),
            (["name": "general", "items": [["t": ["text": "a", "base64": "AA=="]]]], "items[0].t"),
            (["name": "general", "items": [["t": "bare string"]]], "items[0].t"),
            (["name": "general", "items": [["t": ["text": 5]]]], "items[0].t.text"),
            (["name": "general", "items": [[:]]], "items[0]"),
            (["name": "general", "items": [["": ["text": "a"]]]], "items[0]."),
            (["name": "", "items": []], "name"),
            (["name": "bad\u{7}name", "items": []], "name"),
            (["name": .string(String(repeating: "n", count: 81)), "items": []], "name"),
            (["items": []], "name"),
        ]
        for (params, field) in cases {
            let error = harness.error("pasteboard.write", params)
            #expect(error?.code == -32602, "\(params.serialized)")
            #expect(error?.data?["field"]?.stringValue == field, "\(params.serialized): \(error?.message ?? "")")
        }
        let read = harness.value("pasteboard.read", ["name": "general"])
        #expect(read == ["changeCount": 1, "items": [["public.utf8-plain-text": ["text": "keep me"]]]])
    }

    @Test func base64IsDecodedStrictly() throws {
        #expect(try Base64.decode("aGVsbG8=") == Array("hello".utf8))
        #expect(try Base64.decode("aGVsbG8") == Array("hello".utf8))
        #expect(try Base64.decode("aGVs\r\nbG8h") == Array("hello!".utf8))
        #expect(try Base64.decode("") == [])
        for bad in ["aGVsbG8===", "aGV=sbG8", "a", "aGVsbG8-", "aG Vs", "=", "aGVsbA=x"] {
            #expect(throws: Base64.Invalid.self, "\(bad)") { try Base64.decode(bad) }
        }
        for length in 0..<40 {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
            #expect(try Base64.decode(Base64.encode(bytes)) == bytes)
            #expect(Base64.encode(bytes) == Data(bytes).base64EncodedString())
        }
    }

    @Test func writesOverTheSizeLimitAnswerMinus32004AndKeepTheOldContents() {
        var limits = Limits()
        limits.maximumTextBytes = 1_000
        let harness = PasteboardHarness(dataHome: scratch.folder("paste"), limits: limits)
        #expect(harness.write("general", [["public.utf8-plain-text": ["text": "small"]]]) == 1)
        let big = String(repeating: "x", count: 1_200)
        let error = harness.error("pasteboard.write", ["name": "general", "items": [["public.utf8-plain-text": .string(big)]]])
        #expect(error?.code == -32602)
        let tooLarge = harness.error("pasteboard.write", ["name": "general", "items": [["public.utf8-plain-text": ["text": .string(big)]]]])
        #expect(tooLarge?.code == -32004)
        #expect(tooLarge?.data?["limit"] == 1_000)
        #expect(harness.value("pasteboard.read", ["name": "general"])["items"] == [["public.utf8-plain-text": ["text": "small"]]])
        #expect(harness.value("pasteboard.info", ["name": "general"])["changeCount"] == 1)
        #expect(harness.error("pasteboard.write", ["name": "fresh", "items": [["t": ["text": .string(big)]]]])?.code == -32004)
        #expect(harness.error("pasteboard.info", ["name": "fresh"])?.code == -32006)
    }

    @Test func totalSizeAndPasteboardCountAreLimited() throws {
        let store = PasteboardStore(folder: scratch.folder("paste"),
                                    limits: .init(maximumBytes: 100, maximumTotalBytes: 250, maximumPasteboards: 4, maximumItems: 3))
        let item = PasteboardItem([.init(type: "t", value: .text(String(repeating: "a", count: 99)))])
        #expect(try store.write("one", items: [item]) == 1)
        #expect(try store.write("two", items: [item]) == 1)
        #expect(throws: TextServicesError.self) { try store.write("three", items: [item]) }
        #expect(try store.write("two", items: [item]) == 2)
        try store.remove("one")
        #expect(try store.write("three", items: [item]) == 3)
        #expect(throws: TextServicesError.tooLarge(message: "Too many pasteboards (limit 4)", limit: 4)) {
            try store.write("four", items: [])
        }
        let small = PasteboardItem([.init(type: "t", value: .text("a"))])
        do {
            _ = try store.write("general", items: [small, small, small, small])
            Issue.record("four items passed a three-item limit")
        } catch {
            #expect(ServiceError(error).code == -32004)
        }
    }

    @Test func subscribersOnAnotherConnectionHearOfEveryWrite() {
        let harness = PasteboardHarness(dataHome: scratch.folder("paste"))
        let listener = NotificationRecorder()
        let bystander = NotificationRecorder()
        let writer = NotificationRecorder()
        #expect(harness.value("pasteboard.subscribe", ["name": "general"], session: listener.session) == ["changeCount": 0])
        _ = harness.value("pasteboard.subscribe", ["name": "find"], session: bystander.session)
        _ = harness.value("pasteboard.write", ["name": "general", "items": [["public.utf8-plain-text": ["text": "1"]]]], session: writer.session)
        _ = harness.value("pasteboard.write", ["name": "general", "items": []], session: writer.session)
        #expect(listener.changes == [["name": "general", "changeCount": 1], ["name": "general", "changeCount": 2]])
        #expect(listener.messages.first == ["jsonrpc": "2.0", "method": "pasteboard.changed", "params": ["name": "general", "changeCount": 1]])
        #expect(bystander.messages.isEmpty)
        #expect(writer.messages.isEmpty)

        _ = harness.value("pasteboard.subscribe", ["name": "general"], session: writer.session)
        _ = harness.value("pasteboard.subscribe", ["name": "general"], session: writer.session)
        _ = harness.write("general", [])
        #expect(writer.changes == [["name": "general", "changeCount": 3]])
        #expect(harness.value("pasteboard.unsubscribe", ["name": "general"], session: writer.session) == ["wasSubscribed": true])
        harness.store.observerClosed(listener.session)
        _ = harness.write("general", [])
        #expect(listener.changes.count == 3)
        #expect(writer.changes.count == 1)
    }

    @Test func subscribingBeforeAPasteboardExistsHearsItsCreationAndRemoval() {
        let harness = PasteboardHarness(dataHome: scratch.folder("paste"))
        let listener = NotificationRecorder()
        #expect(harness.value("pasteboard.subscribe", ["name": "later"], session: listener.session) == [:])
        _ = harness.write("later", [["t": ["text": "x"]]])
        _ = harness.value("pasteboard.remove", ["name": "later"])
        #expect(listener.changes == [["name": "later", "changeCount": 1], ["name": "later", "changeCount": 1, "removed": true]])
    }

    @Test func subscriptionsDoNotKeepClosedSessionsAlive() {
        let harness = PasteboardHarness(dataHome: scratch.folder("paste"))
        weak var weakSession: ConnectionState?
        do {
            let session = ConnectionState(notify: { _ in })
            weakSession = session
            _ = harness.value("pasteboard.subscribe", ["name": "general"], session: session)
        }
        #expect(weakSession == nil)
        #expect(harness.write("general", []) == 1)
    }

    @Test func createMakesNamedAndUniquePasteboards() {
        let harness = PasteboardHarness(dataHome: scratch.folder("paste"))
        #expect(harness.value("pasteboard.create", ["name": "app.clips"]) == ["name": "app.clips", "persistent": false, "changeCount": 0])
        _ = harness.write("app.clips", [["t": ["text": "kept"]]])
        #expect(harness.value("pasteboard.create", ["name": "app.clips"])["changeCount"] == 1)
        let first = harness.value("pasteboard.create", ["unique": true])["name"]?.stringValue ?? ""
        let second = harness.value("pasteboard.create", [:])["name"]?.stringValue ?? ""
        let prefixed = harness.value("pasteboard.create", ["name": "mine", "unique": true])["name"]?.stringValue ?? ""
        #expect(first != second && !first.isEmpty && !second.isEmpty)
        #expect(prefixed.hasPrefix("mine-") && prefixed.count > 20)
        #expect(harness.value("pasteboard.info", ["name": .string(first)])["changeCount"] == 0)
        #expect(harness.error("pasteboard.create", ["name": "general", "persistent": false])?.code == -32602)
        #expect(harness.error("pasteboard.create", ["name": .string(String(repeating: "p", count: 60)), "unique": true])?.code == -32602)
        let names = harness.value("pasteboard.list")["pasteboards"]?.arrayValue?.compactMap { $0["name"]?.stringValue } ?? []
        #expect(names == ["app.clips", "find", "general", first, prefixed, second].sorted())
    }

    @Test func removingAPasteboardForgetsItButGeneralIsOnlyEmptied() {
        let harness = PasteboardHarness(dataHome: scratch.folder("paste"))
        _ = harness.write("scratch", [["t": ["text": "x"]]])
        #expect(harness.value("pasteboard.remove", ["name": "scratch"]) == [:])
        #expect(harness.error("pasteboard.read", ["name": "scratch"])?.code == -32006)
        // Created again, it counts on from where the removed one stopped: a remembered count never comes back.
        #expect(harness.value("pasteboard.create", ["name": "scratch"])["changeCount"] == 2)
        #expect(harness.write("scratch", []) == 3)
        _ = harness.write("general", [["t": ["text": "x"]]])
        _ = harness.value("pasteboard.remove", ["name": "general"])
        #expect(harness.value("pasteboard.read", ["name": "general"]) == ["changeCount": 2, "items": []])
    }

    @Test func persistentPasteboardsAndChangeCountsSurviveARestart() throws {
        let harness = PasteboardHarness(dataHome: scratch.folder("paste"))
        let png = JSONValue.string(Base64.encode(pngBytes))
        _ = harness.write("general", [["public.utf8-plain-text": ["text": "über 😀"], "image/png": ["base64": png]]])
        _ = harness.write("general", [["public.utf8-plain-text": ["text": "second 😀"], "image/png": ["base64": png]]])
        _ = harness.write("find", [["public.utf8-plain-text": ["text": "needle"]]])
        _ = harness.value("pasteboard.create", ["name": "kept", "persistent": true])
        _ = harness.value("pasteboard.create", ["name": "empty-kept", "persistent": true])
        _ = harness.write("kept", [["text/html": ["text": "<p>kept</p>"]]])
        _ = harness.write("volatile", [["t": ["text": "gone"]]])
        _ = harness.write("made-volatile", [["t": ["text": "gone too"]]])
        _ = harness.value("pasteboard.create", ["name": "made-volatile", "persistent": true])
        _ = harness.value("pasteboard.create", ["name": "made-volatile", "persistent": false])
        _ = harness.value("pasteboard.create", ["name": "removed", "persistent": true])
        _ = harness.value("pasteboard.remove", ["name": "removed"])

        let after = harness.restarted()
        #expect(after.value("pasteboard.read", ["name": "general"]) ==
            ["changeCount": 2, "items": [["public.utf8-plain-text": ["text": "second 😀"], "image/png": ["base64": png]]]])
        #expect(after.value("pasteboard.read", ["name": "find"]) == ["changeCount": 1, "items": [["public.utf8-plain-text": ["text": "needle"]]]])
        #expect(after.value("pasteboard.read", ["name": "kept"]) == ["changeCount": 1, "items": [["text/html": ["text": "<p>kept</p>"]]]])
        #expect(after.value("pasteboard.info", ["name": "kept"])["persistent"] == true)
        #expect(after.value("pasteboard.info", ["name": "empty-kept"])["changeCount"] == 0)
        for gone in ["volatile", "made-volatile", "removed"] {
            #expect(after.error("pasteboard.info", ["name": .string(gone)])?.code == -32006, "\(gone)")
        }
        #expect(after.write("general", []) == 3)
        #expect(after.store.loadProblems.isEmpty)
    }

    @Test func aWriteIsOnDiskBeforeItIsAcknowledged() throws {
        let harness = PasteboardHarness(dataHome: scratch.folder("paste"))
        _ = harness.write("general", [["public.utf8-plain-text": ["text": "durable"]]])
        let bytes = try #require(FileSystem.read(harness.folder + "/general.pasteboard"))
        let file = try PasteboardStore.decodeFile(bytes)
        #expect(file.name == "general")
        #expect(file.changeCount == 1)
        #expect(file.items == [PasteboardItem([.init(type: "public.utf8-plain-text", value: .text("durable"))])])
        let mode = try FileManager.default.attributesOfItem(atPath: harness.folder)[.posixPermissions] as? Int
        #expect(mode == 0o700)
    }

    @Test func tornAndCorruptFilesLeftByACrashAreIgnoredAtLoad() throws {
        let harness = PasteboardHarness(dataHome: scratch.folder("paste"))
        _ = harness.write("general", [["public.utf8-plain-text": ["text": "acknowledged"]]])
        _ = harness.value("pasteboard.create", ["name": "notes", "persistent": true])
        _ = harness.write("notes", [["t": ["text": "fine"]]])
        let folder = harness.folder
        // A crash in the middle of a write leaves a partial temporary file beside the real one.
        let full = PasteboardStore.encodeFile(name: "general", changeCount: 2,
                                              items: [PasteboardItem([.init(type: "t", value: .text("never acknowledged"))])])
        let temporary = folder + "/general.pasteboard.tmp-99999-12345"
        try Data(full.prefix(full.count / 2)).write(to: URL(fileURLWithPath: temporary))
        // A file torn by something else, and one whose name does not match its contents.
        try Data("{\"format\":\"textsvcd-pasteboard\",\"version\":1,\"name\":\"bro".utf8).write(to: URL(fileURLWithPath: folder + "/broken.pasteboard"))
        try Data(PasteboardStore.encodeFile(name: "other", changeCount: 1, items: []))
            .write(to: URL(fileURLWithPath: folder + "/impostor.pasteboard"))

        let after = harness.restarted()
        #expect(after.value("pasteboard.read", ["name": "general"]) ==
            ["changeCount": 1, "items": [["public.utf8-plain-text": ["text": "acknowledged"]]]])
        #expect(after.value("pasteboard.read", ["name": "notes"])["items"] == [["t": ["text": "fine"]]])
        #expect(after.error("pasteboard.info", ["name": "broken"])?.code == -32006)
        #expect(after.error("pasteboard.info", ["name": "other"])?.code == -32006)
        #expect(after.store.loadProblems.count == 2)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(files.contains { $0.hasPrefix("broken.pasteboard.corrupt-") })
        #expect(!files.contains("broken.pasteboard"))
        #expect(files.contains("general.pasteboard.tmp-99999-12345"))
        #expect(after.write("general", []) == 2)
    }

    @Test func namesCannotReachOutsideTheFolder() throws {
        let harness = PasteboardHarness(dataHome: scratch.folder("paste"))
        let names = ["../../escape", "/etc/passwd", ".", "..", ".hidden", "a/b", "spaces and ümlauts", "%41", "A"]
        for name in names {
            _ = harness.value("pasteboard.create", ["name": .string(name), "persistent": true])
            _ = harness.write(name, [["t": ["text": .string("content of \(name)")]]])
        }
        // Beside the pasteboards' files, only the lock every process takes to change them and the change-count ceiling.
        let files = try FileManager.default.contentsOfDirectory(atPath: harness.folder)
            .filter { $0 != ".lock" && $0 != ".changecounts" }
        #expect(Set(files).count == names.count)
        #expect(files.allSatisfy { !$0.contains("/") && !$0.hasPrefix(".") && $0.hasSuffix(".pasteboard") })
        #expect(!FileManager.default.fileExists(atPath: harness.dataHome + "/escape.pasteboard"))
        let after = harness.restarted()
        for name in names {
            #expect(after.value("pasteboard.read", ["name": .string(name)])["items"] == [["t": ["text": .string("content of \(name)")]]], "\(name)")
        }
    }

    @Test func concurrentWritesAreCountedOnceEachAndTheLastIsOnDisk() throws {
        let harness = PasteboardHarness(dataHome: scratch.folder("paste"))
        let writers = 8
        let writesEach = 25
        DispatchQueue.concurrentPerform(iterations: writers) { writer in
            for index in 0..<writesEach {
                _ = harness.call("pasteboard.write", ["name": "general", "items": [["t": ["text": .string("\(writer)-\(index)")]]]])
                _ = harness.call("pasteboard.read", ["name": "general"])
            }
        }
        let read = harness.value("pasteboard.read", ["name": "general"])
        #expect(read["changeCount"] == .int(writers * writesEach))
        let file = try PasteboardStore.decodeFile(try #require(FileSystem.read(harness.folder + "/general.pasteboard")))
        #expect(file.changeCount == writers * writesEach)
        #expect(JSONValueEncoder().encode(file.items.map(WirePasteboardItem.init)) == read["items"])
    }

    @Test func twoProcessesSharingTheFolderSeeEachOthersWritesAndNeverRepeatACount() throws {
        // Two stores over one folder stand for two processes.
        let folder = scratch.folder("paste") + "/pasteboards"
        let first = PasteboardStore(folder: folder)
        let second = PasteboardStore(folder: folder)
        let text = { (value: String) in [PasteboardItem.plainText(value)] }
        let listener = NotificationRecorder()
        try second.subscribe("general", observer: listener.session)
        #expect(try first.write("general", items: text("one")) == 1)
        // The second reads what the first wrote, and its subscribers hear of it.
        let read = try second.read("general")
        #expect(read.changeCount == 1)
        #expect(read.items == text("one"))
        #expect(listener.changes == [["name": "general", "changeCount": 1]])
        // Each write counts on from the file, whoever wrote last.
        #expect(try second.write("general", items: text("two")) == 2)
        #expect(try first.write("general", items: text("three")) == 3)
        #expect(try second.read("general").items == text("three"))
        // A persistent board one process creates is found by the other; its removal too.
        _ = try first.create(name: "kept", persistent: true)
        _ = try first.write("kept", items: text("x"))
        #expect(second.list().map(\.name).contains("kept"))
        try first.remove("kept")
        #expect(throws: TextServicesError.self) { try second.read("kept") }
    }
}
