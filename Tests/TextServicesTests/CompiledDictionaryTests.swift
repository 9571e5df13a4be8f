import Foundation
import Testing
@testable import TextServices
@testable import TextServicesTestSupport

/// A dictionary in a fresh folder (by default a small English-like one with frequencies), and a compiler for a fresh cache folder.
private struct Scratch {
    let temporary = TemporaryFolder("compiled")
    let folder: String
    let cache: String
    let tag: String
    var info: DictionaryInfo { DictionaryInfo(tag: LanguageTag(tag)!, source: .user, path: folder + "/" + tag) }
    var compiler: DictionaryCompiler { DictionaryCompiler(folder: cache) }

    init() throws {
        try self.init(tag: "en_ZZ",
                      aff: "SET UTF-8\nTRY esianrtolcdugmphbyfvkwz'\nREP 1\nREP f ph\nPFX U Y 1\nPFX U 0 un .\nSFX S Y 2\nSFX S 0 s [^s]\nSFX S 0 es s\n",
                      dic: "9\nreceive/SU\nrelieve/S\nbelieve/SU\nthe\nLondon\nNASA\nphone/S\nkiss/S\ndon't\n")
        try "the\t7.6\nreceive\t5.2\nbelieve\t5.0\nreceives\t4.5\nrelieve\t4.0\nphone\t5.0\nlondon\t5.1\n"
            .write(toFile: folder + "/en.freq", atomically: true, encoding: .utf8)
    }

    /// Writes `tag`.aff and `tag`.dic with the given contents.
    init(tag: String, aff: String, dic: String) throws {
        self.tag = tag
        folder = temporary.folder("compiled-dic")
        cache = temporary.folder("compiled-cache")
        try aff.write(toFile: folder + "/\(tag).aff", atomically: true, encoding: .utf8)
        try dic.write(toFile: folder + "/\(tag).dic", atomically: true, encoding: .utf8)
    }

    /// Compiles the dictionary and maps the result.
    func compiled() throws -> CompiledDictionary {
        _ = try compiler.compile(info)
        return try #require(compiler.open(info))
    }

    func remove() {
        temporary.remove()
    }
}

private let probes = ["receive", "Receive", "RECEIVE", "receives", "unreceives", "Unbelieves", "UNBELIEVES", "the", "The", "THE",
                      "London", "london", "LONDON", "NASA", "Nasa", "nasa", "kisses", "Kisses", "kisss", "don't", "don’t",
                      "Don't", "DON'T", "recieve", "phones", "fones", "xyzzy", "", "relieves", "unrelieve"]

@Test func compiledDictionaryGivesHunspellsVerdictsAndTheBuiltIndexesGuesses() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let report = try scratch.compiler.compile(scratch.info)
    #expect(report.expandedForms > report.acceptedForms / 2)
    #expect(scratch.compiler.state(of: scratch.info) == .ready(path: report.path, byteCount: report.byteCount))
    let compiled = try #require(scratch.compiler.open(scratch.info))
    let fast = try SpellDictionary(info: scratch.info, handles: 1, compiled: compiled)
    let plain = try SpellDictionary(info: scratch.info, handles: 1)
    for word in probes {
        #expect(fast.accepts(word) == plain.engine.spell(word) || word.contains("\u{2019}"), "\(word)")
        #expect(fast.accepts(word) == plain.accepts(word), "\(word)")
    }
    #expect(compiled.accepted.accepts("RECEIVE"))
    #expect(compiled.accepted.accepts("Receives"))
    #expect(!compiled.accepted.accepts("london"))
    for typo in ["recieve", "beleives", "fones", "teh", "londn", "kis"] {
        #expect(fast.guesses(for: typo, limit: 5) == plain.guesses(for: typo, limit: 5), "\(typo)")
    }
    #expect(fast.completions(for: "re", limit: 5) == plain.completions(for: "re", limit: 5))
    #expect(fast.wordStore.count == plain.wordStore.count)
}

@Test func compiledDictionaryPreparesItsGuessesAheadAndAPlainOneLeavesThemToTheFirstGuess() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let plain = try SpellDictionary(info: scratch.info, handles: 1)
    plain.prepareGuesses()
    #expect(!plain.hasGuesser)
    let fast = try SpellDictionary(info: scratch.info, handles: 1, compiled: try scratch.compiled())
    #expect(!fast.hasGuesser)
    fast.prepareGuesses()
    #expect(fast.hasGuesser)
    #expect(fast.guesses(for: "recieve", limit: 5) == plain.guesses(for: "recieve", limit: 5))
}

@Test func truncatedCorruptForeignAndOldVersionFilesAreRejectedAndRebuilt() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let report = try scratch.compiler.compile(scratch.info)
    let good = try #require(FileSystem.read(report.path))
    var damaged: [(String, [UInt8])] = [
        ("empty", []),
        ("truncated header", Array(good.prefix(40))),
        ("truncated body", Array(good.prefix(good.count - 100))),
        ("foreign", Array("# not a dictionary\n".utf8) + [UInt8](repeating: 7, count: 4096)),
    ]
    var oldVersion = good
    oldVersion[8] = 0
    damaged.append(("old version", oldVersion))
    let layout = try good.withUnsafeBytes { raw throws(CompiledFormat.Failure) in try CompiledFormat.parse(raw) }
    for entry in layout.sections.values where entry.length > 0 {
        var flipped = good
        flipped[entry.offset.rawValue + entry.length / 2] ^= 0x20
        damaged.append(("section \(entry.section)", flipped))
    }
    var headerFlip = good
    headerFlip[CompiledFormat.headerSize + 9] ^= 1
    damaged.append(("section table", headerFlip))
    for (label, bytes) in damaged {
        try FileSystem.writeAtomically(bytes, to: report.path)
        let state = scratch.compiler.state(of: scratch.info)
        guard case .corrupt = state else {
            Issue.record("\(label): state \(state)")
            continue
        }
        #expect(scratch.compiler.open(scratch.info) == nil, "\(label)")
        #expect(try scratch.compiler.compileIfNeeded(scratch.info) != nil, "\(label)")
        #expect(scratch.compiler.state(of: scratch.info).isReady, "\(label)")
    }
}

