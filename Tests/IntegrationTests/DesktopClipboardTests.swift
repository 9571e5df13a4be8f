import Foundation
import Testing
@testable import TextServices
@testable import TextServicesProtocol
@testable import TextServicesTestSupport

/// An X server of the test's own (Xvfb on a display it picks itself), stopped when released.
///
/// Started through `ExternalProgram`, not Foundation's `Process`: a child of
/// `Process` inherits the signal mask of the test's thread, where SIGTERM is
/// blocked, so Xvfb would never hear it and `stop()` would wait forever.
final class VirtualDisplay {
    let name: String
    private let process: ExternalProgram.Running

    /// Starts Xvfb; it chooses a free display and writes its number on standard output (`-displayfd 1`).
    init() throws {
        let executable = try #require(TestSupport.which("Xvfb"))
        process = try ExternalProgram.start(executable, ["-displayfd", "1", "-nolisten", "tcp", "-noreset",
                                                         "-screen", "0", "320x200x24"],
                                            environment: ProcessInfo.processInfo.environment)
        // Xvfb either says which display it took or exits (then the read ends).
        var buffer: [UInt8] = []
        let line = process.readLine(buffer: &buffer).map { String(decoding: $0, as: UTF8.self) }
        guard let number = line.flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }) else {
            process.stop()
            process.closeOutput()
            throw TestFailure("Xvfb did not say which display it took (it wrote \(line ?? "nothing"))")
        }
        name = ":\(number)"
    }

    /// Stops the X server, as when a desktop session ends (SIGTERM, then SIGKILL after a moment).
    func stop() {
        process.stop()
    }

    deinit {
        stop()
        process.closeOutput()
    }
}

/// The desktop clipboard bridge against a real X11 clipboard: Xvfb, xclip, and the daemon.
@Suite("Desktop clipboard under Xvfb", .slow, .serialized,
       .enabled(if: TestSupport.which("Xvfb") != nil && TestSupport.which("xclip") != nil,
                "needs Xvfb and xclip (apt install xvfb xclip; scripts/install-deps --with-tests installs them)"))
struct DesktopClipboardTests {
    private let scratch = TemporaryFolder("desktop")

    /// Runs xclip on the display, as another program on the desktop would.
    ///
    /// Not through `TestProcess.run`: `xclip -i` forks a child that serves the
    /// selection and lives on, and Foundation's `Process` counts a program as
    /// running until every process holding its internal socket has gone, so it
    /// would wait for that child forever. `ExternalProgram` (what the daemon
    /// runs its providers with) gives the child none of this process's
    /// descriptors and is done when xclip itself exits.
    func xclip(_ arguments: [String], stdin: String = "", display: VirtualDisplay) throws -> TestProcess.Output {
        var environment = TestSupport.isolatedEnvironment(scratch.folder("xclip"))
        environment["DISPLAY"] = display.name
        let reading = arguments.contains("-o")
        let outcome = try ExternalProgram.run(try #require(TestSupport.which("xclip")), arguments + ["-selection", "clipboard"],
                                              input: reading ? nil : Array(stdin.utf8), captureOutput: reading,
                                              environment: environment, timeout: .seconds(30 * TestSupport.slowdown))
        if outcome.timedOut { throw TestFailure("xclip \(arguments) timed out") }
        return TestProcess.Output(status: outcome.status ?? -1, stdoutBytes: outcome.output, stderr: outcome.errorOutput)
    }

    /// Whether the bridge has finished starting: it watches, or it said why it does not mirror.
    static func started(_ status: JSONValue) -> Bool {
        status["watching"] != nil || (status["reason"] != nil && status["reason"] != "starting")
    }

    /// The daemon's `clipboard` in `stats`, once `ready` holds for it (after at most 30 s).
    func clipboardStatus(_ daemon: DaemonHarness, until ready: (JSONValue) -> Bool) throws -> JSONValue {
        let deadline = Date().addingTimeInterval(30 * TestSupport.slowdown)
        var status = JSONValue.null
        while Date() < deadline {
            status = try daemon.call("stats")["clipboard"] ?? .null
            if ready(status) { return status }
            usleep(20_000)
        }
        throw TestFailure("the clipboard status never became ready: \(status.serialized)")
    }

