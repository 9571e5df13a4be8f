import Foundation
import Testing
@testable import TextServices
@testable import TextServicesProtocol
@testable import TextServicesTestSupport

/// A client's own dictionary search path and default language reach the shared daemon, whatever its environment.
@Suite("Session context", .slow)
struct SessionContextTests {
    private let scratch = TemporaryFolder("session")

    /// A daemon started without `DICPATH`, and a `medical` dictionary in a folder only the client names.
    struct Setup {
        let daemon: DaemonHarness
        let folder: String
        var client: [String: String] {
            var environment = daemon.environment
            environment["DICPATH"] = folder
            return environment
        }

        init(in scratch: TemporaryFolder) throws {
            daemon = try DaemonHarness.start()
            let info = try TestSupport.writeDictionary(in: scratch, tag: "medical", aff: "SET UTF-8\nTRY eiarntolsucmbf\n",
                                                       dic: "3\nfemur\ntibia\nfibula\n")
            folder = (info.path as NSString).deletingLastPathComponent
        }

        func count(_ method: String) throws -> Int {
            try daemon.call("stats")["methods"]?[method]?["count"]?.intValue ?? 0
        }
    }

    @Test func languagesListsTheClientsDictionaryThroughTheDaemon() throws {
        let setup = try Setup(in: scratch)
        defer { setup.daemon.stop() }
        let before = try setup.count("spell.languages")
        let output = try TestProcess.run(TestSupport.binary, ["languages"], environment: setup.client)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("medical"), "\(output.stdout)")
        #expect(output.stdout.contains(setup.folder), "\(output.stdout)")
        #expect(try setup.count("spell.languages") > before, "the command did not ask the daemon")
        // The daemon's own environment still answers clients that name no folder.
        let plain = try setup.daemon.run(["languages"])
        #expect(!plain.stdout.contains("medical"), "\(plain.stdout)")
    }

    @Test func checkWithTheClientsLanguageGoesThroughTheDaemon() throws {
        let setup = try Setup(in: scratch)
        defer { setup.daemon.stop() }
        let before = try setup.count("spell.check")
        let output = try TestProcess.run(TestSupport.binary, ["check", "--lang", "medical", "--format", "list", "-"],
                                         stdin: Array("femur tibia fibulla\n".utf8), environment: setup.client)
        #expect(output.status == 1, "\(output.stderr)")
        #expect(output.stdout == "fibulla\n")
        #expect(try setup.count("spell.check") > before, "the command did not ask the daemon")
    }

    @Test func theClientsDefaultLanguageIsTheSessions() throws {
        let setup = try Setup(in: scratch)
        defer { setup.daemon.stop() }
        var environment = setup.client
        environment["TEXTSVCD_LANG"] = "medical"
        // From a folder with no .textsvcd/config.toml: the repository's own would choose en_US.
        let output = try TestProcess.run(TestSupport.binary, ["check", "--format", "list", "-"],
                                         stdin: Array("femur hello\n".utf8), environment: environment,
                                         currentDirectory: scratch.folder("session-language"))
        #expect(output.stdout == "hello\n", "\(output.stderr)")
    }

    @Test func theIspellPipeFindsTheClientsDictionaryThroughTheDaemon() throws {
        let setup = try Setup(in: scratch)
        defer { setup.daemon.stop() }
        let before = try setup.count("spell.checkWords")
        let output = try TestProcess.run(TestSupport.binary, ["-a", "-d", "medical"], stdin: Array("tibia tibiaa\n".utf8),
                                         environment: setup.client)
        #expect(output.status == 0, "\(output.stderr)")
        let lines = output.stdout.split(separator: "\n").dropFirst().map(String.init)
        #expect(lines.first == "*", "\(output.stdout)")
        #expect(lines.dropFirst().first?.hasPrefix("& tibiaa") == true || lines.dropFirst().first?.hasPrefix("# tibiaa") == true,
                "\(output.stdout)")
        #expect(try setup.count("spell.checkWords") > before, "the pipe did not ask the daemon")
    }

    @Test func aRelativeFolderInTheContextIsRefusedNamingIt() throws {
        let setup = try Setup(in: scratch)
        defer { setup.daemon.stop() }
        let connection = try setup.daemon.connect()
        #expect(throws: DaemonConnection.ResponseError.self) {
            try connection.result("initialize", ["context": ["dictionaryPath": ["dicts"]]])
        }
    }
}