@Test func anEditedDictionaryMakesItsCompiledFormStale() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    try scratch.compiler.compile(scratch.info)
    #expect(try scratch.compiler.compileIfNeeded(scratch.info) == nil)
    // Same bytes, new file: still current (the key is the content).
    let dic = try String(contentsOfFile: scratch.info.wordsPath, encoding: .utf8)
    try FileManager.default.removeItem(atPath: scratch.info.wordsPath)
    try dic.write(toFile: scratch.info.wordsPath, atomically: true, encoding: .utf8)
    #expect(scratch.compiler.state(of: scratch.info).isReady)
    try (dic.replacingOccurrences(of: "9\n", with: "10\n") + "zebra/S\n").write(toFile: scratch.info.wordsPath, atomically: true, encoding: .utf8)
    guard case .stale = scratch.compiler.state(of: scratch.info) else {
        Issue.record("an edited .dic is not stale: \(scratch.compiler.state(of: scratch.info))")
        return
    }
    #expect(scratch.compiler.open(scratch.info) == nil)
    #expect(try scratch.compiler.compileIfNeeded(scratch.info) != nil)
    let compiled = try #require(scratch.compiler.open(scratch.info))
    #expect(compiled.accepted.accepts("zebras"))
    // A new frequency file changes the key too.
    try "the\t7.0\n".write(toFile: scratch.folder + "/en.freq", atomically: true, encoding: .utf8)
    guard case .stale = scratch.compiler.state(of: scratch.info) else {
        Issue.record("an edited frequency file is not stale")
        return
    }
}

@Test func corruptFilesReadWithoutVerificationNeverCrashTheReaders() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let report = try scratch.compiler.compile(scratch.info)
    let good = try #require(FileSystem.read(report.path))
    let layout = try good.withUnsafeBytes { raw throws(CompiledFormat.Failure) in try CompiledFormat.parse(raw) }
    var generator = SystemRandomNumberGenerator()
    var opened = 0
    for round in 0..<300 {
        var bytes = good
        // Damage inside the sections only, so the header still parses and the readers see the damage.
        let entries = Array(layout.sections.values.filter { $0.length > 0 })
        for _ in 0..<(1 + round % 16) {
            let entry = entries[Int.random(in: 0..<entries.count, using: &generator)]
            let position = entry.offset.rawValue + Int.random(in: 0..<entry.length, using: &generator)
            bytes[position] = round % 3 == 0 ? 0xFF : UInt8.random(in: 0...255, using: &generator)
        }
        guard let file = MappedFile(copying: bytes, path: "memory"),
              let compiled = try? CompiledDictionary(file: file, verifySections: false) else { continue }
        opened += 1
        let guesser = Guesser(store: compiled.store, index: compiled.deletionIndex, phonetic: compiled.phonetic, affixes: nil)
        for word in probes {
            _ = compiled.accepted.accepts(word)
            _ = guesser.guesses(for: word, limit: 5, learned: [], accepts: { compiled.accepted.accepts($0) }, hunspell: { [] })
        }
        _ = compiled.store.mostCommonEntries(withPrefix: Array("re".utf8), count: 5)
        _ = WordList(store: compiled.store, learned: []).words(withPrefix: "r")
    }
    #expect(opened > 250)
}

@Test func twoProcessesCompilingAtOnceLeaveOneGoodFile() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let failures = Locked(0)
    DispatchQueue.concurrentPerform(iterations: 4) { _ in
        if (try? scratch.compiler.compile(scratch.info)) == nil { failures.withLock { $0 += 1 } }
    }
    #expect(failures.withLock { $0 } == 0)
    #expect(scratch.compiler.state(of: scratch.info).isReady)
    let files = try FileManager.default.contentsOfDirectory(atPath: scratch.cache).filter { !$0.hasSuffix(".verified") }
    #expect(files == [(scratch.compiler.path(for: scratch.info) as NSString).lastPathComponent])
}

@Test(.slow) func aBackgroundCompileIsMappedWhenItIsReady() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    var configuration = TestSupport.configuration(dataHome: scratch.temporary.folder("data"), extraDictionaries: [scratch.folder])
    configuration.compiledDictionaries = scratch.cache
    let spelling = SpellingService(configuration: configuration)
    #expect(try spelling.compiledState("en_ZZ") == .missing(path: scratch.compiler.path(for: scratch.info)))
    let dictionary = try spelling.dictionary("en_ZZ")
    #expect(dictionary.compiledForm == nil)
    #expect(dictionary.accepts("Unbelieves"))
    #expect(try spelling.compileInBackground("en_ZZ", launcher: ThreadCompileLauncher()))
    for _ in 0..<Int(600 * TestSupport.slowdown) where try spelling.isCompiling("en_ZZ") { Thread.sleep(forTimeInterval: 0.1) }
    #expect(try !spelling.isCompiling("en_ZZ"))
    #expect(dictionary.compiledForm != nil)
    #expect(try spelling.compiledState("en_ZZ")?.isReady == true)
    #expect(dictionary.accepts("Unbelieves"))
    #expect(try !spelling.compileInBackground("en_ZZ", launcher: ThreadCompileLauncher()))
    // A fresh service opens the compiled form at once.
    let fresh = try SpellingService(configuration: configuration).dictionary("en_ZZ")
    #expect(fresh.compiledForm != nil)
    #expect(try spelling.reloadCompiled("en_ZZ"))
}

@Test func wordsWithSeveralHyphensGetHunspellsVerdictAndTheCorrectOnesNeedNoHunspell() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    _ = try scratch.compiler.compile(scratch.info)
    let compiled = try #require(scratch.compiler.open(scratch.info))
    let fast = try SpellDictionary(info: scratch.info, handles: 1, compiled: compiled)
    let plain = try SpellDictionary(info: scratch.info, handles: 1)
    let correct = ["receive-believe-phone", "the-London-kisses", "The-NASA-phones-unbelieve-the", "don't-kiss-the"]
    for word in correct {
        #expect(fast.accepts(word), "\(word)")
        #expect(plain.engine.spell(word), "\(word)")
    }
    #expect(!fast.engine.isLoaded)
    // Ten hyphens or more: Hunspell refuses the word without breaking it, and the index proves it wrong.
    for long in ["the-the-the-the-the-the-the-the-the-the-the", "receive-believe-phone-the-London-kisses-the-NASA-phones-the-kiss-the"] {
        #expect(!fast.accepts(long), "\(long)")
        #expect(!plain.engine.spell(long), "\(long)")
    }
    #expect(!fast.engine.isLoaded)
    let others = ["recieve-the-phone", "the-phone-kisss", "receive--believe-the", "-receive-the", "receive-the-", "the-london-phone",
                  "a-b-c-d-e-f-g-h-i-j-k", "the-the-the-the-the-the-the-the-the-the-the"]
    for word in others {
        #expect(fast.accepts(word) == plain.engine.spell(word), "\(word)")
    }
}