    /// Waits for `pasteboard.changed` of `general` above `count` on a subscribed connection; its change count.
    func nextChange(of connection: DaemonConnection, above count: Int) throws -> Int {
        while true {
            let message = try connection.readMessage(timeout: 30 * TestSupport.slowdown)
            guard message["method"] == "pasteboard.changed", message["params"]?["name"] == "general",
                  let changed = message["params"]?["changeCount"]?.intValue else { continue }
            if changed > count { return changed }
        }
    }

    /// What the desktop's clipboard holds once it holds `expected` (read with xclip, for at most 30 s).
    func waitForDesktop(_ expected: String, display: VirtualDisplay) throws -> String {
        let deadline = Date().addingTimeInterval(30 * TestSupport.slowdown)
        var seen = ""
        while Date() < deadline {
            seen = try xclip(["-o"], display: display).stdout
            if seen == expected { return seen }
            usleep(50_000)
        }
        return seen
    }

    @Test func generalMirrorsTheDesktopClipboardBothWaysAndLocalOnlyStaysInside() throws {
        let display = try VirtualDisplay()
        let daemon = try DaemonHarness.start(environment: ["DISPLAY": display.name, "TEXTSVCD_CLIPBOARD": "xclip"])
        defer { daemon.stop() }
        let status = try clipboardStatus(daemon, until: Self.started)
        #expect(status["provider"] == "xclip")
        #expect(status["display"] == .string(display.name))
        #expect(status["watching"] == "xfixes")

        let listener = try daemon.connect()
        let start = try #require(try listener.result("pasteboard.subscribe", ["name": "general"])["changeCount"]?.intValue)

        // Copied by another program: general takes it in, its count goes up, the subscriber hears of it.
        _ = try xclip(["-i"], stdin: "copied in another program", display: display)
        let imported = try nextChange(of: listener, above: start)
        let paste = try daemon.run(["paste"])
        #expect(paste.status == 0, "\(paste.stderr)")
        #expect(paste.stdout == "copied in another program")
        #expect(try daemon.call("pasteboard.info", ["name": "general"])["changeCount"] == .int(imported))
        // Held in memory only: general's file has the count and none of the text.
        let file = String(decoding: FileSystem.read(daemon.dataHome + "/textsvcd/pasteboards/general.pasteboard") ?? [], as: UTF8.self)
        #expect(file.contains("\"changeCount\":\(imported)"))
        #expect(!file.contains("another program"))

        // Copied with textsvcd: readable with xclip.
        let copy = try daemon.run(["copy"], stdin: "copied with textsvcd")
        #expect(copy.status == 0, "\(copy.stderr)")
        #expect(try waitForDesktop("copied with textsvcd", display: display) == "copied with textsvcd")

        // A localOnly write: general holds it, the desktop does not, once the bridge has dealt with that change.
        let local = try daemon.run(["copy", "--local-only", "--print-change-count"], stdin: "local secret")
        let localCount = try #require(Int(local.stdout.trimmingCharacters(in: .whitespacesAndNewlines)), "\(local.stderr)")
        _ = try clipboardStatus(daemon) { ($0["synchronizedChangeCount"]?.intValue ?? 0) >= localCount }
        #expect(try xclip(["-o"], display: display).stdout == "copied with textsvcd")
        #expect(try daemon.run(["paste"]).stdout == "local secret")
        #expect(try daemon.call("pasteboard.info", ["name": "general"])["localOnly"] == true)
        #expect(try daemon.call("stats")["clipboard"]?["failures"] == 0)
    }

    /// A bridge in this process with a store of its own, on `display` through xclip, once it has started.
    func bridge(on display: VirtualDisplay) throws -> (DesktopClipboard, PasteboardStore) {
        let store = PasteboardStore(folder: scratch.folder("pasteboards"))
        var environment = TestSupport.isolatedEnvironment(scratch.folder("bridge"))
        environment["DISPLAY"] = display.name
        let bridge = DesktopClipboard.start(store: store, environment: environment, preference: "xclip")
        try waitUntil("the bridge started") { bridge.status.watching != nil || (bridge.status.reason ?? "starting") != "starting" }
        return (bridge, store)
    }

