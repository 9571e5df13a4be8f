import Foundation
import Synchronization

/// The per-stem limit that keeps a dictionary's forms asked in three spellings within a budget (`askedForms`).
///
/// A dictionary whose case spellings are not inferred (`CaseInference`)
/// has each form asked as it is, capitalised and in capitals. Hungarian's
/// stems take thousands of suffixes each even under the layer bounds
/// (`WordFormExpander.Layers`), and its three questions cost about 83 µs of
/// CPU a form (German's 30, Turkish's 12). So the forms are counted, stem by
/// stem, and a dictionary past the budget keeps a fifth of it: the largest
/// per-stem limit whose forms number at most that many, each stem keeping
/// its first forms in the order the expander makes them. The choice depends
/// on the files alone. A dictionary within the budget gets no limit, so its
/// forms are the ones it had. The forms left out go to Hunspell, as words
/// past a layer bound do.
enum FormBudget {
    /// The most forms asked in three spellings a compiled dictionary's expansion may give with no limit: 1.5 million.
    ///
    /// Turkish, the largest dictionary that asks every spelling, gives 1.37
    /// million forms (16.8 CPU s), Swedish 0.83 million, German 0.42 million;
    /// Hungarian gives billions unbounded.
    static let askedForms = 1_500_000

    /// The forms asked in three spellings expanded so far, on any thread, against a budget.
    final class Tally: Sendable {
        let budget: Int
        private let count = Atomic<Int>(0)

        init(budget: Int) {
            self.budget = budget
        }

        /// Adds `forms`; whether the tally has passed the budget.
        func add(_ forms: Int) -> Bool {
            count.add(forms, ordering: .relaxed).newValue > budget
        }

        /// Whether the forms tallied passed the budget: then the dictionary's forms do (the tally only grows).
        var passed: Bool { count.load(ordering: .relaxed) > budget }
    }

    /// Whether a form is one asked in three spellings: it has a letter that changes in capitals.
    ///
    /// Hebrew's forms, which have none, are asked once. Counted by the Unicode
    /// properties of Swift's standard library, the same on every machine with
    /// the same build.
    @inline(__always)
    static func isAsked(_ scalars: [Unicode.Scalar]) -> Bool {
        scalars.contains { scalar in
            scalar.value < 0x80 ? (scalar.value >= 0x61 && scalar.value <= 0x7A) : scalar.properties.changesWhenUppercased
        }
    }

    /// `Int.max` when the forms asked in three spellings of `text` (a .dic file's text) number at most `budget`; else
    /// the most each stem may give so that all of them number at most a fifth of `budget` (at least 1).
    ///
    /// A fifth of 1.5 million, 300,000 forms, is about 25 s of Hungarian's
    /// questions, 13 s on two cores.
    ///
    /// The lines are counted on every core, each up to a limit that grows
    /// 16 times over while the forms counted fit the budget and some line passed it.
    static func stemLimit(expander: WordFormExpander, dictionaryText text: String, budget: Int = askedForms) -> Int {
        var limit = 64
        while true {
            let current = limit
            let counts = WordFormExpander.mapLineRunsOnEveryCore(text) { lines, firstOfFile in
                var counts: [Int] = []
                var first = firstOfFile
                for line in TextLines(lines) {
                    if first {
                        first = false
                        if line.allSatisfy({ $0.isNumber || $0 == " " }) { continue }
                    }
                    let (count, more) = expander.askedForms(line: line, limit: current)
                    if count > 0 || more { counts.append(more ? current + 1 : count) }
                }
                return counts
            }.flatMap { $0 }
            if counts.reduce(0, +) > budget { return largestLimit(counts, budget: budget / 5) }
            if !counts.contains(limit + 1) || limit >= budget { return .max }
            limit *= 16
        }
    }