@Test func wordsAreBrokenWhereHunspellBreaksThemAndGreekStemsLeaveTheIndexUsable() throws {
    // French's shape: long flags, anchored apostrophe patterns, a prefix that writes `µ`, Greek stems.
    let scratch = try Scratch(tag: "fr_ZZ",
        aff: "SET UTF-8\nFLAG long\nBREAK 5\nBREAK -\nBREAK .\nBREAK ^'\nBREAK '$\nBREAK ’$\nPFX Um Y 1\nPFX Um 0 µ .\nSFX Ss Y 1\nSFX Ss 0 s .\n",
        dic: "6\nchat/Ss\nrouge/Ss\ni\nmètre/UmSs\nα\nΩ\n")
    defer { scratch.remove() }
    let compiled = try scratch.compiled()
    #expect(compiled.rejects.isUsable)
    let reference = try SpellDictionary(info: scratch.info, handles: 1)
    // Hunspell breaks at a pattern's first occurrence (or its second) only when the first is inside the word.
    for wrong in ["-chat", "--chat", "-i", "chat-", "-chat-rouge", ".i", "chien", "-chien", "chat-chien", "i.chien", "CHAT-CHIEN",
                  "-i.bak"] {
        #expect(!reference.engine.spell(wrong), "\(wrong)")
        #expect(compiled.rejects.rejects(wrong), "\(wrong) is not proven wrong")
    }
    let fast = try SpellDictionary(info: scratch.info, handles: 1, compiled: compiled)
    for word in ["chat-rouge", "chats-rouges", "CHAT-ROUGE", "Chat-rouge", "i.chat", "'chat", "chat'", "chat’", "'chats'", "µmètres",
                 "α", "Ω", "ω", "chat.rouge.i", "chat-rouge-i", "chat--rouge", "chat..rouge", "-chat", "'-chat", "chat-'", "CHAT'",
                 "''chat", "chat''"] {
        #expect(fast.accepts(word) == reference.engine.spell(word), "\(word)")
        if compiled.rejects.rejects(word) { #expect(!reference.engine.spell(word), "\(word) proven wrong, but Hunspell accepts it") }
    }
}

@Test func cachedGuessesAreDroppedWhenLearnedWordsChange() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let dictionary = try SpellDictionary(info: scratch.info, handles: 1)
    let first = dictionary.guesses(for: "recieve", limit: 5)
    #expect(first.first == "receive")
    #expect(dictionary.guessCache.lookup("recieve", limit: 5) == first)
    #expect(dictionary.guessCache.lookup("recieve", limit: 3) == Array(first.prefix(3)))
    #expect(dictionary.guessCache.lookup("recieve", limit: 6) == nil)
    dictionary.addLearned("recieves")
    #expect(dictionary.guessCache.count == 0)
    #expect(dictionary.guesses(for: "recieve", limit: 5).contains("recieves"))
}

@Test func hunspellSuggestionsThatMissTheBudgetServeTheNextRequest() throws {
    let temporary = TemporaryFolder(); defer { temporary.remove() }
    let folder = temporary.folder("budget")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try "SET UTF-8\nTRY aeiourstnlmkgbdpvhjz\nSFX S Y 1\nSFX S 0 s .\n".write(toFile: folder + "/zz_ZZ.aff", atomically: true, encoding: .utf8)
    try "4\nkatu/S\nkato/S\nkita/S\nmatu/S\n".write(toFile: folder + "/zz_ZZ.dic", atomically: true, encoding: .utf8)
    let info = DictionaryInfo(tag: LanguageTag("zz_ZZ")!, source: .user, path: folder + "/zz_ZZ")
    let dictionary = try SpellDictionary(info: info, handles: 1, suggestBudget: .zero)
    let hunspell = dictionary.hunspellSuggestions("katuu")
    #expect(!hunspell.isEmpty)
    // With no time to wait, the first answer may or may not have Hunspell's part; the next one has it.
    _ = dictionary.guesses(for: "katuu", limit: 10)
    dictionary.budgetedSuggestions.waitForRunning()
    let later = dictionary.guesses(for: "katuu", limit: 10)
    #expect(Array(later.prefix(hunspell.count)) == Array(hunspell.prefix(10)))
    #expect(dictionary.guessCache.lookup("katuu", limit: 10) == later)
}

@Test func sectionChecksumsAreReadOncePerVersionOfTheFile() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let report = try scratch.compiler.compile(scratch.info)
    let marker = DictionaryCompiler.verifiedMarkerPath(report.path)
    #expect(!FileManager.default.fileExists(atPath: marker))
    #expect(scratch.compiler.open(scratch.info) != nil)
    let identity = try #require(FileSystem.read(marker))
    #expect(scratch.compiler.open(scratch.info) != nil)
    // Damage in place (same inode): the identity changes with the write, so the checksums are read again.
    let descriptor = open(report.path, O_WRONLY)
    #expect(descriptor >= 0)
    var byte: UInt8 = 0x5A
    _ = pwrite(descriptor, &byte, 1, off_t(report.byteCount - 70))
    close(descriptor)
    guard case .corrupt = scratch.compiler.state(of: scratch.info) else {
        Issue.record("damage in place went unnoticed: \(scratch.compiler.state(of: scratch.info))")
        return
    }
    #expect(FileSystem.read(marker) == identity)
}

@Test func suggestionsThatAreNotReadyInTimeAreKeptForTheNextCaller() {
    let budgeted = BudgetedSuggestions(budget: .zero)
    let gate = DispatchSemaphore(value: 0)
    #expect(budgeted.suggestions(for: "wrod") { gate.wait(); return ["word"] } == nil)
    // A second caller joins the running job rather than starting another.
    #expect(budgeted.suggestions(for: "wrod") { ["other"] } == nil)
    gate.signal()
    budgeted.waitForRunning()
    #expect(budgeted.suggestions(for: "wrod") { ["other"] } == ["word"])
    budgeted.clear()
    _ = budgeted.suggestions(for: "wrod") { ["again"] }
    budgeted.waitForRunning()
    #expect(budgeted.suggestions(for: "wrod") { ["never"] } == ["again"])
}

@Test func aFallbackWaitsOnlyItsOwnShorterBudget() {
    // A long budget for Hunspell's suggestions first, none for a fallback: the fallback answers at once,
    // and the first kind waits for a job that finishes within its budget.
    let budgeted = BudgetedSuggestions(budget: .seconds(30), fallbackBudget: .zero)
    let gate = DispatchSemaphore(value: 0)
    #expect(budgeted.suggestions(for: "wrod", asFallback: true) { gate.wait(); return ["word"] } == nil)
    gate.signal()
    budgeted.waitForRunning()
    #expect(budgeted.suggestions(for: "wrod", asFallback: true) { ["other"] } == ["word"])
    #expect(budgeted.suggestions(for: "teh") { ["the"] } == ["the"])
    // Without a budget there is no fallback budget either: both run on the caller's thread.
    let unbounded = BudgetedSuggestions(budget: nil, fallbackBudget: .zero)
    #expect(unbounded.suggestions(for: "wrod", asFallback: true) { ["word"] } == ["word"])
}

