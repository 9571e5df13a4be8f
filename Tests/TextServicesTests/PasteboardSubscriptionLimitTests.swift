import Testing
@testable import TextServices

/// Subscriptions cannot pile up (found by the hostile-client runs: closed connections left theirs behind).
@Suite struct PasteboardSubscriptionLimitTests {
    func store() -> PasteboardStore {
        PasteboardStore(folder: TestSupport.temporaryFolder("subscriptions"))
    }

    @Test func aSessionWatchesAtMostAThousandNames() throws {
        let store = store()
        let session = Session()
        for index in 0..<1_000 { try store.subscribe("name-\(index)", session: session) }
        try store.subscribe("name-0", session: session)
        #expect(throws: ServiceError.self) { try store.subscribe("one-more", session: session) }
        do {
            try store.subscribe("one-more", session: session)
        } catch {
            #expect(error.code == -32004)
        }
        #expect(store.unsubscribe("name-1", session: session))
        try store.subscribe("one-more", session: session)
        // Another session has its own allowance.
        try store.subscribe("one-more", session: Session())
        #expect(store.subscriptionCount == 1_001)
    }

    @Test func aClosedSessionLeavesNoSubscriptionBehind() throws {
        let store = store()
        let session = Session()
        for index in 0..<500 { try store.subscribe("name-\(index)", session: session) }
        store.sessionClosed(session)
        #expect(store.subscriptionCount == 0)
        #expect(store.subscribedNames(session).isEmpty)
    }

    @Test func aSessionThatVanishedIsPrunedAtTheNextWrite() throws {
        let store = store()
        do {
            let gone = Session()
            try store.subscribe("watched", session: gone)
        }
        #expect(store.subscriptionCount == 1)
        _ = try store.write("watched", items: [try PasteboardItem.parse(["text/plain": ["text": "x"]], field: "items[0]")])
        #expect(store.subscriptionCount == 0)
    }
}
