import Synchronization
import Testing
import TextServices
import TextServicesCLI
import TextServicesProtocol
@testable import TextServicesTestSupport

@Suite struct ClientFactoryTests {
    private let scratch = TemporaryFolder("client-factory")

    /// A socket path in a fresh folder, where nothing listens.
    private func deadSocket() -> String {
        scratch.folder("client-factory") + "/textsvcd.sock"
    }

    private func factory(_ mode: ClientFactory.Mode, socketPath: String? = nil,
                                startDaemon: @escaping @Sendable () throws -> Void = { throw TestFailure("no daemon in this test") })
        -> ClientFactory {
        let configuration = TestSupport.configuration(dataHome: scratch.folder("data"))
        return ClientFactory(mode: mode, socketPath: socketPath ?? deadSocket(), configuration: configuration,
                             makeLocal: { LocalTextServices(services: Services(configuration: configuration)) },
                             startDaemon: startDaemon)
    }

    @Test func aCommandWithNoDaemonAnsweringGetsThisProcesssOwnClient() throws {
        let client = factory(.daemonWhenRunning).makeClient { event in Issue.record("unexpected \(event)") }
        #expect(client is LocalTextServices)
        #expect(client.handlesTextInProcess)
        #expect(try !client.send(SpellLanguagesRequest()).languages.isEmpty)
    }

    @Test func noDaemonWorksInThisProcessAndAnswersWithNoDaemonRunning() throws {
        let client = factory(.inProcess).makeClient { event in Issue.record("unexpected \(event)") }
        #expect(client is SharedStateClient)
        #expect(client.handlesTextInProcess)
        #expect(try !client.send(SpellLanguagesRequest()).languages.isEmpty)
    }

    @Test func anEditorDoorWhoseDaemonCannotStartSaysSoOnceAndAnswersInThisProcess() throws {
        let started = Atomic<Int>(0)
        let events = Mutex<[DaemonClient.Event]>([])
        let factory = factory(.daemonStartedWhenNeeded, startDaemon: {
            started.add(1, ordering: .relaxed)
            throw TestFailure("the test's daemon cannot start")
        })
        let client = factory.makeClient { event in events.withLock { $0.append(event) } }
        #expect(client is DaemonClient)
        #expect(!client.handlesTextInProcess)
        #expect(try !client.send(SpellLanguagesRequest()).languages.isEmpty)
        #expect(try !client.send(SpellLanguagesRequest()).languages.isEmpty)
        #expect(started.load(ordering: .relaxed) == 1)
        let heard = events.withLock { $0 }
        #expect(heard.count == 1)
        guard case .fellBack(let reason) = heard.first else {
            Issue.record("expected a fall-back event, heard \(heard)")
            return
        }
        #expect(reason.contains("cannot start the daemon"), "\(reason)")
        #expect(reason.hasSuffix("working without the daemon"), "\(reason)")
        #expect(client.handlesTextInProcess)
    }

    @Test func commandsAndEditorDoorsWorkInProcessUnderNoDaemon() {
        let options = ClientOptions(socket: deadSocket(), noDaemon: true)
        #expect(ClientFactory.forCommand(options).mode == .inProcess)
        #expect(ClientFactory.forEditorDoor(options).mode == .inProcess)
        let shared = ClientOptions(socket: deadSocket())
        #expect(ClientFactory.forCommand(shared).mode == .daemonWhenRunning)
        #expect(ClientFactory.forEditorDoor(shared).mode == .daemonStartedWhenNeeded)
    }

    @Test func anEditorDoorsExtraFoldersJoinTheSearchPathTheDaemonIsTold() {
        let options = ClientOptions(socket: deadSocket(), dictionaryPaths: ["/first"])
        let paths = ClientFactory.forEditorDoor(options, extraDictionaryPaths: ["/extra"]).configuration.dictionaryPaths
        #expect(Array(paths.prefix(2)) == ["/first", "/extra"])
    }
}
