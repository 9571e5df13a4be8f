import Foundation
import Testing
import TextServices
import TextServicesProtocol

/// The real `textsvcd` binary running `serve` in a private temporary folder, for integration tests.
///
/// Each harness has its own `XDG_RUNTIME_DIR` (so the daemon listens on the
/// contract's default path inside it), `XDG_DATA_HOME` and `HOME`, and is
/// stopped and cleaned up when released. The binary is the one built next
/// to the test bundle (`.build/<triple>/debug/textsvcd`), or
/// `$TEXTSVCD_BINARY`. Typical use:
///
///     let daemon = try DaemonHarness.start()
///     let result = try daemon.call("spell.check", ["text": "teh"])   // textsvcd: ignore teh
final class DaemonHarness: @unchecked Sendable {
    let root: String
    let runtimeDirectory: String
    let dataHome: String
    let socketPath: String
    let logPath: String
    let environment: [String: String]
    private let process: Process

    var pid: Int32 { process.processIdentifier }
    var isRunning: Bool { process.isRunning }
    /// Everything the daemon wrote to stdout and stderr so far.
    var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    /// The `textsvcd` executable under test.
    static var binaryPath: String { TestSupport.binary }

    /// A fresh private folder tree and the environment a daemon or client command should see there.
    static func makeSandbox() throws -> (root: String, environment: [String: String]) {
        let root = TemporaryFolders.make("it", forTheRun: false)
        return (root, TestSupport.isolatedEnvironment(root))
    }

    /// Starts `textsvcd serve ARGUMENTS` and waits until it accepts connections.
    ///
    /// The harness removes its sandbox folder when released, unless the sandbox was passed in.
    ///
    /// With `waitUntilReady: false` it returns at once (for a daemon that is
    /// expected to exit). `sandbox` shares another harness's folders (and so
    /// its default socket path).
    static func start(_ arguments: [String] = [], environment extra: [String: String] = [:],
                      sandbox: (root: String, environment: [String: String])? = nil,
                      waitUntilReady: Bool = true) throws -> DaemonHarness {
        let ownsRoot = sandbox == nil
        let sandbox = try sandbox ?? makeSandbox()
        var environment = sandbox.environment
        environment.merge(extra) { _, new in new }
        let harness = try DaemonHarness(root: sandbox.root, environment: environment, arguments: arguments,
                                        ownsRoot: ownsRoot)
        if waitUntilReady { try harness.waitUntilReady() }
        return harness
    }

    private let ownsRoot: Bool

    private init(root: String, environment: [String: String], arguments: [String], ownsRoot: Bool) throws {
        self.root = root
        self.runtimeDirectory = environment["XDG_RUNTIME_DIR"]!
        self.dataHome = environment["XDG_DATA_HOME"]!
        self.environment = environment
        self.ownsRoot = ownsRoot
        if let index = arguments.firstIndex(of: "--socket"), index + 1 < arguments.count {
            socketPath = arguments[index + 1]
        } else {
            socketPath = SocketPath.resolve(environment: environment)
        }
        logPath = root + "/daemon-\(UInt32.random(in: 0...UInt32.max)).log"
        _ = FileManager.default.createFile(atPath: logPath, contents: nil)
        let log = try FileHandle(forWritingTo: URL(fileURLWithPath: logPath))
        process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binaryPath)
        process.arguments = ["serve"] + arguments
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = log
        process.standardError = log
        try process.run()
    }

    deinit {
        if process.isRunning {
            process.interrupt()
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        if ownsRoot { removeSandbox() }
    }

    /// Removes the sandbox folder (call when no other harness uses it).
    func removeSandbox() {
        TemporaryFolders.remove(root)
    }

    /// Waits until a connection succeeds; throws if the daemon exits or 30 s pass.
    func waitUntilReady(timeout: Double = 30 * TestSupport.slowdown) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if !process.isRunning {
                throw TestFailure("the daemon exited with \(process.terminationStatus): \(log)")
            }
            if let probe = try? UnixSocket.open(socketPath) {
                probe.close()
                return
            }
            usleep(20_000)
        }
        throw TestFailure("the daemon did not listen on \(socketPath) within \(timeout) s: \(log)")
    }

    /// A new connection to the daemon.
    func connect() throws -> DaemonConnection {
        DaemonConnection(socket: try UnixSocket.open(socketPath))
    }

    /// Runs one request on a new connection and returns its result; throws on an error response.
    func call(_ method: String, _ params: JSONObject = [:]) throws -> JSONValue {
        try connect().result(method, params)
    }

    /// Sends a signal to the daemon.
    func signal(_ signal: Int32) {
        kill(process.processIdentifier, signal)
    }

    /// The daemon's exit status once it exits within `timeout` seconds, else nil (signals count as 128+N).
    func waitForExit(timeout: Double = 30) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        guard !process.isRunning else { return nil }
        return process.terminationReason == .exit ? process.terminationStatus : 128 + process.terminationStatus
    }

    /// Stops the daemon with SIGTERM (its folders go when the harness is released).
    func stop() {
        if process.isRunning {
            signal(SIGTERM)
            _ = waitForExit(timeout: 15)
        }
        TestSupport.expectNoSanitizerReport(log, from: "the daemon")
    }

    /// Runs another `textsvcd` command in this daemon's environment; returns its status and output.
    func run(_ arguments: [String], stdin: String? = nil, timeout: Double = 60) throws -> TestProcess.Output {
        try TestProcess.run(TestSupport.binary, arguments, stdin: Array((stdin ?? "").utf8), environment: environment,
                            timeout: timeout)
    }
}

