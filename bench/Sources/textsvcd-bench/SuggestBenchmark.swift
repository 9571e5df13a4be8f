import ArgumentParser
import Foundation
import TextServices
import TextServicesProtocol

/// `textsvcd-bench suggest`: guess accuracy and latency, completion latency, and the memory of what answered.
///
/// Talks to a running daemon (`--socket`, or the default socket when one
/// answers) or, with `--no-daemon`, to the services in this process; the
/// memory figures are that process's. `bench/suggest.sh` drives it and
/// prints textsvcd beside its peers.
struct SuggestBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "suggest",
        abstract: "Measure guess accuracy and latency, completion latency and the memory of the process that answers."
    )

    @Option(name: .customLong("typos"), help: "A file of misspelling<TAB>correct lines.")
    var typos: String = "bench/data/typos-en.tsv"

    @Option(name: .customLong("lang"), help: "The language to guess in.")
    var language: String = "en_US"

    @Option(name: .customLong("sample"), help: "Use only the first N pairs (0 for all).")
    var sample: Int = 0

    @Option(name: .customLong("prefixes"), help: "How many completion prefixes (2 to 4 letters) to time.")
    var prefixes: Int = 3000

    @Option(name: .customLong("socket"), help: "The daemon to measure (default: the default socket).")
    var socket: String?

    @Flag(name: .customLong("no-daemon"), help: "Measure the services in this process instead of a daemon.")
    var noDaemon = false

    @Flag(name: .customLong("json"), help: "Print one JSON object instead of text.")
    var json = false

    @Flag(name: .customLong("show-misses"), help: "Print each pair whose correct word is not the first guess.")
    var showMisses = false

    @Option(name: .customLong("slowest"), help: "Print the N slowest guesses with their milliseconds and guesses.")
    var slowest = 0

    func run() throws {
        var pairs = try TypoPairs.read(typos)
        if sample > 0 { pairs = Array(pairs.prefix(sample)) }

        let client: any TextServicesClient
        var local: LocalTextServices?
        if noDaemon {
            local = LocalTextServices(services: Services(configuration: .fromEnvironment()))
            client = local!
        } else {
            let path = SocketPath.resolve(explicit: socket)
            do {
                client = try RemoteTextServices(path: path)
            } catch {
                throw ValidationError("no daemon answers on \(path) (\(error)); start one or pass --no-daemon")
            }
        }
        let measured = try client.send(StatsRequest()).processId
        let languages = [language]

        let memoryStart = ProcessMemory(processID: measured)
        _ = try client.send(SpellCheckRequest(text: "hello", languages: languages))
        let memoryDictionary = ProcessMemory(processID: measured)
        let buildStart = DispatchTime.now().uptimeNanoseconds
        _ = try client.send(SpellCompleteRequest(prefix: "th", languages: languages))
        let memoryWords = ProcessMemory(processID: measured)
        _ = try client.send(SpellGuessesRequest(word: "qwzxvb", languages: languages))
        let buildMillis = Double(DispatchTime.now().uptimeNanoseconds - buildStart) / 1e6

        var top1 = 0
        var top5 = 0
        var latencies: [Double] = []
        latencies.reserveCapacity(pairs.count)
        var timed: [(millis: Double, typo: String, guesses: [String])] = []
        for (typo, correct) in pairs {
            let start = DispatchTime.now().uptimeNanoseconds
            let guesses = try client.send(SpellGuessesRequest(word: typo, languages: languages, limit: 5)).guesses
            latencies.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            if slowest > 0 { timed.append((latencies[latencies.count - 1], typo, guesses)) }
            if guesses.first == correct { top1 += 1 }
            if guesses.prefix(5).contains(correct) { top5 += 1 }
            if showMisses, guesses.first != correct {
                print("miss\t\(typo)\t\(correct)\t\(guesses.joined(separator: ", "))")
            }
        }

        for item in timed.sorted(by: { $0.millis > $1.millis }).prefix(slowest) {
            print("slow\t\(item.millis)\t\(item.typo)\t\(item.guesses.joined(separator: ", "))")
        }

        var prefixList: [String] = []
        var index = 0
        while prefixList.count < prefixes {
            let word = pairs[index % pairs.count].1
            let length = 2 + (index / pairs.count + index) % 3
            if word.count >= length { prefixList.append(String(word.prefix(length))) }
            index += 1
            if index > pairs.count * 6 { break }
        }
        var completionLatencies: [Double] = []
        for prefix in prefixList {
            let start = DispatchTime.now().uptimeNanoseconds
            _ = try client.send(SpellCompleteRequest(prefix: prefix, languages: languages, limit: 10))
            completionLatencies.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        let memory = ProcessMemory(processID: measured)

        var figures: JSONObject = [
            "pairs": .int(pairs.count),
            "top1": .double(Double(top1) / Double(pairs.count)),
            "top5": .double(Double(top5) / Double(pairs.count)),
            "p50Millis": .double(Self.percentile(latencies, 0.5)),
            "p99Millis": .double(Self.percentile(latencies, 0.99)),
            "completionPrefixes": .int(completionLatencies.count),
            "completionP50Millis": .double(Self.percentile(completionLatencies, 0.5)),
            "completionP99Millis": .double(Self.percentile(completionLatencies, 0.99)),
            "buildMillis": .double(buildMillis),
            "measuredProcess": .int(measured),
            "inProcess": .bool(noDaemon),
            "rssStartKB": .int(memoryStart.residentKilobytes),
            "rssDictionaryKB": .int(memoryDictionary.residentKilobytes),
            "rssWordsKB": .int(memoryWords.residentKilobytes),
            "rssKB": .int(memory.residentKilobytes),
            "pssKB": .int(memory.proportionalKilobytes),
        ]
        if let local, let statistics = try? local.services.spelling.dictionary(language).suggestionIndexStatistics {
            figures["forms"] = .int(statistics.forms)
            figures["indexGroups"] = .int(statistics.groups)
            figures["indexDeletions"] = .int(statistics.deletions)
            figures["indexBytes"] = .int(statistics.bytes)
        }
        if json {
            print(JSONValue.object(figures).serialized)
        } else {
            for (key, value) in figures { print("\(key)\t\(value.serialized)") }
        }
    }

    static func percentile(_ values: [Double], _ fraction: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let position = min(sorted.count - 1, max(0, Int((Double(sorted.count) * fraction).rounded(.up)) - 1))
        return (sorted[position] * 1000).rounded() / 1000
    }
}

/// A process's resident (RSS) and proportional (PSS) memory, from /proc.
struct ProcessMemory {
    var residentKilobytes = 0
    var proportionalKilobytes = 0

    init(processID: Int) {
        residentKilobytes = Self.field("VmRSS:", in: "/proc/\(processID)/status")
        proportionalKilobytes = Self.field("Pss:", in: "/proc/\(processID)/smaps_rollup")
    }

    private static func field(_ name: String, in path: String) -> Int {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return 0 }
        for line in text.split(separator: "\n") where line.hasPrefix(name) {
            return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
        }
        return 0
    }
}
