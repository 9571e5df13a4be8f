import ArgumentParser
import Foundation
import TextServices
import TextServicesIO
import TextServicesCLI
import TextServicesProtocol

/// `textsvcd copy`: standard input to a pasteboard.
struct CopyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "copy",
        abstract: "Copy standard input to a pasteboard of the running daemon.",
        discussion: """
            Replaces the pasteboard's items with one item holding standard input under --type. \
            Input that is valid UTF-8 is stored as text, anything else as bytes (base64 on the wire). \
            With a running daemon the pasteboard is shared with every other client: terminals, tmux panes, \
            editors. Exit status: 0 copied, 2 an error.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Option(name: .long, help: "The pasteboard to copy to (created when missing).")
    var pasteboard: String = PasteboardStore.general

    @Option(name: .long, help: "The type to store the data under: a UTI such as public.html or a MIME type such as image/png.")
    var type: String = PasteboardTypes.utf8PlainText

    @Flag(name: .long, help: "Store the input as bytes even when it is valid UTF-8.")
    var binary = false

    @Flag(name: .long, help: "Print the pasteboard's new change count.")
    var printChangeCount = false

    @Flag(name: .long, help: "Keep the data off the desktop's clipboard (for general, which the daemon mirrors there).")
    var localOnly = false

    @Option(name: .long, help: "Seconds after which the data vanishes from the pasteboard (and the desktop's clipboard).")
    var expiresAfter: Double?

    func validate() throws {
        if let expiresAfter, !(expiresAfter > 0 && expiresAfter.isFinite) {
            throw ValidationError("--expires-after must be a positive number of seconds")
        }
    }

    func run() throws {
        let bytes = [UInt8](FileHandle.standardInput.readDataToEndOfFile())
        var copy = PasteboardCopy()
        copy.pasteboard = pasteboard
        copy.type = type
        copy.binary = binary
        copy.localOnly = localOnly
        copy.expiresAfter = expiresAfter
        let context = CommandContext(options: global.clientOptions)
        do {
            let noDaemonRuns = context.noDaemonRuns
            let changeCount = try copy.run(bytes, client: context.client, noDaemonRuns: noDaemonRuns)
            if printChangeCount { print(changeCount) }
        } catch {
            StandardError.print("textsvcd: \(error.message)")
            throw ExitCode(2)
        }
    }
}
