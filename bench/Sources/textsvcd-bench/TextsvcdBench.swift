import ArgumentParser

/// `textsvcd-bench`: measurements of textsvcd that do not belong in the product.
@main
struct TextsvcdBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "textsvcd-bench",
        abstract: "Benchmarks of textsvcd, run against a daemon or in this process (see bench/).",
        subcommands: [SuggestBenchmark.self, JSONBenchmark.self, FixBenchmark.self]
    )
}
