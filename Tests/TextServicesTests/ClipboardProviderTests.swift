import Foundation
import Testing
@testable import TextServices
@testable import TextServicesProtocol
@testable import TextServicesTestSupport

/// Running providers under deadlines, finding one as Neovim does, and what travels between `general` and the desktop.
@Suite struct ClipboardProviderTests {
    private let scratch = TemporaryFolder("clipboard")

    let environment = ProcessInfo.processInfo.environment

    // MARK: Running programs

    @Test func aProgramGetsItsInputAndGivesItsOutput() throws {
        let input = Array((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        let outcome = try ExternalProgram.run("/bin/cat", [], input: input, captureOutput: true, environment: environment,
                                              timeout: .seconds(30))
        #expect(outcome.succeeded)
        #expect(outcome.output == input)
        let failing = try ExternalProgram.run("/bin/sh", ["-c", "echo oops >&2; exit 3"], captureOutput: true,
                                              environment: environment, timeout: .seconds(30))
        #expect(failing.status == 3)
        #expect(failing.errorOutput == "oops\n")
    }

    @Test func aProgramThatOutlivesItsDeadlineIsKilledWithWhatItForked() throws {
        let marker = scratch.folder("forked") + "/pid"
        // The shell forks a sleeper and waits for it: both must go when the deadline passes.
        let outcome = try ExternalProgram.run("/bin/sh", ["-c", "sleep 60 & echo $! > \(marker); wait"], captureOutput: true,
                                              environment: environment, timeout: .milliseconds(500))
        #expect(outcome.timedOut)
        #expect(outcome.status == nil)
        let child = try #require(Int32(String(decoding: FileSystem.read(marker) ?? [], as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)))
        var gone = false
        for _ in 0..<500 where !gone {
            gone = kill(child, 0) != 0
            if !gone { usleep(10_000) }
        }
        #expect(gone, "the forked sleeper \(child) outlived the deadline")
    }

    @Test func outputPastItsLimitStopsTheProgram() throws {
        let outcome = try ExternalProgram.run("/usr/bin/yes", [], captureOutput: true, environment: environment,
                                              timeout: .seconds(30), maximumOutputBytes: 10_000)
        #expect(outcome.outputTruncated)
        #expect(outcome.output.count == 10_000)
        #expect(!outcome.succeeded)
    }

    @Test func aProgramThatIgnoresItsInputDoesNotHurtTheCaller() throws {
        // Writing to a pipe nobody reads raises SIGPIPE; it must not reach this process.
        let outcome = try ExternalProgram.run("/bin/true", [], input: [UInt8](repeating: 0x61, count: 1 << 20), captureOutput: false,
                                              environment: environment, timeout: .seconds(30))
        #expect(outcome.status == 0)
    }

    @Test func aProgramHoldsNoDescriptorOfThisProcess() throws {
        let held = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/etc/hostname"))
        defer { try? held.close() }
        let outcome = try ExternalProgram.run("/bin/sh", ["-c", "ls /proc/$$/fd"], captureOutput: true, environment: environment,
                                              timeout: .seconds(30))
        // 0-2, and the one `ls` opens to read the folder when the shell runs it in its own process.
        let descriptors = String(decoding: outcome.output, as: UTF8.self).split(separator: "\n").compactMap { Int($0) }
        #expect(descriptors.allSatisfy { $0 <= 3 }, "the child held \(descriptors)")
        #expect(throws: SystemFailure.self) {
            try ExternalProgram.run("/no/such/program", [], captureOutput: true, environment: environment, timeout: .seconds(1))
        }
    }

    // MARK: Finding a provider

    /// A PATH folder holding links to some of the real providers only.
    func path(with programs: [String]) throws -> String? {
        let folder = scratch.folder("path")
        for program in programs {
            guard let real = TestSupport.which(program) else { return nil }
            try FileManager.default.createSymbolicLink(atPath: "\(folder)/\(program)", withDestinationPath: real)
        }
        return folder
    }

    @Test func noDisplayNoProviderAndNoneAreSaidPlainly() throws {
        let empty = scratch.folder("path")
        func reason(_ environment: [String: String], _ preference: String? = nil) -> String? {
            if case .none(let reason) = ClipboardProvider.detect(environment: environment, preference: preference) { return reason }
            return nil
        }
        #expect(reason(["PATH": empty])?.contains("not in a graphical session") == true)
        #expect(reason(["PATH": empty, "DISPLAY": ""])?.contains("not in a graphical session") == true)
        #expect(reason(["PATH": empty, "DISPLAY": ":0"])?.contains("install wl-clipboard, xsel or xclip") == true)
        #expect(reason(["PATH": empty, "DISPLAY": ":0"], "none")?.contains("disabled") == true)
        #expect(reason(["PATH": empty, "DISPLAY": ":0"], "pbcopy")?.contains("unknown clipboard provider 'pbcopy'") == true)
        #expect(reason(["PATH": empty, "DISPLAY": ":0"], "wl-clipboard")?.contains("WAYLAND_DISPLAY") == true)
    }

    @Test(.enabled(if: TestSupport.which("xclip") != nil && TestSupport.which("wl-copy") != nil,
                   "needs xclip and wl-clipboard (apt install xclip wl-clipboard)"))
    func providersAreFoundInNeovimsOrder() throws {
        let all = try #require(try path(with: ["wl-copy", "wl-paste", "xclip"]))
        func found(_ environment: [String: String], _ preference: String? = nil) -> ClipboardProvider? {
            if case .found(let provider) = ClipboardProvider.detect(environment: environment, preference: preference) { return provider }
            return nil
        }
        // Wayland first; under X11 xclip when xsel is missing.
        #expect(found(["PATH": all, "WAYLAND_DISPLAY": "wayland-1", "DISPLAY": ":1"])?.kind == .wlClipboard)
        #expect(found(["PATH": all, "WAYLAND_DISPLAY": "wayland-1", "DISPLAY": ":1"])?.display == "wayland-1")
        let x11 = try #require(found(["PATH": all, "DISPLAY": ":1"]))
        #expect(x11.kind == .xclip)
        #expect(x11.session == "x11")
        #expect(found(["PATH": all, "WAYLAND_DISPLAY": "wayland-1", "DISPLAY": ":1"], "xclip")?.kind == .xclip)
        #expect(x11.copy(mime: nil).arguments == ["-in", "-selection", "clipboard"])
        #expect(x11.paste(mime: "text/html").arguments == ["-out", "-selection", "clipboard", "-target", "text/html"])
    }

    @Test(.enabled(if: TestSupport.which("xsel") != nil && TestSupport.which("xclip") != nil, "needs xsel and xclip"))
    func xselIsPassedOverWhenItCannotReadTheClipboard() throws {
        let both = try #require(try path(with: ["xsel", "xclip"]))
        // No X server answers on this display: `xsel -o -b` fails, so xclip is taken, as Neovim does.
        let environment = ["PATH": both, "DISPLAY": ":\(60_000 + Int(getpid()) % 5_000)"]
        guard case .found(let provider) = ClipboardProvider.detect(environment: environment, preference: nil) else {
            Issue.record("no provider found")
            return
        }
        #expect(provider.kind == .xclip)
    }

    // MARK: Payloads

    @Test(.enabled(if: TestSupport.which("xclip") != nil, "needs xclip"))
    func whatGoesToTheDesktopIsThePasteTextElseTypedData() throws {
        let provider = try #require(ClipboardProviderTests.anyProvider())
        let text = PasteboardItem([.init(type: "public.html", value: .text("<b>a</b>")), .init(type: "public.utf8-plain-text", value: .text("a"))])
        #expect(DesktopClipboard.payload(of: [text], provider: provider) == .text("a", html: "<b>a</b>"))
        let two = [PasteboardItem.plainText("a"), PasteboardItem([.init(type: "public.url", value: .text("https://b.example/"))])]
        #expect(DesktopClipboard.payload(of: two, provider: provider) == .text("a\nhttps://b.example/", html: nil))
        let image = PasteboardItem([.init(type: "public.png", value: .bytes([0x89, 0x50]))])
        #expect(DesktopClipboard.payload(of: [image], provider: provider) == .data(mime: "image/png", bytes: [0x89, 0x50]))
        let unknown = PasteboardItem([.init(type: "com.example.private", value: .bytes([1]))])
        #expect(DesktopClipboard.payload(of: [unknown], provider: provider) == .empty)
        #expect(DesktopClipboard.payload(of: [], provider: provider) == .empty)
        // From the desktop: text with its HTML, or typed data under its UTI.
        #expect(DesktopClipboard.item(.text("t", html: "<i>t</i>")).types == ["public.utf8-plain-text", "public.html"])
        #expect(DesktopClipboard.item(.data(mime: "image/png", bytes: [1])) == PasteboardItem([.init(type: "public.png", value: .bytes([1]))]))
        #expect(DesktopClipboard.item(.data(mime: "text/uri-list", bytes: Array("https://x/".utf8)))
            == PasteboardItem([.init(type: "public.url", value: .text("https://x/"))]))
    }

    /// Some provider, for the payload rules (they do not run it).
    static func anyProvider() -> ClipboardProvider? {
        guard let xclip = TestSupport.which("xclip") else { return nil }
        let folder = (xclip as NSString).deletingLastPathComponent
        if case .found(let provider) = ClipboardProvider.detect(environment: ["PATH": folder, "DISPLAY": ":1"], preference: "xclip") {
            return provider
        }
        return nil
    }
}
