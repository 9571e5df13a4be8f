import Dispatch
import Foundation
import Synchronization
import Testing
@testable import TextServices

/// Long words of the bundled en_US dictionary and near misses (Hunspell searches their affixes longest), with the
/// verdicts of a handle asked one word at a time.
private func wordsWithVerdicts(_ info: DictionaryInfo) throws -> [(word: String, accepted: Bool)] {
    let reference = try HunspellEngine(info: info, handles: 1)
    let stems = ["internationalization", "misunderstanding", "counterrevolutionary", "overcompensation",
                 "institutionalize", "disproportionate", "incomprehensibility", "electromagnetic"]
    let endings = ["", "s", "ed", "ing", "ly", "ness", "zz", "ations"]
    var words: [String] = []
    for stem in stems { for ending in endings { words.append(stem + ending); words.append("un" + stem + ending) } }
    return words.map { ($0, reference.spell($0)) }
}

/// Runs `body` on `count` threads of its own at once (each gets its number), and returns when all have finished.
///
/// Not `DispatchQueue.concurrentPerform`: with other tests running, the shared pool may run its iterations one after
/// another on the calling thread.
private func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    let finished = DispatchSemaphore(value: 0)
    for number in 0..<count {
        let thread = Thread {
            body(number)
            finished.signal()
        }
        thread.start()
    }
    for _ in 0..<count { finished.wait() }
}

/// Spells `words` from four threads, over and over, until `done` holds (checked every few words) or 400 rounds have
/// passed; returns how many answers differed from the expected ones.
private func hammer(_ engine: HunspellEngine, _ words: [(word: String, accepted: Bool)],
                    until done: @escaping @Sendable () -> Bool) -> Int {
    let wrong = Atomic<Int>(0)
    onThreads(4) { thread in
        for _ in 0..<400 {
            for index in words.indices where (index + thread) % 2 == 0 {
                if engine.spell(words[index].word) != words[index].accepted { wrong.add(1, ordering: .relaxed) }
            }
            if done() { break }
        }
    }
    return wrong.load(ordering: .relaxed)
}

@Test func spellsThatFindTheHandleBusyWaitForItWhenACompiledFormAsksHunspell() throws {
    let info = try repositoryEnglishInfo()
    let words = try wordsWithVerdicts(info)
    #expect(words.contains { $0.accepted } && words.contains { !$0.accepted })
    // As a dictionary with a compiled form makes it: Hunspell answers only what the form cannot decide.
    let engine = try HunspellEngine(info: info, handles: 2, declaredCharset: "UTF-8", loadInBackground: false)
    let wrong = hammer(engine, words) { engine.sleeps.load(ordering: .relaxed) > 0 }
    #expect(wrong == 0)
    // Threads found the one handle busy and slept until it was free; none loaded a second for a quick call.
    #expect(engine.sleeps.load(ordering: .relaxed) > 0)
    #expect(engine.loadedHandles == 1)
}

@Test func spellsThatFindTheHandleBusyLoadASecondWhenEveryWordGoesToHunspell() throws {
    let info = try repositoryEnglishInfo()
    let words = try wordsWithVerdicts(info)
    let engine = try HunspellEngine(info: info, handles: 2)
    let wrong = hammer(engine, words) { engine.loadedHandles == 2 }
    #expect(wrong == 0)
    #expect(engine.loadedHandles == 2)
    #expect(engine.sleeps.load(ordering: .relaxed) == 0)
}

@Test func aSpellThatFindsTheHandleBusyWithASuggestLoadsASecondOne() throws {
    let info = try repositoryEnglishInfo()
    let engine = try HunspellEngine(info: info, handles: 2, declaredCharset: "UTF-8", loadInBackground: false)
    #expect(engine.spell("house"))
    #expect(engine.loadedHandles == 1)
    let suggesting = Atomic<Bool>(true)
    onThreads(2) { thread in
        if thread == 0 {
            // Suggestions for long misspellings hold the first handle for milliseconds each.
            for round in 0..<200 where engine.loadedHandles == 1 {
                _ = engine.suggest("misunderstandinglyness" + String(repeating: "z", count: round % 5))
            }
            suggesting.store(false, ordering: .relaxed)
        } else {
            while suggesting.load(ordering: .relaxed), engine.loadedHandles == 1 { #expect(engine.spell("walking")) }
        }
    }
    #expect(engine.loadedHandles == 2)
}
