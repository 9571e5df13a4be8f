import ArgumentParser
import Foundation
import TextServices
import TextServicesProtocol

/// `textsvcd-bench fix`: the precision and coverage of `check --fix` against the confidence margin, on real misspellings.
///
/// For each misspelling of a set, asks the guesses with their margin (as
/// `check --fix` does, in this process) and counts, for each margin tried,
/// the replacements `--fix` would make (first guess with a margin at least
/// that) and the wrong ones (first guess not the correct word). Precision is
/// right replacements out of all made; coverage is replacements out of all
/// misspellings. `bench/fix.sh` runs it on the tuning and measurement halves.
struct FixBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fix",
        abstract: "Precision and coverage of check --fix against the margin, on misspelling<TAB>correct sets."
    )

    @Option(name: .customLong("typos"), help: "A file of misspelling<TAB>correct lines.")
    var typos: String = "bench/data/typos-en-real-tune.tsv"

    @Option(name: .customLong("lang"), help: "The language to guess in.")
    var language: String = "en_US"

    @Option(name: .customLong("margins"), help: "The margins to report, comma-separated.")
    var margins: String = "0,0.5,1,1.5,2,2.5,3,3.5,4,5,6"

    @Flag(name: .customLong("json"), help: "Print one JSON object a margin.")
    var json = false

    @Flag(name: .customLong("show-wrong"), help: "Print each wrong replacement at the default margin.")
    var showWrong = false

    func run() throws {
        let pairs = try TypoPairs.read(typos)
        let thresholds = margins.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        let client = LocalTextServices(services: Services(configuration: .fromEnvironment()))
        let requests = pairs.map { SpellGuessesRequest(word: $0.0, languages: [language], limit: 3, margin: true) }
        var answers: [(guess: String?, margin: Double?)] = []
        for start in stride(from: 0, to: requests.count, by: 256) {
            for outcome in client.sendAll(Array(requests[start..<min(requests.count, start + 256)])) {
                let answer = try outcome.get()
                answers.append((answer.guesses.first, answer.margin))
            }
        }
        for threshold in thresholds {
            var made = 0
            var wrong = 0
            for ((typo, correct), answer) in zip(pairs, answers) {
                guard let guess = answer.guess, GuessConfidence.isConfident(margin: answer.margin, threshold: threshold) else { continue }
                made += 1
                if guess != correct {
                    wrong += 1
                    if showWrong, threshold == GuessConfidence.fixMargin { print("wrong: \(typo) -> \(guess) (want \(correct), margin \(answer.margin!))") }
                }
            }
            let precision = made == 0 ? 1 : Double(made - wrong) / Double(made)
            let coverage = Double(made) / Double(pairs.count)
            if json {
                print("{\"set\":\"\(typos)\",\"language\":\"\(language)\",\"margin\":\(threshold),\"pairs\":\(pairs.count),\"made\":\(made),\"wrong\":\(wrong),\"precision\":\(precision),\"coverage\":\(coverage)}")
            } else {
                print(String(format: "%@ %@ margin %.1f: %d of %d replaced (coverage %.1f%%), %d wrong (precision %.2f%%)",
                             language, (typos as NSString).lastPathComponent, threshold, made, pairs.count, coverage * 100, wrong, precision * 100))
            }
        }
    }
}
