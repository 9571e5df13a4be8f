/// A program that reads and writes the desktop's clipboard, and how to call it; found the way Neovim finds one.
///
/// Neovim's order (`:help clipboard`): under Wayland (`WAYLAND_DISPLAY`),
/// wl-clipboard (`wl-copy` and `wl-paste`); under X11 (`DISPLAY`), xsel if
/// `xsel -o -b` works, else xclip. A preference (`serve --clipboard`, or
/// `TEXTSVCD_CLIPBOARD`) names one of them, or `none`. Values; thread-safe.
public struct ClipboardProvider: Sendable, Equatable {
    /// The programs textsvcd knows how to drive.
    public enum Kind: String, Sendable, CaseIterable {
        case wlClipboard = "wl-clipboard"
        case xsel
        case xclip
    }

    /// A command line: the program's full path and its arguments.
    struct Command: Equatable {
        var executable: String
        var arguments: [String]
    }

    public let kind: Kind
    /// `wayland` or `x11`.
    public let session: String
    /// The display the provider works on (`WAYLAND_DISPLAY` or `DISPLAY`).
    public let display: String
    /// The environment the provider runs in (the daemon's).
    let environment: [String: String]
    private let copyProgram: String
    private let pasteProgram: String

    /// What detection found: a provider, or why there is none.
    public enum Detection: Sendable, Equatable {
        case found(ClipboardProvider)
        case none(reason: String)
    }

    /// The names a preference may take: `auto` (the default), `none`, or a provider's.
    public static let preferences = ["auto", "none"] + Kind.allCases.map(\.rawValue)

    /// Finds the provider to use in an environment, honouring a preference (nil or `auto` for Neovim's order).
    ///
    /// Runs `xsel -o -b` once when xsel is a candidate (at most two
    /// seconds), as Neovim does, since xsel can be installed but unusable.
    public static func detect(environment: [String: String], preference: String?) -> Detection {
        let wanted = preference ?? "auto"
        if wanted == "none" { return .none(reason: "disabled (--clipboard none)") }
        let path = environment["PATH"]
        let wayland = environment["WAYLAND_DISPLAY"].flatMap { $0.isEmpty ? nil : $0 }
        let x11 = environment["DISPLAY"].flatMap { $0.isEmpty ? nil : $0 }
        guard wayland != nil || x11 != nil else {
            return .none(reason: "not in a graphical session (neither WAYLAND_DISPLAY nor DISPLAY is set)")
        }
        var tried: [String] = []
        for kind in Kind.allCases where wanted == "auto" || wanted == kind.rawValue {
            // wl-clipboard is two programs (copy, then paste); xsel and xclip do both.
            let (session, variable, display, programs) = kind == .wlClipboard
                ? ("wayland", "WAYLAND_DISPLAY", wayland, ["wl-copy", "wl-paste"])
                : ("x11", "DISPLAY", x11, [kind.rawValue])
            guard let display else {
                tried.append("\(kind.rawValue) needs \(variable)")
                continue
            }
            let located = programs.compactMap { ExternalProgram.locate($0, path: path) }
            guard located.count == programs.count else {
                tried.append("\(programs.joined(separator: " and ")) \(programs.count == 1 ? "is" : "are") not on PATH")
                continue
            }
            if kind == .xsel {
                let probe = try? ExternalProgram.run(located[0], ["-o", "-b"], captureOutput: true, environment: environment,
                                                     timeout: .seconds(2), maximumOutputBytes: 1 << 20)
                guard probe?.status == 0 else {
                    tried.append("xsel -o -b failed")
                    continue
                }
            }
            return .found(ClipboardProvider(kind: kind, session: session, display: display, environment: environment,
                                            copyProgram: located[0], pasteProgram: located[located.count - 1]))
        }
        if !preferences.contains(wanted) {
            return .none(reason: "unknown clipboard provider '\(wanted)' (known: \(preferences.joined(separator: ", ")))")
        }
        return .none(reason: "no clipboard program found (install wl-clipboard, xsel or xclip): " + tried.joined(separator: "; "))
    }

    /// Whether the provider can read and write other types than plain text (xsel cannot).
    var handlesTypes: Bool { kind != .xsel }

    /// The command that puts its standard input on the clipboard, as `mime` (plain UTF-8 text when nil).
    ///
    /// xclip and xsel fork a child that serves the clipboard until another
    /// program takes it; the command itself ends once it has read its input.
    func copy(mime: String?) -> Command {
        switch kind {
        case .wlClipboard: return Command(executable: copyProgram, arguments: ["--type", mime ?? "text/plain;charset=utf-8"])
        case .xsel: return Command(executable: copyProgram, arguments: ["--input", "--clipboard"])
        case .xclip: return Command(executable: copyProgram, arguments: ["-in", "-selection", "clipboard"] + (mime.map { ["-target", $0] } ?? []))
        }
    }

    /// The command that writes the clipboard's data of type `mime` (plain UTF-8 text when nil) to standard output.
    func paste(mime: String?) -> Command {
        switch kind {
        case .wlClipboard: return Command(executable: pasteProgram, arguments: ["--no-newline", "--type", mime ?? "text/plain;charset=utf-8"])
        case .xsel: return Command(executable: pasteProgram, arguments: ["--output", "--clipboard"])
        case .xclip: return Command(executable: pasteProgram, arguments: ["-out", "-selection", "clipboard"] + (mime.map { ["-target", $0] } ?? []))
        }
    }

    /// The command that lists the types the clipboard offers, one a line; nil when the provider cannot.
    func listTypes() -> Command? {
        switch kind {
        case .wlClipboard: return Command(executable: pasteProgram, arguments: ["--list-types"])
        case .xsel: return nil
        case .xclip: return Command(executable: pasteProgram, arguments: ["-out", "-selection", "clipboard", "-target", "TARGETS"])
        }
    }

    /// The command that empties the clipboard; its standard input is empty.
    func clear() -> Command {
        switch kind {
        case .wlClipboard: return Command(executable: copyProgram, arguments: ["--clear"])
        case .xsel: return Command(executable: copyProgram, arguments: ["--clear", "--clipboard"])
        case .xclip: return copy(mime: nil)
        }
    }

    /// The long-running command that prints a line each time the clipboard changes, when the provider has one.
    func watch() -> Command? {
        kind == .wlClipboard ? Command(executable: pasteProgram, arguments: ["--watch", "echo", "changed"]) : nil
    }
}
