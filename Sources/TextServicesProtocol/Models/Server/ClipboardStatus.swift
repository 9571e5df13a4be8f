import TextServices

/// Whether and how the daemon mirrors `general` and the desktop's clipboard (`stats`' `clipboard`).
public struct ClipboardStatus: Codable, Sendable, Equatable {
    /// The provider in use (`xclip`, `xsel`, `wl-clipboard`); absent when `general` is not mirrored.
    public var provider: String?
    /// `x11` or `wayland`.
    public var session: String?
    public var display: String?
    /// How changes are heard: `xfixes`, `wl-paste --watch`, or polling.
    public var watching: String?
    /// Why `general` is not mirrored, when it is not.
    public var reason: String?
    public var imports: Int
    public var exports: Int
    public var failures: Int
    public var lastError: String?
    /// The change count of `general` last brought in line with the desktop.
    public var synchronizedChangeCount: Int?

    /// The status of a bridge; without one, says that only the daemon mirrors the clipboard.
    public init(_ status: DesktopClipboard.Status?) {
        guard let status else {
            self.init(reason: "only the daemon (textsvcd serve) mirrors the desktop's clipboard")
            return
        }
        self.init(reason: status.reason)
        provider = status.provider
        session = status.session
        display = status.display
        watching = status.watching
        imports = status.imports
        exports = status.exports
        failures = status.failures
        lastError = status.lastError
        synchronizedChangeCount = status.synchronizedChangeCount
    }

    init(reason: String?) {
        self.reason = reason
        imports = 0
        exports = 0
        failures = 0
    }

    /// One line for people: `xclip on DISPLAY=:0 (x11), changes heard through xfixes`, or why not.
    public var summary: String {
        guard let provider else { return "general is not mirrored to the desktop's clipboard: \(reason ?? "no provider")" }
        let variable = session == "wayland" ? "WAYLAND_DISPLAY" : "DISPLAY"
        var line = "general mirrors the desktop's clipboard through \(provider) on \(variable)=\(display ?? "?")"
        if let watching { line += ", changes heard by \(watching)" }
        if let lastError { line += "; last error: \(lastError)" }
        return line
    }
}