@Test func aSystemWideFormIsMappedReadOnlyBeforeTheUsersCache() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let system = scratch.temporary.folder("compiled-system")
    defer { try? FileManager.default.removeItem(atPath: system) }
    let report = try DictionaryCompiler(folder: system).compile(scratch.info)
    try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: report.path)
    try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: system)
    defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: system) }
    let before = try FileManager.default.contentsOfDirectory(atPath: system)

    let compiler = DictionaryCompiler(folder: scratch.cache, systemFolders: [system])
    #expect(compiler.systemStates(of: scratch.info) == [.ready(path: report.path, byteCount: report.byteCount)])
    #expect(compiler.state(of: scratch.info) == .missing(path: compiler.path(for: scratch.info)))
    #expect(compiler.readyPath(for: scratch.info) == report.path)
    let form = try #require(compiler.open(scratch.info))
    #expect(form.accepted.accepts("Unbelieves"))
    // Nothing to compile, and nothing written to the user's cache.
    #expect(try compiler.compileIfNeeded(scratch.info) == nil)
    #expect(!FileManager.default.fileExists(atPath: compiler.path(for: scratch.info)))
    if getuid() != 0 { #expect(try FileManager.default.contentsOfDirectory(atPath: system) == before) }

    // A service whose configuration names the folder maps it for a dictionary it loads.
    var configuration = TestSupport.configuration(dataHome: scratch.temporary.folder("data"), extraDictionaries: [scratch.folder])
    configuration.compiledDictionaries = scratch.cache
    configuration.systemCompiledDictionaries = [system]
    let dictionary = try SpellingService(configuration: configuration).dictionary("en_ZZ")
    #expect(dictionary.compiledForm?.contentKey == form.contentKey)
}

@Test func aStaleOrCorruptSystemWideFormIsPassedOverForTheUsersCacheOrHunspell() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let system = scratch.temporary.folder("compiled-system")
    defer { try? FileManager.default.removeItem(atPath: system) }
    let systemPath = try DictionaryCompiler(folder: system).compile(scratch.info).path
    let compiler = DictionaryCompiler(folder: scratch.cache, systemFolders: [system])

    // The dictionary changed after the install compiled it: the system form is stale and Hunspell answers.
    let dic = try String(contentsOfFile: scratch.info.wordsPath, encoding: .utf8)
    try (dic.replacingOccurrences(of: "9\n", with: "10\n") + "zebra/S\n").write(toFile: scratch.info.wordsPath, atomically: true, encoding: .utf8)
    #expect(compiler.systemStates(of: scratch.info) == [.stale(path: systemPath)])
    #expect(compiler.open(scratch.info) == nil)
    #expect(compiler.readyPath(for: scratch.info) == nil)
    // The user's cache gets a current form, which is used from then on.
    let report = try #require(try compiler.compileIfNeeded(scratch.info))
    #expect(report.path == compiler.path(for: scratch.info))
    #expect(compiler.readyPath(for: scratch.info) == report.path)
    #expect(compiler.open(scratch.info)?.accepted.accepts("zebras") == true)

    // A corrupt system form (in place: same inode, new identity) is passed over too.
    let fresh = try DictionaryCompiler(folder: system).compile(scratch.info)
    #expect(compiler.readyPath(for: scratch.info) == fresh.path)
    let descriptor = open(fresh.path, O_WRONLY)
    #expect(descriptor >= 0)
    var byte: UInt8 = 0x5A
    _ = pwrite(descriptor, &byte, 1, off_t(fresh.byteCount - 70))
    close(descriptor)
    guard case .corrupt = compiler.systemStates(of: scratch.info).first else {
        Issue.record("a damaged system form is not corrupt: \(compiler.systemStates(of: scratch.info))")
        return
    }
    #expect(compiler.readyPath(for: scratch.info) == report.path)
    #expect(compiler.open(scratch.info)?.accepted.accepts("zebras") == true)
}

@Test func aCompileWaitsForOneRunningAndThenFindsTheFormReady() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let compiler = scratch.compiler
    let lock = try #require(try FileLock.acquire(compiler.lockPath(for: scratch.info)))
    #expect(compiler.isCompiling(scratch.info))
    let compiledAgain = Locked<Bool?>(nil)
    let finished = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
        let again: Bool
        do { again = try compiler.compileIfNeeded(scratch.info) != nil } catch { again = true }
        compiledAgain.withLock { $0 = again }
        finished.signal()
    }
    // The holder compiles meanwhile; the waiting caller then finds the form ready and compiles nothing.
    try compiler.compile(scratch.info)
    lock.release()
    finished.wait()
    #expect(compiledAgain.withLock { $0 } == false)
    #expect(!compiler.isCompiling(scratch.info))
    #expect(compiler.state(of: scratch.info).isReady)
}

@Test func wordsInCapitalsAndWithSharpSGetHunspellsVerdictWithoutLoadingHunspell() throws {
    // `Cd` is a stem of its own, so Hunspell adds no hidden `Cd` for `CD`: `CDS` is wrong, while `ABCS` is right.
    let scratch = try Scratch(tag: "en_ZZ", aff: "SET UTF-8\nSFX S Y 2\nSFX S 0 s [^s]\nSFX S 0 es s\nSFX M Y 1\nSFX M 0 's .\n",
                              dic: "7\nCD/SM\nCd/M\nABC/SM\nMcMahon/M\nstraß\nthe\nLinux\n")
    defer { scratch.remove() }
    let compiled = try scratch.compiled()
    #expect(compiled.rejects.isUsable)
    let plain = try SpellDictionary(info: scratch.info, handles: 1)
    // `STRAß` alone is left to Hunspell: the table's capitals of `straß` are `STRASS`, and the index derives `straß`.
    let words = ["CDS", "CD'S", "CDs", "ABCS", "ABC'S", "MCMAHON", "MCMAHON'S", "MCMAHONS", "Straß", "straß",
                 "Linuxstraß", "linuxstraß", "LINUXSTRAß", "THE"]
    for word in words {
        // A dictionary of its own for each word: any word that needed Hunspell would have loaded it.
        let fast = try SpellDictionary(info: scratch.info, handles: 1, compiled: compiled)
        #expect(fast.accepts(word) == plain.engine.spell(word), "\(word)")
        #expect(!fast.engine.isLoaded, "\(word)")
    }
    let fast = try SpellDictionary(info: scratch.info, handles: 1, compiled: compiled)
    #expect(fast.accepts("STRAß") == plain.engine.spell("STRAß"))
}

@Test func formsSortInTheOrderOfTheirUTF8Bytes() {
    let words = ["", "a", "ab", "abc", "b", "B", "é", "e\u{301}", "zz", "Ärger", "ärger", "straße", "strasse", "ё", "е",
                 String(repeating: "long", count: 20), String(repeating: "long", count: 20) + "a", "日本", "🙂"]
    for a in words {
        for b in words {
            #expect(DictionaryCompiler.utf8Precedes(a, b) == a.utf8.lexicographicallyPrecedes(b.utf8), "\(a) \(b)")
            let order = a.utf8.elementsEqual(b.utf8) ? 0 : (a.utf8.lexicographicallyPrecedes(b.utf8) ? -1 : 1)
            #expect(DictionaryCompiler.utf8Order(a, b) == order, "\(a) \(b)")
        }
    }
}

