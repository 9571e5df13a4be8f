import ArgumentParser
import Foundation
import TextServices
import TextServicesIO
import TextServicesCLI
import TextServicesProtocol

/// `textsvcd paste`: a pasteboard's data to standard output.
struct PasteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "paste",
        abstract: "Write a pasteboard's data to standard output.",
        discussion: """
            Prints the first item that has data of --type (or an equivalent type: text/plain stands for \
            public.utf8-plain-text), exactly as stored, with no newline added. Exit status: 0 pasted, \
            1 the pasteboard holds nothing of that type, 2 an error (such as an unknown pasteboard).
            """
    )

    @OptionGroup var global: GlobalOptions

    @Option(name: .long, help: "The pasteboard to paste from.")
    var pasteboard: String = PasteboardStore.general

    @Option(name: .long, help: "The type to paste: a UTI such as public.html or a MIME type such as image/png.")
    var type: String = PasteboardTypes.utf8PlainText

    func run() throws {
        let context = CommandContext(options: global.clientOptions)
        let result: PasteboardReadRequest.Response
        do {
            result = try context.client.send(PasteboardReadRequest(name: pasteboard, types: [type]))
        } catch {
            StandardError.print("textsvcd: \(error.message)")
            throw ExitCode(2)
        }
        for item in result.items {
            guard let value = item.item.value(for: type) else { continue }
            FileHandle.standardOutput.write(Data(value.bytes))
            return
        }
        StandardError.print("textsvcd: pasteboard '\(pasteboard)' holds no \(type)")
        throw ExitCode(1)
    }
}
