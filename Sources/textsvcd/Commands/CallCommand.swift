import ArgumentParser
import Foundation
import TextServices
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
        let object: JSONObject
        do {
            object = try parsedParams()
        } catch let message as CallCommandError {
            StandardError.print("textsvcd: \(message.description)")
            throw ExitCode(2)
        }
        let client: any TextServicesClient
        if global.noDaemon {
            client = CommandContext(options: global.clientOptions).client
        } else {
            let path = SocketPath.resolve(explicit: global.socket)
            do {
                client = try RemoteTextServices(path: path)
            } catch where error.meansUntrustedPeer {
                StandardError.print("textsvcd: \(error)")
                throw ExitCode(2)
            } catch {
                StandardError.print("textsvcd: no daemon answers on \(path) (\(error)); start one with `textsvcd serve`")
                throw ExitCode(2)
            }
        }
        let outcome = Result { () throws(ServiceError) in try client.call(method: method, params: object) }
        if case .failure(let error) = outcome, error.isDaemonUnavailable {
            StandardError.print("textsvcd: \(error.message)")
            throw ExitCode(2)
        }
        switch outcome {
        case .success(let result):
            print(result.serialized)
        case .failure(let error):
            var body: JSONObject = ["code": .int(error.code), "message": .string(error.message)]
            if let data = error.data { body["data"] = data }
            StandardError.print(JSONValue.object(body).serialized)
            throw ExitCode(1)
        }
    }

    private func parsedParams() throws -> JSONObject {
        var text = params ?? "{}"
        if text == "-" {
            text = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
        }
        let value: JSONValue
        do {
            value = try JSONParser.parse(Array(text.utf8))
        } catch {
            throw CallCommandError(description: "the params are not valid JSON: \(error)")
        }
        guard case .object(var object) = value else {
            throw CallCommandError(description: "the params must be a JSON object, not \(value.typeName)")
        }
        if object["positionEncoding"] == nil, let encoding = try global.validatedEncoding() {
            object["positionEncoding"] = .string(encoding.rawValue)
        }
        return object
    }
}

private struct CallCommandError: Error, CustomStringConvertible {
    var description: String
}
