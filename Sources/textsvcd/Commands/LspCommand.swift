import ArgumentParser
import Foundation
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
        let factory = ClientFactory.forEditorDoor(global.clientOptions)
        let client = factory.makeClient { relay.servicesChanged($0) }
        let output = FramedOutput(handle: FileHandle.standardOutput)
        var defaults = LSPSettings()
        defaults.languages = global.languages
        defaults.defaultLanguage = factory.configuration.defaultLanguage
        if let debounce { defaults.debounceMilliseconds = min(max(debounce, 0), 10_000) }
        let server = LanguageServer(client: client, defaults: defaults,
                                    preferredEncoding: try global.validatedEncoding()) { message in output.write(message) }
        relay.server = server
        client.onNotification { [weak server] in server?.servicesNotified($0) }
        throw ExitCode(LanguageServerStream(server: server, output: output).serve(input: FileHandle.standardInput))
    }
}
