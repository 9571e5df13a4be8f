import ArgumentParser
import TextServices
import TextServicesCLI
import TextServicesProtocol

/// Options that mean the same in every command.
struct GlobalOptions: ParsableArguments {
    @Option(name: .customLong("lang"), help: "Language tag(s), comma-separated (en_US, en-US, en, en_US,de_DE), or auto[:TAG,...] to detect each paragraph's.")
    var language: String?

    @Option(name: .customLong("dictionary-path"), help: "A folder of Hunspell dictionaries to search first (repeatable).")
    var dictionaryPaths: [String] = []

    @Option(name: .customLong("socket"), help: "The daemon's socket path (default: $TEXTSVCD_SOCKET, then $XDG_RUNTIME_DIR/textsvcd/textsvcd.sock).")
    var socket: String?

    @Option(name: .customLong("position-encoding"), help: "Units for reported positions: utf-16 (default), utf-8 or utf-32.")
    var positionEncoding: String?

    @Flag(name: .customLong("no-daemon"), help: "Do the work in this process even when a daemon is running.")
    var noDaemon = false

    /// The languages as a list, or nil for the default.
    var languages: [String]? {
        guard let language else { return nil }
        // `auto:en_US,de_DE` keeps its candidates together: the requests take it whole.
        if language.hasPrefix("auto") { return [language.trimmingCharacters(in: .whitespaces)] }
        return language.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }
    }

    /// How these options reach the services, for the client factory.
    var clientOptions: ClientOptions {
        ClientOptions(socket: socket, dictionaryPaths: dictionaryPaths, noDaemon: noDaemon, languages: languages)
    }

    func validatedEncoding() throws -> PositionEncoding? {
        guard let positionEncoding else { return nil }
        guard let encoding = PositionEncoding(name: positionEncoding) else {
            throw ValidationError("--position-encoding must be utf-16, utf-8 or utf-32")
        }
        return encoding
    }
}