    /// Waits until `condition` holds (for at most 30 s).
    func waitUntil(_ what: String, _ condition: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(30 * TestSupport.slowdown)
        while !condition() {
            guard Date() < deadline else { throw TestFailure("waited in vain: \(what)") }
            usleep(20_000)
        }
    }

    static func text(_ text: String) -> [PasteboardItem] {
        [PasteboardItem([.init(type: PasteboardTypes.utf8PlainText, value: .text(text))])]
    }

    /// `general`'s text and whether it is local only.
    static func general(_ store: PasteboardStore) -> (text: String?, localOnly: Bool?) {
        let contents = store.contents(PasteboardStore.general)
        return (contents?.items.first?.pasteText, contents?.options.localOnly)
    }

    // Under load, the bridge's xclip takes the clipboard only after the next write of general (the CI failure of the
    // test above): the bridge's queue is held here from its export until that write is made.
    @Test func theEchoOfTheBridgesOwnCopyDoesNotReplaceALaterLocalOnlyWriteButANewCopyIsTakenIn() throws {
        let display = try VirtualDisplay()
        let (bridge, store) = try bridge(on: display)
        defer { bridge.stop() }
        #expect(bridge.status.watching == "xfixes")
        // Both empty at the start: nothing was sent, so no echo of the start is on its way either.
        #expect(bridge.status.exports == 0)
        let (exporting, echoing) = (DispatchSemaphore(value: 0), DispatchSemaphore(value: 0))
        defer { exporting.signal(); echoing.signal() }
        bridge.queue.async { exporting.wait() }
        _ = try store.write(PasteboardStore.general, items: Self.text("copied with textsvcd"))
        bridge.queue.async { echoing.wait() }
        exporting.signal()
        // xclip holds the clipboard: the change of owner it made is on its way to the bridge, whose queue waits.
        #expect(try waitForDesktop("copied with textsvcd", display: display) == "copied with textsvcd")
        let reads = bridge.status.reads
        let localCount = try store.write(PasteboardStore.general, items: Self.text("local secret"), options: .init(localOnly: true))
        echoing.signal()
        try waitUntil("the bridge read the desktop after the echo") { bridge.status.reads > reads }
        bridge.queue.sync {}
        #expect(Self.general(store) == ("local secret", true))
        #expect(store.contents(PasteboardStore.general)?.changeCount == localCount)
        #expect(bridge.status.imports == 0)

        // Another program's copy is taken in, and so is the same text copied again after a local-only write.
        _ = try xclip(["-i"], stdin: "copied in another program", display: display)
        try waitUntil("general took in the other program's copy") { Self.general(store).text == "copied in another program" }
        bridge.queue.sync {}  // an import counts itself in the status after its write
        #expect(store.contents(PasteboardStore.general)?.changeCount == localCount + 1)
        _ = try store.write(PasteboardStore.general, items: Self.text("another secret"), options: .init(localOnly: true))
        _ = try xclip(["-i"], stdin: "copied in another program", display: display)
        try waitUntil("general took in the same text copied again") { Self.general(store).text == "copied in another program" }
        bridge.queue.sync {}
        #expect(Self.general(store).localOnly == false)
        #expect(bridge.status.imports == 2)
        #expect(bridge.status.failures == 0)
    }

    // Where changes cannot be heard (no libXfixes; Xvfb crashes with XFIXES disabled) the bridge reads the clipboard
    // every 2 s, as here, and each read finds the bridge's own earlier copy still on the desktop.
    @Test func aPollThatFindsTheBridgesOwnEarlierCopyLeavesALocalOnlyWrite() throws {
        let display = try VirtualDisplay()
        let (bridge, store) = try bridge(on: display)
        defer { bridge.stop() }
        _ = try store.write(PasteboardStore.general, items: Self.text("copied with textsvcd"))
        #expect(try waitForDesktop("copied with textsvcd", display: display) == "copied with textsvcd")
        let localCount = try store.write(PasteboardStore.general, items: Self.text("local secret"), options: .init(localOnly: true))
        // What a poll does, twice: the first may take the export's echo with it, the second hears of no change at all.
        bridge.queue.sync { bridge.importDesktop() }
        bridge.queue.sync { bridge.importDesktop() }
        #expect(Self.general(store) == ("local secret", true))
        #expect(store.contents(PasteboardStore.general)?.changeCount == localCount)
        _ = try xclip(["-i"], stdin: "copied in another program", display: display)
        #expect(try waitForDesktop("copied in another program", display: display) == "copied in another program")
        bridge.queue.sync { bridge.importDesktop() }
        #expect(Self.general(store).text == "copied in another program")
        #expect(bridge.status.failures == 0)
    }