@Test func distinctFormsComeInByteOrderOnceEachWithKeepCaseFromAnyCopyAndPlainFromEvery() {
    var generator = SystemRandomNumberGenerator()
    // Canonically equal spellings (é and e + U+0301) are distinct forms: the table keys bytes.
    let alphabet = ["a", "b", "é", "e\u{301}", "z", "ß", "日", "'"]
    var words = ["", "a", "ab", "abcdefghijk", "abcdefghijkl", "abcdefghijk", "abcdefghij", "abcdefghi", "b"]
    for _ in 0..<20_000 {
        let length = Int.random(in: 0...16, using: &generator)
        words.append((0..<length).map { _ in alphabet.randomElement(using: &generator)! }.joined())
    }
    var list = FormList()
    var keeps: [[UInt8]: Bool] = [:], plains: [[UInt8]: Bool] = [:]
    for word in words {
        let keepsCase = Bool.random(using: &generator), plain = Int.random(in: 0..<8, using: &generator) != 0
        list.append(word, suggestible: true, keepsCase: keepsCase, plain: plain)
        if !word.isEmpty {
            keeps[Array(word.utf8), default: false] = keeps[Array(word.utf8), default: false] || keepsCase
            plains[Array(word.utf8), default: true] = plains[Array(word.utf8), default: true] && plain
        }
    }
    let (indices, keepsCase, plain) = DictionaryCompiler.distinctSorted(list)
    let expected = keeps.keys.sorted { $0.lexicographicallyPrecedes($1) }
    #expect(indices.map { Array(list.word(Int($0)).utf8) } == expected)
    #expect(keepsCase == expected.map { keeps[$0]! })
    // A form is plain only when every copy of it is.
    #expect(plain == expected.map { plains[$0]! })
    // The first of equal forms is the one kept.
    let firsts = Dictionary(words.enumerated().map { (Array($1.utf8), $0) }, uniquingKeysWith: min)
    #expect(indices.map(Int.init) == expected.map { firsts[$0]! })
}

