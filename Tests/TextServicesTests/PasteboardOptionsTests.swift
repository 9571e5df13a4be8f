import Foundation
import Testing
@testable import TextServices
@testable import TextServicesProtocol
@testable import TextServicesTestSupport

/// `pasteboard.write`'s `expirationDate` and `localOnly`, and change counts that never repeat.
@Suite struct PasteboardOptionsTests {
    private let scratch = TemporaryFolder("pasteboard")

    /// Waits until `recorder` has heard a change of `name` at least at `count`; false after 30 s (the test then fails).
    func waitForChange(_ recorder: NotificationRecorder, name: String, atLeast count: Int) -> Bool {
        let deadline = Date().addingTimeInterval(30 * TestSupport.slowdown)
        while Date() < deadline {
            if recorder.changes.contains(where: { $0["name"]?.stringValue == name && ($0["changeCount"]?.intValue ?? 0) >= count }) {
                return true
            }
            usleep(10_000)
        }
        return false
    }

    func seconds(fromNow seconds: Double) -> JSONValue {
        .double(Date().timeIntervalSince1970 + seconds)
    }

    // MARK: Expiration

    @Test func itemsVanishAtTheirExpirationDateAndSubscribersHearOfIt() throws {
        let harness = PasteboardHarness(dataHome: scratch.folder("paste"))
        let listener = NotificationRecorder()
        _ = harness.value("pasteboard.subscribe", ["name": "otp"], session: listener.session)
        let written = try #require(harness.write("otp", [["public.utf8-plain-text": ["text": "491 302"]]]))
        _ = harness.value("pasteboard.write", ["name": "otp", "items": [["public.utf8-plain-text": ["text": "491 302"]]],
                                               "expirationDate": seconds(fromNow: 1.5)])
        let info = harness.value("pasteboard.info", ["name": "otp"])
        #expect(info["expirationDate"]?.stringValue.flatMap(ISO8601Date.parse) != nil)
        // Nobody reads: the timer empties it, raises the count and tells the subscriber.
        #expect(waitForChange(listener, name: "otp", atLeast: written + 2))
        let after = harness.value("pasteboard.read", ["name": "otp"])
        #expect(after == ["changeCount": .int(written + 2), "items": []])
        #expect(harness.value("pasteboard.info", ["name": "otp"])["expirationDate"] == nil)
        #expect(listener.changes.last == ["name": "otp", "changeCount": .int(written + 2)])
    }

    @Test func aLaterWriteReplacesTheExpiration() throws {
        let harness = PasteboardHarness(dataHome: scratch.folder("paste"))
        let listener = NotificationRecorder()
        _ = harness.value("pasteboard.subscribe", ["name": "note"], session: listener.session)
        _ = harness.value("pasteboard.write", ["name": "note", "items": [["t": ["text": "brief"]]], "expirationDate": seconds(fromNow: 0.3)])
        let kept = try #require(harness.write("note", [["t": ["text": "kept"]]]))
        // A third write that expires proves the timers have run: the first one's must not have emptied "kept".
        _ = harness.value("pasteboard.write", ["name": "marker", "items": [], "expirationDate": seconds(fromNow: 0.6)])
        _ = harness.value("pasteboard.subscribe", ["name": "marker"], session: listener.session)
        #expect(waitForChange(listener, name: "marker", atLeast: 2))
        #expect(harness.value("pasteboard.read", ["name": "note"]) == ["changeCount": .int(kept), "items": [["t": ["text": "kept"]]]])
    }

