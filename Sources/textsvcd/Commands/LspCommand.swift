import ArgumentParser
import Foundation
import Synchronization
import LanguageServer
import TextServices
import TextServicesCLI
import TextServicesProtocol

/// `textsvcd lsp`: the Language Server Protocol over standard input and output.
struct LspCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lsp",
        abstract: "Run a spell-checking language server on standard input and output (LSP, Content-Length framing).",
        discussion: """
            Publishes misspellings as diagnostics, offers guesses, "add to dictionary", "add to the project \
            dictionary" and "ignore in this document" as quick fixes, and word completions. Project words \
            (.textsvcd/words.txt in a document's folder or above) count as learned; changes to them are seen \
            without a restart. Settings come from initializationOptions or \
            workspace/didChangeConfiguration (languages, words, ignorePatterns, ...); see docs/editors.md. \
            The spelling work is done by the user's daemon, which is started when none runs and restarted \
            if it dies; --no-daemon does it in this process.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Flag(name: .customLong("stdio"), help: "Use standard input and output (the default and only transport; accepted because editors pass it).")
    var stdio = false

    @Option(name: .customLong("debounce"), help: "Milliseconds to wait after a change before checking (default 200; clients may change it).")
    var debounce: Int?

    func run() throws {
        let relay = LanguageServerRelay()
        let client = ClientFactory.forEditorDoor(global.clientOptions).makeClient { relay.server?.servicesChanged($0) }
        let output = FramedOutput(handle: FileHandle.standardOutput)
        var defaults = LSPSettings()
        defaults.languages = global.languages
        if let debounce { defaults.debounceMilliseconds = min(max(debounce, 0), 10_000) }
        let server = LanguageServer(client: client, defaults: defaults,
                                    preferredEncoding: try global.validatedEncoding()) { message in output.write(message) }
        relay.server = server
        client.onNotification { [weak server] in server?.servicesNotified($0) }
        var reader = LineReader(handle: FileHandle.standardInput)
        let limit = 64 << 20
        while true {
            guard let header = readHeader(&reader) else {
                throw ExitCode(server.inputEnded())
            }
            guard let length = header.contentLength else {
                output.write(JSONRPCMessage.errorResponse(id: .null, error: .parseError("a message header without a valid Content-Length")))
                continue
            }
            guard length <= limit else {
                _ = reader.read(count: length)
                output.write(JSONRPCMessage.errorResponse(id: .null, error: .tooLarge("message", limit: limit)))
                continue
            }
            let body = reader.read(count: length)
            guard body.count == length else { throw ExitCode(server.inputEnded()) }
            do {
                server.receive(try JSONParser.parse(body))
            } catch {
                output.write(JSONRPCMessage.errorResponse(id: .null, error: .parseError(error.description)))
            }
            if let code = server.exitCode { throw ExitCode(code) }
        }
    }

    /// Reads header lines up to the empty line; nil at the end of input.
    private func readHeader(_ reader: inout LineReader) -> (contentLength: Int?, Void)? {
        var length: Int?
        var sawHeader = false
        while let raw = reader.nextLine() {
            var line = raw
            if line.last == 0x0D { line.removeLast() }
            if line.isEmpty {
                if sawHeader { return (length, ()) }
                continue
            }
            sawHeader = true
            let text = String(decoding: line, as: UTF8.self)
            guard let colon = text.firstIndex(of: ":") else { continue }
            let name = text[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if name == "content-length" {
                length = Int(value).flatMap { $0 >= 0 ? $0 : nil }
            }
        }
        return nil
    }
}

/// Lets the client's events reach the language server, which is made after the client.
private final class LanguageServerRelay: @unchecked Sendable {
    private let lock = NSLock()
    private weak var stored: LanguageServer?

    var server: LanguageServer? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