/// The kilobytes of this process's mapping that starts at `address` which are resident (`Rss` in /proc/self/smaps).
private func residentKilobytes(ofMappingAt address: UnsafeRawPointer) throws -> Int {
    let start = String(UInt(bitPattern: address), radix: 16) + "-"
    // Read to the end: String(contentsOfFile:) stops after one page of a /proc file.
    let handle = try #require(FileHandle(forReadingAtPath: "/proc/self/smaps"))
    defer { try? handle.close() }
    let lines = String(decoding: try #require(try handle.readToEnd()), as: UTF8.self).split(separator: "\n")
    let first = try #require(lines.firstIndex { $0.hasPrefix(start) })
    let rss = try #require(lines[first...].first { $0.hasPrefix("Rss:") })
    return try #require(Int(rss.split(separator: " ", omittingEmptySubsequences: true)[1]))
}

@Test func aTableReadWithPreadGivesTheMappedValuesAndMapsNoneOfItsPages() throws {
    let temporary = TemporaryFolder(); defer { temporary.remove() }
    let folder = temporary.folder("unmapped-table")
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let count = 1 << 17
    let values = (0..<count).map { UInt64($0) &* 0x9E37_79B9_7F4A_7C15 | 1 }
    try values.withUnsafeBytes { Data($0) }.write(to: URL(fileURLWithPath: folder + "/table"))
    let file = try #require(MappedFile(path: folder + "/table"))
    let table = Table<UInt64>(mapped: file, at: FileOffset(0), count: count)
    let probes = stride(from: 7, to: count, by: 4_099).map { $0 }
    for index in probes { #expect(table.unmappedElement(index) == values[index]) }
    #expect(table.unmappedElement(count) == 0)
    #expect(table.unmappedElement(-1) == 0)
    let bytes = Table<UInt8>(mapped: file, at: FileOffset(0), count: count * 8)
    let expected = values.withUnsafeBytes { Array($0[800..<816]) }
    let (equal, shifted, outside) = expected.withUnsafeBufferPointer { expected in
        (bytes.unmappedSliceEquals(800..<816, expected), bytes.unmappedSliceEquals(801..<817, expected),
         bytes.unmappedSliceEquals(count * 8 - 8..<count * 8 + 8, expected))
    }
    #expect(equal && !shifted && !outside)
    let base = try #require(file.base)
    #expect(try residentKilobytes(ofMappingAt: base) == 0)
    // Read through the mapping, the same lookups map pages (the 64 KB around each, where the kernel faults around).
    for index in probes { #expect(table[index] == values[index]) }
    #expect(try residentKilobytes(ofMappingAt: base) >= 4 * probes.count)
    // An owned table reads its own memory.
    #expect(Table<UInt64>(values).unmappedElement(5) == values[5])
}

@Test func aDictionaryAskedWithoutMappingItsAcceptTableGivesTheSameVerdicts() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    _ = try scratch.compiler.compile(scratch.info)
    let compiled = try #require(scratch.compiler.open(scratch.info))
    let mapped = try SpellDictionary(info: scratch.info, handles: 1, compiled: compiled)
    let unmapped = try SpellDictionary(info: scratch.info, handles: 1, compiled: compiled)
    let words = probes + ["RECEIVES", "Receives", "Unreceives", "receive-phone", "LONDON'S", "Ünreceive", "ÜNRECEIVE", "kiss-kisss"]
    for word in words {
        #expect(unmapped.acceptsUnmapped(word) == mapped.accepts(word), "\(word)")
        #expect(compiled.accepted.accepts(word, unmapped: true) == compiled.accepted.accepts(word), "\(word)")
    }
    #expect(compiled.accepted.accepts("RECEIVE", unmapped: true))
    #expect(!compiled.accepted.accepts("london", unmapped: true))
    let checker = SpellChecker(dictionaries: [unmapped], ignoredWords: ["xyzzy"])
    #expect(checker.acceptsUnmapped("xyzzy"))
    #expect(checker.acceptsUnmapped("Receives"))
    #expect(!checker.acceptsUnmapped("recieve"))
}

@Test func theAcceptTableBuiltFromTheFormsBytesIsTheOneBuiltFromStringItems() {
    // Mixed case accepted in capitals (`McMahon`, `ABC's`), a capitals key that is also a form (`MCMAHON`), refused
    // forms, keys past 255 bytes, and words beyond ASCII whose first byte is no lower-case ASCII letter.
    let words = ["McMahon", "MCMAHON", "ABC's", "abc", "the", "The", "élan", "Élan", "ÉLAN", "straße", "Ørsted", "ØRSTED",
                 "iPhone", "McDonald's", "x", String(repeating: "long", count: 70), "DeVries", "ǅemal", "Łódź"]
    var list = FormList()
    for word in words { list.append(word, suggestible: true) }
    let unique = DictionaryCompiler.distinctSorted(list).indices
    // Every combination of the three flags on every form, over eight rounds.
    for seed in 0..<8 {
        let flags = unique.indices.map { UInt8(($0 * 5 + seed) % 8) }
        let items = zip(unique, flags).map { (key: list.word(Int($0)), flags: $1) }
        let expected = AcceptTable.build(DictionaryCompiler.withCapitalsAsKeys(items))
        let built = DictionaryCompiler.acceptTable(list, unique: unique, flags: flags)
        #expect(Array(built.tables.slots.buffer) == Array(expected.tables.slots.buffer), "seed \(seed)")
        #expect(Array(built.tables.bytes.buffer) == Array(expected.tables.bytes.buffer), "seed \(seed)")
    }
}

@Test func elidedWordsOnSuffixedFormsGetHunspellsVerdictAndTheCorrectOnesNeedNoHunspell() throws {
    // Italian's shape: elision prefixes (also writing the next letter in capitals) crossed with suffixes, a suffix group
    // that is no cross product (`O`), a prefix that is none (`N`), and stems in capitals with hidden homonyms.
    let scratch = try Scratch(tag: "it_ZZ", aff: """
        SET UTF-8
        TRY aeiou
        PFX T Y 5
        PFX T 0 l' [aeiouhAEIOUH]
        PFX T a l'A a
        PFX T 0 dell' [aeiouhAEIOUH]
        PFX T a dell'A a
        PFX T 0 L' [AEIOUH]
        PFX N N 1
        PFX N 0 un' [aeiou]
        SFX A Y 2
        SFX A are o are
        SFX A are i [^c]are
        SFX O N 1
        SFX O o i o
        SFX S Y 1
        SFX S 0 s .

        """, dic: "8\nalberare/AT\nalberello/OTN\nacqua/TN\nONU/TS\nUfficio/TS\nora/S\nUNO/T\nUnO/S\n")
    defer { scratch.remove() }
    let compiled = try scratch.compiled()
    #expect(compiled.rejects.isUsable)
    let reference = try SpellDictionary(info: scratch.info, handles: 1)
    var correct: [String] = []
    for word in ["l'albero", "l'alberi", "dell'albero", "l'Albero", "dell'Albero", "l'alberello", "l'alberelli", "un'acqua",
                 "un'alberelli", "l'acqua", "l'ora", "l'ore", "l'ONU", "l'ONUS", "L'ONU", "l'Ufficio", "l'Ufficios", "l'ufficio",
                 "dell'Uffici", "l'alberare", "l'albero's", "l'", "'albero", "l'xalbero", "l'alberos", "l'albero-acqua",
                 "l'Onu", "dell'Onus", "l'Uno", "l'Unos", "l'uno"] {
        for spelling in [word, RejectIndex.initialCapital(word), word.uppercased()] {
            // A dictionary of its own for each word: a word that needed Hunspell loads it.
            let fast = try SpellDictionary(info: scratch.info, handles: 1, compiled: compiled)
            let expected = reference.engine.spell(spelling)
            #expect(fast.accepts(spelling) == expected, "\(spelling)")
            if expected, compiled.rejects.acceptsElided(spelling) {
                correct.append(spelling)
                #expect(!fast.engine.isLoaded, "\(spelling)")
            }
            if compiled.rejects.acceptsElided(spelling) { #expect(expected, "\(spelling) proven correct, but Hunspell rejects it") }
        }
    }
    // A prefix and a suffix go together only when both are cross products: the index proves these wrong.
    for wrong in ["l'alberelli", "un'alberelli", "un'albero", "L'ALBERELLI"] {
        #expect(!reference.engine.spell(wrong), "\(wrong)")
        #expect(compiled.rejects.rejects(wrong), "\(wrong) is not proven wrong")
    }
    // The elided forms of suffixed words are proven in every spelling Hunspell accepts them in.
    for word in ["l'albero", "L'albero", "L'ALBERO", "dell'Albero", "Dell'albero", "DELL'ALBERO", "l'Ufficios"] {
        #expect(correct.contains(word), "\(word) was left to Hunspell")
    }
    // A hidden homonym answers where Hunspell certainly kept it (`ONU`'s `Onu`), not where two stems give one (`UNO`, `UnO`).
    for word in ["l'Onu", "dell'Onus", "L'Onu"] { #expect(correct.contains(word), "\(word) was left to Hunspell") }
    #expect(reference.engine.spell("l'Uno") && !compiled.rejects.acceptsElided("l'Uno"))
}

@Test func aCheckThatPutsOffWordsWhileHunspellLoadsFindsWhatAWaitingCheckFindsInTheSameOrder() throws {
    let scratch = try Scratch()
    defer { scratch.remove() }
    let compiled = try scratch.compiled()
    #expect(compiled.rejects.isUsable)
    // Greek words are never proven here (`RejectIndex.caseKind`): they need Hunspell, which this form loads on demand.
    let text = TextBuffer("the αβγ recieve London λόγος receives unbelieve, the phone-kiss NASA nasa Nasa αβγ xyzzy. "
        + "Λόγος qzx-the the.fone believe αβ recieve")
    let reference = SpellChecker(dictionaries: [try SpellDictionary(info: scratch.info, handles: 1)]).check(text)
    let fast = try SpellDictionary(info: scratch.info, handles: 1, compiled: compiled)
    #expect(!fast.engine.isLoaded)
    let found = SpellChecker(dictionaries: [fast]).check(text)
    #expect(fast.engine.isLoaded)
    #expect(found.misspellings == reference.misspellings)
    #expect(found.wordCount == reference.wordCount)
    #expect(found.misspellings.map(\.word).contains("αβγ"))
    // With a limit nothing is put off: the first misspellings, as a waiting check finds them.
    let first = SpellChecker(dictionaries: [try SpellDictionary(info: scratch.info, handles: 1, compiled: compiled)]).check(text, limit: 2)
    #expect(first.misspellings == Array(reference.misspellings.prefix(2)))
}

@Test func aWordWithALetterTheDictionaryHoldsNowhereIsProvenWrongWithoutHunspellAndOnlyThen() throws {
    // Cyrillic stems; `q` only in what a suffix appends, `z` only in a BREAK pattern, `w` only in an ICONV input.
    let scratch = try Scratch(tag: "ru_ZZ", aff: """
        SET UTF-8
        TRY оаедн
        BREAK 2
        BREAK -
        BREAK z
        ICONV 1
        ICONV w в
        SFX A Y 1
        SFX A 0 q .

        """, dic: "3\nдом/A\nкот\nМосква\n")
    defer { scratch.remove() }
    let compiled = try scratch.compiled()
    #expect(compiled.rejects.isUsable)
    let reference = try SpellDictionary(info: scratch.info, handles: 1)
    let foreign = ["hello", "Hello", "HELLO", "домx", "дом-hello", "hello-дом", "e.g.", "дом's", "Ωmega", "кот2b"]
    let held = ["домq", "домQ", "доzм", "кот-дом", "домz", "wот", "кот", "дом", "дом-кот"]
    for word in foreign {
        #expect(compiled.rejects.rejectsByLetters(word), "\(word) is not proven wrong")
        #expect(!reference.engine.spell(word), "\(word) proven wrong, but Hunspell accepts it")
        let fast = try SpellDictionary(info: scratch.info, handles: 1, compiled: compiled)
        #expect(!fast.accepts(word))
        #expect(!fast.engine.isLoaded, "\(word) loaded Hunspell")
    }
    for word in held {
        #expect(!compiled.rejects.rejectsByLetters(word), "\(word) proven wrong by a letter the dictionary holds")
        let fast = try SpellDictionary(info: scratch.info, handles: 1, compiled: compiled)
        #expect(fast.accepts(word) == reference.engine.spell(word), "\(word)")
    }
    // A scalar that case-maps to an ASCII letter counts as that letter (`İ` lowers to `i` and a combining dot).
    #expect(RejectIndex.letters(of: "İſ") == 1 << 8 | 1 << 18)
    // A learned word is never proven wrong.
    let learning = try SpellDictionary(info: scratch.info, handles: 1, compiled: compiled)
    learning.addLearned("hello")
    #expect(learning.accepts("hello"))
}

@Test func compoundsThatCannotBeCutIntoFlaggedPartsAreProvenWrongAndTheOthersGetHunspellsVerdict() throws {
    let scratch = try Scratch.germanShape()
    defer { scratch.remove() }
    let compiled = try scratch.compiled()
    #expect(compiled.rejects.isUsable)
    let reference = try SpellDictionary(info: scratch.info, handles: 1)
    let words = ["Haustür", "Haustüren", "Bahnhof", "Hofbahn", "Straßenbahn", "Straßenbahnhof", "Haushaustür", "Fußbahn",
                 "Fussbahn", "Strassenbahn", "Maßbahn", "Haustü", "Hautür", "Haustürx", "Bahnhfo", "Bahnhoff", "Straßebahn",
                 "Hofstraße", "Türhaus", "Haus", "Fuß", "Tür", "türhof", "Hofhof", "Bahnbahnbahn", "Bahnhofbahn", "Hoftür",
                 "Bahntür", "Ha", "Hausb", "Haust", "Strassenbahnhof", "Haus-tür", "Haustür.", "Hausmaß"]
    var proven = 0
    for word in words {
        for spelling in [word, RejectIndex.initialCapital(word), word.uppercased(), RejectIndex.lower(word)] {
            let fast = try SpellDictionary(info: scratch.info, handles: 1, compiled: compiled)
            let expected = reference.engine.spell(spelling)
            #expect(fast.accepts(spelling) == expected, "\(spelling)")
            if compiled.rejects.rejects(spelling) {
                #expect(!expected, "\(spelling) proven wrong, but Hunspell accepts it")
                proven += 1
            }
        }
    }
    // A misspelled end, start or joint leaves no cut into parts that hold a compound flag.
    for wrong in ["Haustürx", "Bahnhfo", "Hautür", "HAUSTÜRX", "bahnhfo", "Hausmaß"] {
        #expect(!reference.engine.spell(wrong), "\(wrong)")
        #expect(compiled.rejects.rejects(wrong), "\(wrong) is not proven wrong")
    }
    // Compounds Hunspell accepts, with `ß` for `SS` in capitals too, are never proven wrong.
    for right in ["Haustür", "Bahnhof", "STRASSENBAHN", "Straßenbahn", "FUSSBAHN"] {
        #expect(reference.engine.spell(right), "\(right)")
        #expect(!compiled.rejects.rejects(right), "\(right)")
    }
    #expect(proven > 40, "only \(proven) spellings proven wrong")
}

extension Scratch {
    /// German's shape: COMPOUNDBEGIN/MIDDLE/END carried by suffixes' continuation classes and by lower-case stems that
    /// only join (ONLYINCOMPOUND), COMPOUNDPERMITFLAG, COMPOUNDMIN 2, CHECKSHARPS, NEEDAFFIX and a stem without flags.
    static func germanShape() throws -> Scratch {
        try Scratch(tag: "de_ZZ", aff: """
            SET UTF-8
            TRY esianrtolcdugmphbyfvkwzäöüß
            CHECKSHARPS
            COMPOUNDBEGIN x
            COMPOUNDMIDDLE y
            COMPOUNDEND z
            ONLYINCOMPOUND o
            COMPOUNDPERMITFLAG c
            NEEDAFFIX h
            COMPOUNDMIN 2
            SFX j Y 1
            SFX j 0 0/xoc .
            SFX e Y 1
            SFX e 0 0/yoc .
            SFX N Y 2
            SFX N 0 en [^e]
            SFX N 0 n e
            SFX S Y 1
            SFX S 0 s/xoc .
            SFX F Y 1
            SFX F 0 n/xoc e

            """, dic: "12\nHaus/jeS\ntür/Noz\nTür/N\nBahn/Nj\nbahn/Noz\nhof/oz\nHof/S\nStraße/NF\nstraße/oz\nFuß/jh\nfuß/oz\nMaß\n")
    }
}

/// The spellings among every cut of `words`, in four case spellings, that the reject index's derivation search gives
/// holding a compound flag, but that its part table does not hold with that flag's place.
private func partsMissing(from rejects: RejectIndex, cutting words: [String]) throws -> [String] {
    let rules = try #require(rejects.rules)
    let affixes = AffixIndex(rules.affixes)
    let places = [(rules.compoundFlags.first, CompoundPartTable.begins), (rules.compoundFlags.second, CompoundPartTable.middles),
                  (rules.compoundFlags.third, CompoundPartTable.ends)]
    var missing: [String] = []
    forEachCut(of: words) { part, lowered in
        let held = rejects.parts.places(lowered)
        for (flag, place) in places where flag != 0 && held & place == 0 {
            let derived = part.withUnsafeBufferPointer { bytes in
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: affixes.scratchSize(forWordOf: bytes.count)) {
                    affixes.derivable(bytes, hidden: true, stems: rejects.stems, scratch: $0.baseAddress!,
                                      needing: StemTable.AnyFlag(first: flag))
                }
            }
            if derived { missing.append("\(String(decoding: part, as: UTF8.self)) (place \(place))") }
        }
    }
    return missing
}

/// Calls `body` with every cut of each of `words` in four case spellings (its bytes) and the cut in lower case.
private func forEachCut(of words: [String], _ body: ([UInt8], UnsafeBufferPointer<UInt8>) -> Void) {
    for word in words {
        for spelling in Set([word, RejectIndex.initialCapital(word), word.uppercased(), RejectIndex.lower(word)]) {
            let scalars = Array(spelling.unicodeScalars)
            for start in 0..<scalars.count {
                for end in (start + 1)...scalars.count {
                    let part = Array(String(String.UnicodeScalarView(scalars[start..<end])).utf8)
                    part.withUnsafeBufferPointer { bytes in
                        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4 * bytes.count) { lowered in
                            let length = CaseSpellings.lowerCased(bytes, into: lowered.baseAddress!)
                            body(part, UnsafeBufferPointer(start: lowered.baseAddress!, count: length))
                        }
                    }
                }
            }
        }
    }
}

@Test func thePartTableHoldsEveryPartTheDerivationSearchFindsWithItsPlace() throws {
    let scratch = try Scratch.germanShape()
    defer { scratch.remove() }
    let compiled = try scratch.compiled()
    #expect(compiled.rejects.parts.count > 10)
    let words = ["Haustüren", "Straßenbahnhof", "Fußbahn", "Bahnhofstraße", "Hofstraßen", "türhofbahn", "Maßhaus", "Tür"]
    #expect(try partsMissing(from: compiled.rejects, cutting: words) == [])
    // Places are kept apart: `Hof` begins nothing (only `Hofs` does), `hof` only ends, `Haus` begins and stands between.
    func places(_ part: String) -> UInt8 {
        var part = part
        return part.withUTF8 { compiled.rejects.parts.places($0) }
    }
    #expect(places("hofs") == CompoundPartTable.begins)
    #expect(places("hof") == CompoundPartTable.ends)
    #expect(places("haus") == CompoundPartTable.begins | CompoundPartTable.middles)
    #expect(places("maß") == 0)
    #expect(compiled.rejects.rejects("Hofbahn"))
    #expect(try !SpellDictionary(info: scratch.info, handles: 1).engine.spell("Hofbahn"))
}

/// The spellings among every cut of `words`, in four case spellings, that the reject index's derivation search finds
/// whole (on a root lacking ONLYINCOMPOUND, as `rejects` searches), but whose lower case its derivation filter does not hold.
private func derivationsMissing(from rejects: RejectIndex, cutting words: [String]) throws -> [String] {
    let rules = try #require(rejects.rules)
    let affixes = AffixIndex(rules.affixes)
    let filter: HomonymFilter = rules.onlyInCompoundFlag != 0 ? .lacking(rules.onlyInCompoundFlag) : .none
    var missing: [String] = []
    forEachCut(of: words) { part, lowered in
        guard !rejects.derivations.mayHold(lowered) else { return }
        let derived = part.withUnsafeBufferPointer { bytes in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: affixes.scratchSize(forWordOf: bytes.count)) {
                affixes.derivable(bytes, hidden: true, stems: rejects.stems, scratch: $0.baseAddress!, filter: filter)
            }
        }
        if derived { missing.append(String(decoding: part, as: UTF8.self)) }
    }
    return missing
}

@Test func theDerivationFilterHoldsEveryWholeWordTheSearchFindsAndFewOthers() throws {
    let scratch = try Scratch.germanShape()
    defer { scratch.remove() }
    let compiled = try scratch.compiled()
    #expect(compiled.rejects.derivations.isUsable)
    let words = ["Haustüren", "Straßenbahnhof", "Fußbahn", "Bahnhofstraße", "Hofstraßen", "türhofbahn", "Maßhaus", "Tür", "Hofs"]
    #expect(try derivationsMissing(from: compiled.rejects, cutting: words) == [])
    // Spellings no stem derives are settled by the filter (a Bloom filter: about 1 in 100 reads as held).
    var held = 0
    for number in 0..<200 {
        var spelling = "qx\(number)zw"
        if spelling.withUTF8({ compiled.rejects.derivations.mayHold($0) }) { held += 1 }
    }
    #expect(held < 20)
}

@Test func aWordWhoseRootsAllJoinOnlyInCompoundsIsProvenWrong() throws {
    let scratch = try Scratch.germanShape()
    defer { scratch.remove() }
    let compiled = try scratch.compiled()
    let reference = try SpellDictionary(info: scratch.info, handles: 1)
    // `tür/Noz` and `hof/oz` hold ONLYINCOMPOUND: `checkword` passes them over and drops a root `affix_check` finds
    // holding it, and neither spelling is long enough to be a compound.
    for word in ["türen", "hof", "tür"] {
        #expect(!reference.engine.spell(word), "\(word)")
        #expect(compiled.rejects.rejects(word), "\(word) is not proven wrong")
    }
    // Through roots that stand alone (`Tür/N`, `Hof/S`) the capitalised spellings are words.
    for word in ["Türen", "Hof", "Tür"] {
        #expect(reference.engine.spell(word), "\(word)")
        #expect(!compiled.rejects.rejects(word), "\(word)")
    }
}

@Test(.enabled(if: FileManager.default.fileExists(atPath: "/usr/share/hunspell/de_DE.dic")))
func germanDerivationFilterHoldsEveryWholeWordTheSearchFindsInASampleOfWords() throws {
    let info = DictionaryInfo(tag: LanguageTag("de_DE")!, source: .system, path: "/usr/share/hunspell/de_DE")
    let built = RejectIndex.build(info: info)
    #expect(built.reason == nil)
    #expect(built.index.derivations.isUsable)
    let lines = try String(contentsOfFile: info.wordsPath, encoding: .utf8).split(separator: "\n")
    var words = ["Straßenbahnhaltestelle", "Arbeitszimmertür", "Fußballweltmeisterschaft", "Donaudampfschifffahrt", "stars", "Verstärkerröhren"]
    for (index, line) in lines.enumerated() where index % 1000 == 7 {
        if let word = line.split(separator: "/").first, word.unicodeScalars.count <= 14 { words.append(String(word)) }
    }
    #expect(try derivationsMissing(from: built.index, cutting: words) == [])
}

@Test(.enabled(if: FileManager.default.fileExists(atPath: "/usr/share/hunspell/de_DE.dic")))
func germanPartTableHoldsEveryPartTheDerivationSearchFindsInASampleOfWords() throws {
    let info = DictionaryInfo(tag: LanguageTag("de_DE")!, source: .system, path: "/usr/share/hunspell/de_DE")
    let built = RejectIndex.build(info: info)
    #expect(built.reason == nil)
    let rejects = built.index
    #expect(rejects.parts.count > 100_000)
    // Every 1000th stem of the .dic and a few compounds, cut everywhere.
    let lines = try String(contentsOfFile: info.wordsPath, encoding: .utf8).split(separator: "\n")
    var words = ["Straßenbahnhaltestelle", "Arbeitszimmertür", "Fußballweltmeisterschaft", "Donaudampfschifffahrt"]
    for (index, line) in lines.enumerated() where index % 1000 == 1 {
        if let word = line.split(separator: "/").first, word.unicodeScalars.count <= 14 { words.append(String(word)) }
    }
    #expect(try partsMissing(from: rejects, cutting: words) == [])
}
