import ArgumentParser
import Foundation
import TextServices

/// `textsvcd bench-suggest`: measures guess accuracy and latency, completion latency and memory.
///
/// Hidden: `bench/suggest.sh` drives it and prints textsvcd beside its peers.
/// Requests go through `CommandContext`, so the figures include request handling.
struct BenchSuggest: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-suggest",
        abstract: "Measure guess accuracy and latency, completion latency and resident memory.",
        shouldDisplay: false
    )

    @OptionGroup var global: GlobalOptions

    @Option(name: .customLong("typos"), help: "A file of misspelling<TAB>correct lines.")
    var typos: String = "bench/data/typos-en.tsv"

    @Option(name: .customLong("sample"), help: "Use only the first N pairs (0 for all).")
    var sample: Int = 0

    @Option(name: .customLong("prefixes"), help: "How many completion prefixes (2 to 4 letters) to time.")
    var prefixes: Int = 3000

    @Flag(name: .customLong("json"), help: "Print one JSON object instead of text.")
    var json = false

    @Flag(name: .customLong("show-misses"), help: "Print each pair whose correct word is not the first guess.")
    var showMisses = false

    func run() throws {
        let context = CommandContext(options: global)
        let language = global.languages?.first
        guard let data = FileManager.default.contents(atPath: typos) else {
            throw ValidationError("cannot read \(typos)")
        }
        var pairs: [(String, String)] = []
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t")
            if fields.count >= 2 { pairs.append((String(fields[0]), String(fields[1]))) }
        }
        if sample > 0 { pairs = Array(pairs.prefix(sample)) }
        guard !pairs.isEmpty else { throw ValidationError("no pairs in \(typos)") }

        func params(_ object: JSONObject) -> JSONObject {
            var object = object
            if let language { object["language"] = .string(language) }
            return object
        }
        let rssStart = Self.residentKilobytes()
        _ = try context.call("spell.check", params(["text": "hello"]))
        let rssBefore = Self.residentKilobytes()
        let buildStart = DispatchTime.now().uptimeNanoseconds
        _ = try context.call("spell.complete", params(["prefix": "th"]))
        let rssStore = Self.residentKilobytes()
        _ = try context.call("spell.guesses", params(["word": "qwzxvb"]))
        let buildMillis = Double(DispatchTime.now().uptimeNanoseconds - buildStart) / 1e6

        var top1 = 0
        var top5 = 0
        var latencies: [Double] = []
        latencies.reserveCapacity(pairs.count)
        for (typo, correct) in pairs {
            let start = DispatchTime.now().uptimeNanoseconds
            let result = try context.call("spell.guesses", params(["word": .string(typo), "limit": 5]))
            latencies.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
            let guesses = result["guesses"]?.arrayValue?.compactMap(\.stringValue) ?? []
            if guesses.first == correct { top1 += 1 }
            if guesses.prefix(5).contains(correct) { top5 += 1 }
            if showMisses, guesses.first != correct {
                print("miss\t\(typo)\t\(correct)\t\(guesses.joined(separator: ", "))")
            }
        }

        var prefixList: [String] = []
        var index = 0
        while prefixList.count < prefixes, !pairs.isEmpty {
            let word = pairs[index % pairs.count].1
            let length = 2 + (index / pairs.count + index) % 3
            if word.count >= length { prefixList.append(String(word.prefix(length))) }
            index += 1
            if index > pairs.count * 6 { break }
        }
        var completionLatencies: [Double] = []
        for prefix in prefixList {
            let start = DispatchTime.now().uptimeNanoseconds
            _ = try context.call("spell.complete", params(["prefix": .string(prefix), "limit": 10]))
            completionLatencies.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        let rss = Self.residentKilobytes()
        let statistics = try context.handler.services.spelling.dictionary(language).suggestionIndexStatistics

        let figures: JSONObject = [
            "pairs": .int(pairs.count),
            "top1": .double(Double(top1) / Double(pairs.count)),
            "top5": .double(Double(top5) / Double(pairs.count)),
            "p50Millis": .double(Self.percentile(latencies, 0.5)),
            "p99Millis": .double(Self.percentile(latencies, 0.99)),
            "completionPrefixes": .int(completionLatencies.count),
            "completionP50Millis": .double(Self.percentile(completionLatencies, 0.5)),
            "completionP99Millis": .double(Self.percentile(completionLatencies, 0.99)),
            "buildMillis": .double(buildMillis),
            "rssStartKB": .int(rssStart),
            "rssDictionaryKB": .int(rssBefore),
            "rssWordsKB": .int(rssStore),
            "rssKB": .int(rss),
            "forms": .int(statistics.forms),
            "indexGroups": .int(statistics.groups),
            "indexDeletions": .int(statistics.deletions),
            "indexBytes": .int(statistics.bytes),
        ]
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

    /// VmRSS of this process in kilobytes, from /proc.
    static func residentKilobytes() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
        }
        return 0
    }
}
