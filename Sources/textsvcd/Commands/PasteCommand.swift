import ArgumentParser
import Foundation
import TextServices

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
        let context = CommandContext(options: global)
        let result: JSONValue
        do {
            result = try context.call("pasteboard.read", ["name": .string(pasteboard), "types": [.string(type)]])
        } catch {
            StandardError.print("textsvcd: \(error)")
            throw ExitCode(2)
        }
        for item in result["items"]?.arrayValue ?? [] {
            guard let value = item[type] else { continue }
            if let text = value["text"]?.stringValue {
                FileHandle.standardOutput.write(Data(text.utf8))
                return
            }
            if let encoded = value["base64"]?.stringValue, let data = Data(base64Encoded: encoded) {
                FileHandle.standardOutput.write(data)
                return
            }
        }
        StandardError.print("textsvcd: pasteboard '\(pasteboard)' holds no \(type)")
        throw ExitCode(1)
    }
}