    @Test func htmlAndImagesCrossAndExpiryEmptiesTheDesktop() throws {
        let display = try VirtualDisplay()
        let daemon = try DaemonHarness.start(environment: ["DISPLAY": display.name, "TEXTSVCD_CLIPBOARD": "xclip"])
        defer { daemon.stop() }
        _ = try clipboardStatus(daemon, until: Self.started)
        let listener = try daemon.connect()
        var count = try #require(try listener.result("pasteboard.subscribe", ["name": "general"])["changeCount"]?.intValue)

        // Only HTML on the desktop (as a browser's rich copy without text): Paste gets its text.
        _ = try xclip(["-i", "-t", "text/html"], stdin: "<p>Tea &amp; <b>cake</b></p>", display: display)
        count = try nextChange(of: listener, above: count)
        let menu = try daemon.call("edit.actions", ["text": "x", "selection": ["start": 1, "end": 1]])
        let paste = menu["actions"]?.arrayValue?.first { $0["id"] == "paste" }
        #expect(paste?["edit"]?["newText"] == "Tea & cake")

        // An image written to general reaches the desktop as image/png.
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x01]
        _ = try daemon.call("pasteboard.write", ["name": "general", "items": [["public.png": ["base64": .string(Base64.encode(png))]]]])
        let deadline = Date().addingTimeInterval(30 * TestSupport.slowdown)
        var targets = ""
        while Date() < deadline, !targets.contains("image/png") {
            targets = try xclip(["-o", "-t", "TARGETS"], display: display).stdout
            usleep(50_000)
        }
        #expect(try xclip(["-o", "-t", "image/png"], display: display).stdoutBytes == png)

        // Text that expires leaves the desktop's clipboard with it.
        _ = try daemon.run(["copy", "--expires-after", "3"], stdin: "one-time code")
        #expect(try waitForDesktop("one-time code", display: display) == "one-time code")
        count = try nextChange(of: listener, above: count)
        while try daemon.call("pasteboard.info", ["name": "general"])["types"] != [] {
            count = try nextChange(of: listener, above: count)
        }
        #expect(try waitForDesktop("", display: display) == "")
    }

    @Test func theDaemonOutlivesTheXServerAndSaysSo() throws {
        let display = try VirtualDisplay()
        let daemon = try DaemonHarness.start(environment: ["DISPLAY": display.name])
        defer { daemon.stop() }
        // Without a preference, Neovim's order: xsel when it works, else xclip.
        let status = try clipboardStatus(daemon, until: Self.started)
        #expect(status["provider"] == (TestSupport.which("xsel") != nil ? "xsel" : "xclip"))
        let languages = try daemon.run(["languages"])
        #expect(languages.stdout.contains("clipboard: general mirrors the desktop's clipboard through"), "\(languages.stdout)")
        display.stop()
        let lost = try clipboardStatus(daemon) { $0["provider"] == nil }
        #expect(lost["reason"]?.stringValue?.contains("X server") == true, "\(lost.serialized)")
        // General goes on working as anywhere else.
        _ = try daemon.run(["copy"], stdin: "after the session")
        #expect(try daemon.run(["paste"]).stdout == "after the session")
        #expect(daemon.isRunning)
        #expect(try daemon.run(["languages"]).stdout.contains("clipboard: general is not mirrored"))
    }

    @Test func withoutADisplayGeneralIsNotMirroredAndStatsSaysWhy() throws {
        let daemon = try DaemonHarness.start()
        defer { daemon.stop() }
        let status = try clipboardStatus(daemon, until: Self.started)
        #expect(status["provider"] == nil)
        #expect(status["reason"]?.stringValue?.contains("not in a graphical session") == true)
        #expect(try daemon.run(["languages"]).stdout.contains("clipboard: general is not mirrored to the desktop's clipboard: not in a graphical session"))
    }
}
