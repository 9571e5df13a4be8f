import Testing
@testable import TextServices
@testable import TextServicesProtocol
@testable import TextServicesTestSupport

/// Subscriptions cannot pile up (found by the hostile-client runs: closed connections left theirs behind).
@Suite struct PasteboardSubscriptionLimitTests {
    private let scratch = TemporaryFolder("pasteboard")

    func store() -> PasteboardStore {
        PasteboardStore(folder: scratch.folder("subscriptions"))
    }

    @Test func aSessionWatchesAtMostAThousandNames() throws {
        let store = store()
        let session = ConnectionState()
        for index in 0..<1_000 { try store.subscribe("name-\(index)", observer: session) }
        try store.subscribe("name-0", observer: session)
        #expect(throws: TextServicesError.self) { try store.subscribe("one-more", observer: session) }
        do {
            try store.subscribe("one-more", observer: session)
        } catch {
            #expect(ServiceError(error).code == -32004)
        }
        #expect(store.unsubscribe("name-1", observer: session))
        try store.subscribe("one-more", observer: session)
        // Another session has its own allowance.
        try store.subscribe("one-more", observer: ConnectionState())
        #expect(store.subscriptionCount == 1_001)
    }

    @Test func aClosedSessionLeavesNoSubscriptionBehind() throws {
        let store = store()
        let session = ConnectionState()
        for index in 0..<500 { try store.subscribe("name-\(index)", observer: session) }
        store.observerClosed(session)
        #expect(store.subscriptionCount == 0)
        #expect(store.subscribedNames(session).isEmpty)
    }

    @Test func aSessionThatVanishedIsPrunedAtTheNextWrite() throws {
        let store = store()
        do {
            let gone = ConnectionState()
            try store.subscribe("watched", observer: gone)
        }
        #expect(store.subscriptionCount == 1)
        _ = try store.write("watched", items: [PasteboardItem([.init(type: "text/plain", value: .text("x"))])])
        #expect(store.subscriptionCount == 0)
    }
}
