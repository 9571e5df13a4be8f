import Synchronization
import Testing
@testable import TextServices
@testable import TextServicesProtocol
@testable import TextServicesTestSupport

/// `shutdown`: answered, and the server's stop started, whenever the stop is set up.
@Suite struct ShutdownRequestTests {
    @Test func aShutdownAnsweredBeforeTheStopIsSetUpStartsItWhenItIs() throws {
        // A daemon answers as soon as it listens, and sets up its stop a moment later.
        let requests = RequestDispatcher(services: TestSupport.sharedServices)
        #expect(try TestSupport.call(requests, "shutdown").get() == .object([:]))
        let stops = Atomic(0)
        requests.server.onShutdown { stops.add(1, ordering: .relaxed) }
        #expect(stops.load(ordering: .relaxed) == 1)
    }

    @Test func eachShutdownAfterTheStopIsSetUpStartsItOnce() throws {
        let requests = RequestDispatcher(services: TestSupport.sharedServices)
        let stops = Atomic(0)
        requests.server.onShutdown { stops.add(1, ordering: .relaxed) }
        #expect(stops.load(ordering: .relaxed) == 0)
        #expect(try TestSupport.call(requests, "shutdown").get() == .object([:]))
        #expect(stops.load(ordering: .relaxed) == 1)
        #expect(try TestSupport.call(requests, "shutdown").get() == .object([:]))
        #expect(stops.load(ordering: .relaxed) == 2)
    }
}