    @Test func aPersistentPasteboardKeepsItsDateAndAnotherProcessExpiresIt() throws {
        let folder = scratch.folder("paste") + "/pasteboards"
        let writer = PasteboardStore(folder: folder)
        let date = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 + 3).rounded())
        let item = PasteboardItem.plainText("secret")
        let count = try writer.write("general", items: [item], options: .init(expirationDate: date, localOnly: true))
        let saved = try PasteboardStore.decodeFile(try #require(FileSystem.read(folder + "/general.pasteboard")))
        #expect(saved.options.expirationDate == date)
        #expect(saved.options.localOnly)
        // Another process loads the file: it sees the date, and its own timer expires the items.
        let reader = PasteboardStore(folder: folder)
        let listener = NotificationRecorder()
        #expect(try reader.subscribe("general", observer: listener.session) == count)
        #expect(try reader.info("general").expirationDate == date)
        #expect(try reader.info("general").localOnly)
        #expect(waitForChange(listener, name: "general", atLeast: count + 1))
        #expect(try reader.read("general").items.isEmpty)
        // The emptied file is what both now see; the count went up once, whoever noticed first.
        let emptied = try PasteboardStore.decodeFile(try #require(FileSystem.read(folder + "/general.pasteboard")))
        #expect(emptied.items.isEmpty)
        #expect(emptied.options == .init())
        #expect(try writer.read("general").changeCount == emptied.changeCount)
        #expect(try reader.read("general").changeCount == emptied.changeCount)
    }

    @Test func expirationDatesAreValidated() {
        let harness = PasteboardHarness(dataHome: scratch.folder("paste"))
        let cases: [(JSONValue, String)] = [
            ("tomorrow", "must be an ISO 8601"),
            ("2030-01-31", "must be an ISO 8601"),
            ("2030-01-31T12:00:00", "must be an ISO 8601"),
            (true, "not boolean"),
            ([:], "not object"),
            (-5, "between 1970"),
            (1e300, "between 1970"),
            (1_700_000_000, "has passed"),
            ("2001-01-01T00:00:00Z", "has passed"),
        ]
        for (date, reason) in cases {
            let error = harness.error("pasteboard.write", ["name": "d", "items": [], "expirationDate": date])
            #expect(error?.code == -32602, "\(date.serialized)")
            #expect(error?.data?["field"] == "expirationDate", "\(date.serialized)")
            #expect(error?.message.contains(reason) == true, "\(date.serialized): \(error?.message ?? "")")
        }
        #expect(harness.error("pasteboard.info", ["name": "d"])?.code == -32006)
        for date: JSONValue in ["2999-01-31T12:00:00Z", "2999-01-31T13:00:00.250+01:00", 32_503_680_000, 32_503_680_000.5] {
            _ = harness.value("pasteboard.write", ["name": "d", "items": [], "expirationDate": date])
        }
        #expect(harness.value("pasteboard.info", ["name": "d"])["expirationDate"] == "3000-01-01T00:00:00.500Z")
    }

    // MARK: localOnly

    @Test func localOnlyIsKeptWithTheItemsUntilTheNextWrite() throws {
        let harness = PasteboardHarness(dataHome: scratch.folder("paste"))
        _ = harness.value("pasteboard.write", ["name": "general", "items": [["t": ["text": "x"]]], "localOnly": true])
        #expect(harness.value("pasteboard.info", ["name": "general"])["localOnly"] == true)
        #expect(harness.restarted().value("pasteboard.info", ["name": "general"])["localOnly"] == true)
        _ = harness.write("general", [["t": ["text": "y"]]])
        #expect(harness.value("pasteboard.info", ["name": "general"])["localOnly"] == nil)
        #expect(harness.error("pasteboard.write", ["name": "general", "items": [], "localOnly": "yes"])?.data?["field"] == "localOnly")
    }

    @Test func desktopContentsAreHeldInMemoryAndOnlyTheCountReachesTheDisk() throws {
        let folder = scratch.folder("paste") + "/pasteboards"
        let store = PasteboardStore(folder: folder)
        _ = try store.write("general", items: [.plainText("written by a client")])
        let count = try store.write("general", items: [.plainText("copied in a browser")], options: .init(source: .desktop))
        #expect(try store.read("general").items == [.plainText("copied in a browser")])
        let bytes = try #require(FileSystem.read(folder + "/general.pasteboard"))
        #expect(!String(decoding: bytes, as: UTF8.self).contains("browser"))
        #expect(!String(decoding: bytes, as: UTF8.self).contains("client"))
        let saved = try PasteboardStore.decodeFile(bytes)
        #expect(saved.changeCount == count)
        #expect(saved.items.isEmpty)
        // The same process keeps reading its memory; a restart finds the count and no items.
        #expect(try store.read("general").items == [.plainText("copied in a browser")])
        let restarted = PasteboardStore(folder: folder)
        #expect(try restarted.read("general") == (count, []))
    }

    // MARK: Change counts

    @Test func aRemovedPasteboardCreatedAgainCountsOnAcrossRestarts() throws {
        let harness = PasteboardHarness(dataHome: scratch.folder("paste"))
        var seen: Set<Int> = []
        func record(_ count: Int?, _ what: String) {
            guard let count else {
                Issue.record("\(what): no count")
                return
            }
            #expect(seen.insert(count).inserted, "\(what): change count \(count) came back")
        }
        for round in 0..<3 {
            record(harness.value("pasteboard.create", ["name": "scratch"])["changeCount"]?.intValue, "create \(round)")
            record(harness.write("scratch", [["t": ["text": "a"]]]), "first write \(round)")
            record(harness.write("scratch", [["t": ["text": "b"]]]), "second write \(round)")
            _ = harness.value("pasteboard.remove", ["name": "scratch"])
        }
        // A volatile board is gone after a restart; created again, its counts still never come back.
        let harnessAfter = harness.restarted()
        record(harnessAfter.value("pasteboard.create", ["name": "scratch"])["changeCount"]?.intValue, "after restart")
        record(harnessAfter.write("scratch", [["t": ["text": "c"]]]), "write after restart")
        // The same for a persistent board: removed (its file too), then made again after a restart.
        _ = harnessAfter.value("pasteboard.create", ["name": "kept", "persistent": true])
        let last = try #require(harnessAfter.write("kept", [["t": ["text": "k"]]]))
        _ = harnessAfter.value("pasteboard.remove", ["name": "kept"])
        let again = harnessAfter.restarted()
        let recreated = try #require(again.value("pasteboard.create", ["name": "kept", "persistent": true])["changeCount"]?.intValue)
        #expect(recreated > last)
        #expect(FileManager.default.fileExists(atPath: harness.folder + "/.changecounts"))
    }

    @Test func twoProcessesNeverGiveOutTheSameCountForAName() throws {
        let folder = scratch.folder("paste") + "/pasteboards"
        let first = PasteboardStore(folder: folder)
        let second = PasteboardStore(folder: folder)
        // Both start and write something, so that each has reserved counts on disk.
        _ = try first.write("a", items: [])
        _ = try second.write("b", items: [])
        _ = try first.create(name: "shared", persistent: true)
        var counts: [Int] = []
        for _ in 0..<3 { counts.append(try first.write("shared", items: [.plainText("1")])) }
        try first.remove("shared")
        // The second process never saw "shared"; it creates it again after the first removed it.
        let start = try second.create(name: "shared", persistent: true).changeCount
        #expect(counts.allSatisfy { start > $0 }, "started at \(start) after \(counts)")
        #expect(try second.write("shared", items: []) > start)
    }

    @Test func theLedgerReservesCountsInBlocksAndRisesToAnotherProcessesReservation() throws {
        let folder = scratch.folder("paste")
        let ledger = ChangeCountLedger(folder: folder, lockPath: folder + "/.lock")
        #expect(ledger.floor == 0)
        ledger.issue(0)
        let written = { Int(String(decoding: FileSystem.read(folder + "/.changecounts") ?? [], as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)) }
        #expect(written() == 1 + ChangeCountLedger.blockSize)
        // Counts inside the block do not touch the disk.
        let stamp = FileStamp.of(folder + "/.changecounts")
        for count in 1...ChangeCountLedger.blockSize { ledger.issue(count) }
        #expect(FileStamp.of(folder + "/.changecounts") == stamp)
        ledger.issue(ChangeCountLedger.blockSize + 1)
        #expect(written() == ChangeCountLedger.blockSize + 2 + ChangeCountLedger.blockSize)
        ledger.retire(40)
        #expect(ledger.floor == 41)
        // Another process reserves: this one's new pasteboards start above that.
        let other = ChangeCountLedger(folder: folder, lockPath: folder + "/.lock")
        other.issue(9_000)
        #expect(ledger.floor == 9_001 + ChangeCountLedger.blockSize)
        // A restart starts above everything reserved.
        #expect(ChangeCountLedger(folder: folder, lockPath: folder + "/.lock").floor == 9_001 + ChangeCountLedger.blockSize)
    }
}
