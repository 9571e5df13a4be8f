import Foundation
import Testing
import TextServices
import TextServicesCLI
import TextServicesProtocol
@testable import TextServicesTestSupport

@Suite struct PasteboardCopyTests {
    private static let client = LocalTextServices(services: TestSupport.sharedServices)

    private static func copy(to name: String) -> PasteboardCopy {
        var copy = PasteboardCopy()
        copy.pasteboard = name
        return copy
    }

    @Test func utf8IsStoredAsTextAndAnythingElseAsBytes() {
        var copy = PasteboardCopy()
        #expect(copy.item(Array("héllo".utf8)).representations.first?.value == .text("héllo"))
        #expect(copy.item([0xFF, 0x00]).representations.first?.value == .bytes([0xFF, 0x00]))
        copy.binary = true
        copy.type = "image/png"
        let item = copy.item(Array("abc".utf8))
        #expect(item.representations.first?.value == .bytes(Array("abc".utf8)))
        #expect(item.representations.first?.type == "image/png")
    }

    @Test func aCopyReplacesThePasteboardsItemsAndCountsTheChange() throws {
        let name = "copy-test-\(UUID().uuidString)"
        let copy = Self.copy(to: name)
        let first = try copy.run(Array("one".utf8), client: Self.client, noDaemonRuns: false)
        let second = try copy.run(Array("two".utf8), client: Self.client, noDaemonRuns: false)
        #expect(second > first)
        let read = try Self.client.send(PasteboardReadRequest(name: name))
        #expect(read.items.map(\.item) == [copy.item(Array("two".utf8))])
    }

    @Test func withoutADaemonACopyIntoAPasteboardThatDiesWithTheCommandIsRefused() throws {
        let name = "copy-test-\(UUID().uuidString)"
        do {
            _ = try Self.copy(to: name).run(Array("lost".utf8), client: Self.client, noDaemonRuns: true)
            Issue.record("copied into a pasteboard that is not persistent")
        } catch {
            #expect(error.message.contains("is not persistent and no daemon is running"), "\(error.message)")
        }
        #expect((try? Self.client.send(PasteboardReadRequest(name: name)))?.items.isEmpty ?? true)
    }
}