/// One client connection to a test daemon, speaking JSON-RPC lines.
final class DaemonConnection {
    let socket: UnixSocket
    private var nextID = 1

    init(socket: UnixSocket) {
        self.socket = socket
    }

    /// The error of an error response.
    struct ResponseError: Error, CustomStringConvertible {
        var code: Int
        var message: String
        var data: JSONValue?
        var description: String { "error \(code): \(message)" }
    }

    /// Sends raw text; add the newline yourself.
    func send(_ text: String) throws {
        try socket.send(text)
    }

    /// Sends a message as one line.
    func send(_ message: JSONValue) throws {
        var bytes: [UInt8] = []
        message.write(to: &bytes)
        bytes.append(0x0A)
        try socket.send(bytes)
    }

    /// The next message the daemon sends, parsed.
    func readMessage(timeout: Double = 20 * TestSupport.slowdown) throws -> JSONValue {
        guard let line = try socket.readLineBytes(timeout: timeout) else {
            throw TestFailure("the daemon closed the connection")
        }
        return try JSONParser.parse(line)
    }

    /// A request message with a fresh numeric id.
    /// Sends `message` behind a quick `initialize` in one write, and returns once the daemon answered `initialize`.
    ///
    /// Both lines arrive in one read and are framed together, so the answer
    /// is the observable sign that the daemon has taken `message` in too
    /// (without a fixed sleep). `message` must be slower than `initialize`.
    func sendAfterProbe(_ message: JSONValue) throws {
        let probe = makeRequest("initialize")
        var bytes: [UInt8] = []
        probe.message.write(to: &bytes)
        bytes.append(0x0A)
        message.write(to: &bytes)
        bytes.append(0x0A)
        try socket.send(bytes)
        let answer = try readMessage()
        guard answer["id"] == .int(probe.id) else {
            throw TestFailure("expected the probe's answer first, got \(answer.serialized)")
        }
    }

    func makeRequest(_ method: String, _ params: JSONObject? = nil) -> (id: Int, message: JSONValue) {
        let id = nextID
        nextID += 1
        var request: JSONObject = ["jsonrpc": "2.0", "id": .int(id), "method": .string(method)]
        if let params { request["params"] = .object(params) }
        return (id, .object(request))
    }

    /// Notifications that arrived while `request` waited for an answer (`spell.changed` goes to every connection).
    private(set) var notifications: [JSONValue] = []

    /// Sends a request and returns the whole response message, setting notifications aside.
    func request(_ method: String, _ params: JSONObject? = nil) throws -> JSONValue {
        let (id, message) = makeRequest(method, params)
        try send(message)
        var response = try readMessage()
        while response["id"] == nil, response["method"] != nil {
            notifications.append(response)
            response = try readMessage()
        }
        #expect(response["id"] == .int(id), "response to \(method) has id \(String(describing: response["id"]))")
        return response
    }

    /// Sends a request and returns its result; throws `ResponseError` on an error response.
    func result(_ method: String, _ params: JSONObject = [:]) throws -> JSONValue {
        let response = try request(method, params)
        if let error = response["error"] { throw Self.responseError(error) }
        guard let result = response["result"] else {
            throw TestFailure("response without result: \(response.serialized)")
        }
        return result
    }

    /// Sends a request that must fail and returns its error.
    func error(_ method: String, _ params: JSONObject = [:]) throws -> ResponseError {
        let response = try request(method, params)
        guard let error = response["error"] else {
            throw TestFailure("expected an error from \(method), got \(response.serialized)")
        }
        return Self.responseError(error)
    }

    static func responseError(_ error: JSONValue) -> ResponseError {
        ResponseError(code: error["code"]?.intValue ?? 0, message: error["message"]?.stringValue ?? "",
                      data: error["data"])
    }

    func close() { socket.close() }
}
