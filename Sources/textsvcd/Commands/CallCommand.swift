import ArgumentParser
import Foundation
import TextServices
import TextServicesIO
import TextServicesCLI
import TextServicesProtocol

/// `textsvcd call METHOD [JSON]`: one request to the running daemon.
struct CallCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "call",
        abstract: "Send one JSON-RPC request to the running daemon and print its result.",
        discussion: """
            Prints the result as one line of JSON and exits 0. An error response is printed \
            to stderr as its JSON error object, and the exit status is 1. Exit status 2 means \
            no answer: no daemon on the socket, or bad arguments. With --no-daemon the request \
            runs in this process instead.
            """
    )

    @OptionGroup var global: GlobalOptions

    @Argument(help: "The method, such as spell.check or stats.")
    var method: String

    @Argument(help: "The params: a JSON object, or - to read it from standard input (default {}).")
    var params: String?

    func run() throws {
        let call: MethodCall
        do {
            var text = params ?? "{}"
            if text == "-" { text = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self) }
            call = try MethodCall(method: method, paramsText: text, encoding: try global.validatedEncoding())
        } catch let message as MethodCall.ParamsError {
            StandardError.print("textsvcd: \(message.description)")
            throw ExitCode(2)
        }
        let client: any TextServicesClient
        if global.noDaemon {
            client = CommandContext(options: global.clientOptions).client
        } else {
            let factory = ClientFactory.forCommand(global.clientOptions)
            do {
                client = try factory.connectToRunningDaemon()
            } catch where error.meansUntrustedPeer {
                StandardError.print("textsvcd: \(error)")
                throw ExitCode(2)
            } catch {
                StandardError.print("textsvcd: no daemon answers on \(factory.socketPath) (\(error)); start one with `textsvcd serve`")
                throw ExitCode(2)
            }
        }
        let answer = call.send(through: client)
        if let line = answer.standardOutput { print(line) }
        if let line = answer.standardError { StandardError.print(line) }
        if answer.status != 0 { throw ExitCode(answer.status) }
    }
}
