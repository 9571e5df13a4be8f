import ArgumentParser
import Foundation
import TextServices
import TextServicesProtocol

/// `textsvcd-bench json`: textsvcd's own JSON parser and writer against Foundation's, on the daemon's real traffic.
///
/// Why the project keeps a JSON parser and writer of its own instead of
/// Foundation's: this measures both on the two shapes that dominate the
/// daemon's work (a `spell.check` request carrying a large text, and a
/// `text.tokenize` answer with many ranges), from bytes to typed model and
/// back. Results go in docs/benchmarks.md.
struct JSONBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "json",
        abstract: "Time textsvcd's JSON parser and writer against Foundation's JSONSerialization and JSONDecoder/JSONEncoder."
    )

    @Option(name: .long, help: "Bytes of prose in the request's text.")
    var textBytes: Int = 256 << 10

    @Option(name: .long, help: "Ranges in the tokenize answer.")
    var tokens: Int = 100_000

    @Option(name: .long, help: "Rounds of each measurement (the best is kept).")
    var rounds: Int = 5

    func run() throws {
        let sentence = "The quick brown fox jumps over the lazy dog, \"quoted\" and caf\u{E9} \u{1F600}.\n"
        let text = String(String(repeating: sentence, count: textBytes / sentence.utf8.count + 1).utf8.prefix(textBytes))!
        let request = JSONRPCMessage.request(id: .int(1), method: SpellCheckRequest.method,
                                             params: JSONValueEncoder().encode(SpellCheckRequest(text: text, guesses: GuessCount(3))))
        let requestBytes = JSONRPCMessage.encode(request)
        let response = TextTokenizeRequest.Response(
            tokens: (0..<tokens).map { WireToken(range: WireRange(start: $0 * 6, end: $0 * 6 + 5), kind: "word") },
            ranges: nil, kinds: nil, truncated: nil)

        print("request: \(requestBytes.count) bytes; answer: \(tokens) tokens; best of \(rounds) rounds")
        print("| step | textsvcd | Foundation | ratio |")
        print("|---|---:|---:|---:|")

        // Bytes to a typed request.
        let ours = best {
            let value = try JSONParser.parse(requestBytes)
            guard case .request(_, _, let params) = JSONRPCMessage(value) else { throw ValidationError("not a request") }
            _ = try JSONValueDecoder().decode(SpellCheckRequest.self, from: .object(params))
        }
        let theirs = best {
            let envelope = try JSONDecoder().decode(Envelope<SpellCheckRequest>.self, from: Data(requestBytes))
            _ = envelope.params.text
        }
        row("request bytes -> typed request", ours, theirs)

        // Bytes to an untyped tree.
        let oursTree = best { _ = try JSONParser.parse(requestBytes) }
        let theirsTree = best { _ = try JSONSerialization.jsonObject(with: Data(requestBytes)) }
        row("request bytes -> JSON tree", oursTree, theirsTree)

        // A typed answer to bytes.
        let oursWrite = best {
            var bytes: [UInt8] = []
            JSONRPCMessage.response(id: .int(1), result: JSONValueEncoder().encode(response)).write(to: &bytes)
        }
        let theirsWrite = best { _ = try JSONEncoder().encode(ResponseEnvelope(id: 1, result: response)) }
        row("typed answer -> bytes", oursWrite, theirsWrite)
    }

    private func best(_ body: () throws -> Void) -> Double {
        var fastest = Double.infinity
        for _ in 0..<max(1, rounds) {
            let start = DispatchTime.now().uptimeNanoseconds
            do { try body() } catch { fatalError("benchmark step failed: \(error)") }
            fastest = min(fastest, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        return fastest
    }

    private func row(_ step: String, _ ours: Double, _ theirs: Double) {
        print(String(format: "| %@ | %.2f ms | %.2f ms | %.1fx |", step, ours, theirs, theirs / ours))
    }
}

/// A JSON-RPC request as Foundation's decoder reads it.
private struct Envelope<Params: Decodable>: Decodable {
    var jsonrpc: String
    var id: Int
    var method: String
    var params: Params
}

/// A JSON-RPC response as Foundation's encoder writes it.
private struct ResponseEnvelope<Result: Encodable>: Encodable {
    var jsonrpc = "2.0"
    var id: Int
    var result: Result
}
