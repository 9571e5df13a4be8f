import ArgumentParser
import Foundation
import TextServices
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
        let value: PasteboardItem.Value
        if !binary, UTF8Validation.firstInvalidOffset(in: bytes) == nil {
            value = .text(String(decoding: bytes, as: UTF8.self))
        } else {
            value = .bytes(bytes)
        }
        let item = PasteboardItem([PasteboardItem.Representation(type: type, value: value)])
        let context = CommandContext(options: global.clientOptions)
        do {
            // Without a daemon only a persistent pasteboard outlives this command: refuse to copy into one that does not.
            if context.noDaemonRuns {
                let persistent = (try? context.client.send(PasteboardInfoRequest(name: pasteboard)))?.persistent ?? false
                guard persistent else {
                    StandardError.print("""
                        textsvcd: pasteboard '\(pasteboard)' is not persistent and no daemon is running, so the copy \
                        would be lost when this command exits; start the daemon (textsvcd serve), or make the pasteboard \
                        persistent: textsvcd call --no-daemon pasteboard.create '{"name": "\(pasteboard)", "persistent": true}'
                        """)
                    throw ExitCode(2)
                }
            }
            let expiration = expiresAfter.map { WireDate(Date(timeIntervalSinceNow: $0)) }
            let result = try context.client.send(PasteboardWriteRequest(name: pasteboard, items: [WirePasteboardItem(item)],
                                                                        expirationDate: expiration,
                                                                        localOnly: localOnly ? true : nil))
            if printChangeCount { print(result.changeCount) }
        } catch let error as ServiceError {
            StandardError.print("textsvcd: \(error.message)")
            throw ExitCode(2)
        }
    }
}