    /// Whether the forms asked in three spellings of every `sampleStride`-th entry line of each run of `text` (a .dic file's
    /// text) alone pass `budget`: then the whole expansion's do, and `stemLimit` is needed without expanding the forms first.
    ///
    /// The lines are a part of the whole, so the answer is exact when true;
    /// counting stops once it passes. Hungarian's sample passed a budget its
    /// first expansion filled before it was thrown away (the peak of its
    /// compile); a dictionary within the budget counts a sixteenth of its
    /// forms without storing them.
    static func sampleExceeds(expander: WordFormExpander, dictionaryText text: String, budget: Int = askedForms) -> Bool {
        let counted = Atomic<Int>(0)
        _ = WordFormExpander.mapLineRunsOnEveryCore(text) { (lines: Substring, firstOfFile: Bool) -> Void in
            var first = firstOfFile, entry = -1
            for line in TextLines(lines) {
                if first {
                    first = false
                    if line.allSatisfy({ $0.isNumber || $0 == " " }) { continue }
                }
                entry += 1
                guard entry % sampleStride == 0 else { continue }
                if counted.load(ordering: .relaxed) > budget { return }
                let (count, _) = expander.askedForms(line: line, limit: min(budget, Int.max - 1) + 1)
                counted.add(count, ordering: .relaxed)
            }
        }
        return counted.load(ordering: .relaxed) > budget
    }

    /// The most forms of any kind a dictionary's expansion may give with no limit, estimated from a sample: 16 million.
    ///
    /// Portuguese, the largest dictionary within it, gives 10.5 million.
    /// Hungarian, whose case spellings are inferred, and Arabic, whose forms
    /// have no case, pass it under the layer bounds (their expansions passed
    /// 2.4 and 2.7 GB unfinished).
    static let estimatedForms = 16_000_000

    /// The forms a dictionary past `estimatedForms` keeps: 1 million.
    ///
    /// Each is asked of Hunspell once at most; Hungarian's lookups cost about
    /// 20 µs of CPU each, so a million of them is about 10 s on two cores.
    static let keptForms = 1_000_000

    /// Every how many .dic lines one is counted for `everyFormLimit`'s estimate: 16.
    static let sampleStride = 16

    /// `Int.max` when the forms of `text` (a .dic file's text), estimated from every `sampleStride`-th entry line (the first,
    /// the 17th...) counted in full, number at most `estimated`; else the most each stem may give (`WordFormExpander.countsEveryForm`) so that
    /// the estimate of all of them is at most `kept` (at least 1).
    ///
    /// The sample is the file's lines by their position, so the limit depends
    /// on the files alone. A stem's forms are bounded by the layer bounds
    /// (`WordFormExpander.Layers`), so every sampled line is counted in full:
    /// a sixteenth of an expansion, without storing a form.
    static func everyFormLimit(expander: WordFormExpander, dictionaryText text: String, estimated: Int = estimatedForms,
                               kept: Int = keptForms) -> Int {
        var sampled: [Substring] = []
        var first = true, entries = 0
        for line in TextLines(text) {
            if first {
                first = false
                if line.allSatisfy({ $0.isNumber || $0 == " " }) { continue }
            }
            if entries % sampleStride == 0 { sampled.append(line) }
            entries += 1
        }
        let chunk = 256, lines = sampled
        let parts = Locked([[Int]](repeating: [], count: (sampled.count + chunk - 1) / chunk))
        DispatchQueue.concurrentPerform(iterations: (sampled.count + chunk - 1) / chunk) { part in
            var counts: [Int] = []
            for line in lines[(part * chunk)..<min(lines.count, (part + 1) * chunk)] {
                let count = expander.formCount(line: line)
                if count > 0 { counts.append(count) }
            }
            parts.withLock { $0[part] = counts }
        }
        let counts = parts.withLock { $0.flatMap { $0 } }
        guard counts.reduce(0, +) * sampleStride > estimated else { return .max }
        return largestLimit(counts, budget: max(1, kept / sampleStride))
    }

    /// The largest limit for which the stems' counts, each cut to it, sum to at most `budget` (at least 1).
    ///
    /// A count above a limit tried stands for "at least one more than it": only limits below it are compared.
    static func largestLimit(_ counts: [Int], budget: Int) -> Int {
        var low = 1, high = counts.max() ?? 1
        while low < high {
            let middle = (low + high + 1) / 2
            if counts.reduce(0, { $0 + min($1, middle) }) <= budget { low = middle } else { high = middle - 1 }
        }
        return low
    }
}
