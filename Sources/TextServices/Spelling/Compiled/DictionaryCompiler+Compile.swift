import Synchronization
import SystemPackage
import Foundation

extension DictionaryCompiler {
    /// Compiles a dictionary and writes its compiled form atomically; returns what was written.
    ///
    /// Expands every form the affix rules allow, asks Hunspell about each
    /// (as is, capitalised and in capitals, unless the affix data decides the
    /// last two: `CaseInference`; on every core) and keeps only the spellings
    /// it accepts, then builds the frequency store and the guess
    /// indexes. Takes seconds to a minute and a few hundred MB for large
    /// dictionaries: run it in a separate low-priority process when a server
    /// must stay lean (`textsvcd dictionaries compile`). `progress` is called
    /// from any thread with a stage and a fraction from 0 to 1. Throws
    /// `Failure` when the dictionary cannot be read or the file not written.
    @discardableResult
    public func compile(_ info: DictionaryInfo,
                        progress: @escaping @Sendable (Stage, Double) -> Void = { _, _ in }) throws(Failure) -> Report {
        try compile(info, askedFormBudget: FormBudget.askedForms, progress: progress)
    }

    /// `compile(_:progress:)` with the forms asked in three spellings kept within `askedFormBudget` (`FormBudget`).
    func compile(_ info: DictionaryInfo, askedFormBudget: Int,
                 progress: @escaping @Sendable (Stage, Double) -> Void = { _, _ in }) throws(Failure) -> Report {
        let started = DispatchTime.now()
        AllocatorTrim.mapAllocations(from: Self.mappedAllocationBytes)
        let frequency = frequencyPath(for: info)
        guard let key = contentKey(info: info, frequencyPath: frequency) else {
            throw Failure(message: "cannot read \(info.affixPath) or \(info.wordsPath)")
        }
        let affixIdentity = Self.identity(info.affixPath), wordsIdentity = Self.identity(info.wordsPath)
        // Hunspell's first handle and the case inference's pass over the .dic (a second or so each for Portuguese)
        // are made on other threads while the forms are expanded on this one.
        let preparing = DispatchGroup()
        let loaded = Locked<Result<HunspellEngine, DictionaryError>?>(nil)
        let inferred = Locked<CaseInference?>(nil)
        DispatchQueue.global().async(group: preparing) {
            let engine = Result { () throws(DictionaryError) in
                try HunspellEngine(info: info, handles: ProcessInfo.processInfo.activeProcessorCount)
            }
            loaded.withLock { $0 = engine }
        }
        // The reject index is built on one thread from the files the expansion reads, while the forms are expanded and verified.
        let rejectBuild = Locked<(index: RejectIndex, reason: String?)?>(nil)
        let building = DispatchGroup()
        progress(.expanding, 0)
        let forms = Self.expandedForms(info, askedFormBudget: askedFormBudget, inferred: inferred, inferring: preparing,
                                       rejectBuild: rejectBuild, building: building)
        guard !forms.isFull else { throw Failure(message: "\(info.wordsPath) expands to more than 4 GiB of word forms") }
        let expandedForms = forms.count
        progress(.expanding, 1)
        // The .dic text and the expansion's runs are released by now: their memory goes back before the wait for
        // Hunspell's handle and the inference's sets.
        AllocatorTrim.releaseFreeMemory()
        preparing.wait()
        // The runs expanded on other threads were freed into those threads' arenas: trimmed, that memory goes back to the
        // system before the verification's Hunspell handles and arrays join the forms (Galician's peak was there).
        AllocatorTrim.releaseFreeMemory()
        // Taken out of the boxes, so that releasing them below frees them.
        let engine: HunspellEngine
        switch loaded.withLock({ box in defer { box = nil }; return box }) {
        case .success(let made)?: engine = made
        case .failure(let error)?: throw Failure(message: error.message)
        case nil: throw Failure(message: "cannot load \(info.affixPath)")
        }
        let declaredCharset = engine.declaredCharset
        let cases = inferred.withLock { box in defer { box = nil }; return box } ?? .disabled
        // Optionals set to nil where they are no longer needed (`consume` does not take them).
        let oneHandle = Self.verifiesOnOneHandle(inferringCase: cases.isEnabled, sourceBytes: Self.sourceBytes(info),
                                                 affixBytes: Self.fileBytes(info.affixPath), forms: expandedForms)
        var verified = Optional(Self.verifiedFlags(forms, engine: engine, cases: cases, oneHandle: oneHandle) {
            progress(.verifying, $0)
        })
        // Hunspell's handles (about 12 MB each for English) and the case rules are not needed past here. Their memory,
        // and the verification's, is many small blocks: trimmed, it goes back to the system before the accept table is
        // built, instead of staying in the process beside the tables (the peak of an English compile was there).
        _ = consume engine
        _ = consume cases
        AllocatorTrim.releaseFreeMemory()
        // The store needs only the forms: for a large dictionary it is built on another core while this one builds the
        // accept table and checks the reject index (each mostly one core's work), and its key hash and deletion index
        // (each one core's work, reading only the store's keys) on two cores after it. A small one builds them one after
        // the other, since there the process's floor, not the tables, is most of the peak.
        let storeBuilt = Locked<(store: WordStore, index: DeletionIndex)?>(nil)
        let storing = DispatchGroup()
        let storeAlongside = forms.count >= Self.storeAlongsideForms
        if storeAlongside {
            DispatchQueue.global().async(group: storing) {
                let built = Self.storeAndDeletionIndex(forms: forms, frequency: frequency)
                storeBuilt.withLock { $0 = built }
            }
        }
        var accepted = Optional(Self.acceptTable(forms, unique: verified!.unique, flags: verified!.flags))
        let acceptedCount = verified!.flags.count { $0 != 0 }
        verified = nil
        // Each part goes to the file as soon as it is final and is freed before the next is built, so the tables of the
        // file are never all in memory at once: the accept table and the reject index while the store and the guess
        // indexes are built (a sixth of an English file), the deletion index while the phonetic one is. The accept
        // table is written before the reject index is checked against it (its sections come first in the file either way).
        let path = path(for: info)
        let byteCount: Int
        let provesWrong: Bool, provesWrongReason: String
        do {
            let file = try FileSystem.AtomicFile(path: path, mode: SystemPackage.FilePermissions(rawValue: 0o644))
            var sections = CompiledFormat.SectionWriter(order: CompiledDictionary.sectionOrder) { try file.write($0, at: $1) }
            for section in CompiledDictionary.sections(of: accepted!) { try sections.add(section) }
            building.wait()
            var rejects = Optional(Self.checkedRejectIndex(rejectBuild.withLock { box in defer { box = nil }; return box }
                                                               ?? (.unusable, "not built"), accepted: accepted!))
            provesWrong = rejects!.index.isUsable
            provesWrongReason = rejects!.reason ?? ""
            accepted = nil
            for section in CompiledDictionary.sections(of: rejects!.index) { try sections.add(section) }
            rejects = nil
            progress(.indexing, 0)
            // The forms and the frequency list live no longer than the store's building.
            storing.wait()
            let store: WordStore
            var builtIndex: DeletionIndex?
            if storeAlongside {
                (store, builtIndex) = storeBuilt.withLock { box in defer { box = nil }; return box! }
            } else {
                store = WordStore(forms: forms, frequencies: frequency.flatMap(WordFrequencies.load(path:))).withKeyHash()
            }
            _ = consume forms
            AllocatorTrim.releaseFreeMemory()
            progress(.indexing, 0.3)
            let index = builtIndex ?? DeletionIndex(store: store)
            builtIndex = nil
            let (prefixLength, maxDistance, bucketMask) = (index.prefixLength, index.maxDistance, index.bucketMask)
            for section in CompiledDictionary.sections(of: index) { try sections.add(section) }
            _ = consume index
            progress(.indexing, 0.8)
            let phonetic = info.tag.language == "en" ? PhoneticIndex(store: store) : nil
            let hasPhonetic = phonetic != nil
            for section in CompiledDictionary.sections(of: phonetic) { try sections.add(section) }
            _ = consume phonetic
            progress(.indexing, 1)
            progress(.writing, 0)
            for section in CompiledDictionary.sections(of: store) { try sections.add(section) }

            var metadata = CompiledMetadata()
            metadata.charset = declaredCharset
            metadata.affixIdentity = affixIdentity
            metadata.wordsIdentity = wordsIdentity
            metadata.frequencyPath = frequency ?? ""
            metadata.frequencyIdentity = frequency.map(Self.identity) ?? ""
            metadata.expandedForms = expandedForms
            metadata.acceptedForms = acceptedCount
            metadata.hasFrequencies = store.hasFrequencies
            metadata.hasPhonetic = hasPhonetic
            metadata.prefixLength = prefixLength
            metadata.maxDistance = maxDistance
            metadata.bucketMask = bucketMask
            metadata.compiledAt = Int(Date().timeIntervalSince1970)
            metadata.environment = Self.environmentKey.description
            metadata.provesWrong = provesWrong
            metadata.provesWrongReason = provesWrongReason
            try sections.add(.init(.metadata, metadata.encoded()))
            byteCount = try sections.finish(contentKey: key)
            try file.commit()
        } catch {
            throw Failure(message: "cannot write \(path): \(error)")
        }
        // Written pages sit in large folios; readers load small ones under their own advice.
        MappedFile.dropCachedPages(path: path)
        progress(.writing, 1)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
        return Report(path: path, byteCount: byteCount, expandedForms: expandedForms, acceptedForms: acceptedCount, seconds: seconds)
    }

    /// Every form of `info` with no cap (the format's offsets are 32-bit, its counts unbounded), its case inference
    /// built on another thread into `inferred` (a task of `inferring`) while they are expanded, and its reject index
    /// built on another into `rejectBuild` (a task of `building`).
    ///
    /// The .aff is read and parsed once and the .dic read and decoded once, for all three: the expander's choice of
    /// budget waits for that one inference's answer (`isEnabled`) when the .dic decides it (FORBIDDENWORD), instead
    /// of building a second beside it (Mongolian's peak rose by 100 MB with two; Korean's 11 MB .aff was parsed
    /// three times). They are freed once the three are done with them but for the inference's sets and the index.
    private static func expandedForms(_ info: DictionaryInfo, askedFormBudget: Int, inferred: Locked<CaseInference?>,
                                      inferring: DispatchGroup, rejectBuild: Locked<(index: RejectIndex, reason: String?)?>,
                                      building: DispatchGroup) -> FormList {
        // The file's bytes are copied once and let go: only the copy is kept (for Hungarian, 2 MB of its early peak).
        let (affixBytes, affixReadable) = FileManager.default.contents(atPath: info.affixPath)
            .map { ([UInt8]($0), true) } ?? ([], false)
        let affixes = AffixFile(bytes: affixBytes)
        let text = WordFormExpander.dictionaryText(path: info.wordsPath, charset: affixes.charset)
        DispatchQueue.global().async(group: building) {
            let built = !affixReadable || !FileManager.default.fileExists(atPath: info.wordsPath)
                ? (RejectIndex.unusable, "unreadable files")
                : RejectIndex.build(affixBytes: affixBytes, affixes: affixes, wordsText: text)
            rejectBuild.withLock { $0 = built }
        }
        // Its own group as well as the caller's: waiting here must not wait for Hunspell's handles, nor for the sets of
        // forbidden and hidden spellings, which are built while the forms are expanded (Mongolian's expansion waited
        // for them, on one core).
        let decided = DispatchGroup(), enabled = Locked(false)
        decided.enter()
        inferring.enter()
        // The expansion and the inference expand with the same tables of affix entries (Korean's are 11 MB each).
        let expander = WordFormExpander(affixes: affixes, maximumForms: .max)
        // Handed over in a box, not captured, so that the inference lets the text go once it has read its lines.
        let inferenceText = Locked(text)
        DispatchQueue.global().async {
            let cases = CaseInference(affixBytes: affixBytes, affixes: affixes,
                                      wordsText: inferenceText.withLock { box in defer { box = nil }; return box },
                                      expander: expander) { answer in
                enabled.withLock { $0 = answer }
                decided.leave()
            }
            inferred.withLock { $0 = cases }
            inferring.leave()
        }
        guard text != nil else { return FormList() }
        // Handed over, so that the expansion lets the text go once its runs are expanded (before they are joined).
        return WordFormExpander.formList(affixes: affixes, dictionaryText: (consume text)!, maximumForms: .max,
                                         layerLimit: WordFormExpander.compiledLayerLimit, askedFormBudget: askedFormBudget,
                                         sharingTablesOf: expander) {
            if let decided = CaseInference.decidedByAffixes(affixBytes) { return decided }
            decided.wait()
            return enabled.withLock { $0 }
        }
    }

    /// The fewest bytes of .aff and .dic for which a dictionary that infers case (`CaseInference`) is verified on one
    /// thread with one Hunspell handle: 12 MB (Mongolian's and Korean's files; Greek, Galician, Ukrainian and Hebrew
    /// have 8-10 MB, every other dictionary less).
    ///
    /// A handle of such files is 56-77 MB, more than a Korean compiled file
    /// and 1.5x a Mongolian one, and a second one is loaded as soon as two
    /// threads ask at once; their questions are few once case is inferred and
    /// plain forms trusted (Mongolian's were 5% of its compile's CPU time).
    static let oneHandleBytes = 12_000_000

    /// The fewest bytes of .aff per expanded form for which any dictionary is verified on one Hunspell handle: 4
    /// (Hungarian's 2.1 MB .aff has 7.4 per form, Korean's 173; Galician's 1.5, Basque's 0.6, every other dictionary
    /// measured less).
    ///
    /// A handle's affix tables come from the .aff alone, while the rest of the
    /// compile (forms, verification arrays, the file's tables) grows with the
    /// forms; where the .aff is large beside the forms the second handle is a
    /// large part of the peak (Hungarian's two, about 16 MB each, against a
    /// 66 MB budget) and the forms it speeds up are few (284,000 for Hungarian,
    /// against 795,000 for Galician and 4.4 million for Basque, whose time needs
    /// the second handle). The figures for each dictionary are in
    /// docs/benchmarks.md (issue 25, item 2, one handle by .aff bytes per form).
    static let oneHandleAffixBytesPerForm = 4

    /// Whether a compile verifies on one Hunspell handle (`verifiedFlags`): a dictionary that infers case with at
    /// least `oneHandleBytes` of .aff and .dic, or any with at least `oneHandleAffixBytesPerForm` bytes of .aff per form.
    static func verifiesOnOneHandle(inferringCase: Bool, sourceBytes: Int, affixBytes: Int, forms: Int) -> Bool {
        (inferringCase && sourceBytes >= oneHandleBytes) || affixBytes >= oneHandleAffixBytesPerForm * max(forms, 1)
    }

    /// The smallest allocation a compile maps on its own (`AllocatorTrim.mapAllocations(from:)`): 128 KiB, glibc's
    /// starting threshold, kept from rising.
    ///
    /// Measured on Mongolian's compile: its peak RSS was 202 MiB with glibc's
    /// rising threshold and 165 MiB with this one; Portuguese's 1.3 GB compile
    /// took 1% more CPU (page faults of fresh mappings).
    static let mappedAllocationBytes = 128 << 10

    /// The bytes of a dictionary's .aff and .dic files together (0 for one that cannot be read).
    static func sourceBytes(_ info: DictionaryInfo) -> Int {
        fileBytes(info.affixPath) + fileBytes(info.wordsPath)
    }

    /// The bytes of the file at `path` (0 for one that cannot be read).
    static func fileBytes(_ path: String) -> Int {
        (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    }

    /// The store of `forms` with its key hash, and its deletion index, built on another core while the key hash is (both
    /// read only the store's keys and flags).
    private static func storeAndDeletionIndex(forms: FormList, frequency: String?) -> (store: WordStore, index: DeletionIndex) {
        let store = WordStore(forms: forms, frequencies: frequency.flatMap(WordFrequencies.load(path:)))
        let indexed = Locked<DeletionIndex?>(nil)
        let indexing = DispatchGroup()
        DispatchQueue.global().async(group: indexing) {
            let index = DeletionIndex(store: store)
            indexed.withLock { $0 = index }
        }
        let hashed = store.withKeyHash()
        indexing.wait()
        return (hashed, indexed.withLock { box in defer { box = nil }; return box! })
    }

    /// The fewest forms for which `compile` builds the store beside the accept table: two million (Czech, Ukrainian,
    /// Portuguese and Hebrew have more; English, German, French and Galician fewer).
    ///
    /// Built together they are in memory together; in a small dictionary the
    /// process's floor makes that the larger share of the peak.
    static let storeAlongsideForms = 2_000_000

    /// Compiles `info` unless a current, intact compiled form exists (system-wide or the user's); nil when none was needed.
    ///
    /// Holds the dictionary's compile lock while it compiles: a second
    /// process calling this meanwhile waits, then finds the form ready and
    /// compiles nothing.
    @discardableResult
    public func compileIfNeeded(_ info: DictionaryInfo,
                                progress: @escaping @Sendable (Stage, Double) -> Void = { _, _ in }) throws(Failure) -> Report? {
        if readyPath(for: info) != nil { return nil }
        let lock: FileLock?
        do {
            lock = try FileLock.acquire(lockPath(for: info))
        } catch {
            throw Failure(message: "cannot lock \(lockPath(for: info)): \(error)")
        }
        defer { lock?.release() }
        if readyPath(for: info) != nil { return nil }
        return try compile(info, progress: progress)
    }

    /// The built reject index, unless some spelling Hunspell accepted is one it would refuse (then `unusable`).
    ///
    /// The index's argument is that it derives every word Hunspell can accept; an even sample of the
    /// accepted forms checks that its reading of the files agrees with Hunspell's (the differential
    /// tests against Hunspell prove it on whole dictionaries).
    static func checkedRejectIndex(_ built: (index: RejectIndex, reason: String?), accepted: AcceptTable,
                                   sampledSlots: Int = 65_536) -> (index: RejectIndex, reason: String?) {
        let (index, reason) = built
        guard index.isUsable else { return (.unusable, reason) }
        let slots = accepted.tables.slots
        let chunk = 8192
        let refused = Locked<String?>(nil)
        // Every form of a small dictionary; an even sample of about `sampledSlots` slots (half of them empty)
        // of a large one: each search costs microseconds to tens of microseconds, and checking every form
        // took a quarter of a compile.
        let stride = max(1, slots.count / max(1, sampledSlots))
        DispatchQueue.concurrentPerform(iterations: (slots.count + chunk - 1) / chunk) { part in
            for position in Swift.stride(from: part * chunk, to: min(slots.count, (part + 1) * chunk), by: stride) {
                let slot = slots[position]
                guard slot != 0 else { continue }
                let offset = Int(slot & 0xFFFF_FFFF), length = Int((slot >> 32) & 0xFF), flags = UInt8((slot >> 40) & 0x7)
                let key = String(decoding: accepted.tables.bytes.slice(offset..<(offset + length)), as: UTF8.self)
                var spellings: [String] = []
                if flags & AcceptTable.asIs != 0 { spellings.append(key) }
                if flags & AcceptTable.capitalised != 0 { spellings.append(CaseVariants.capitalised(key)) }
                if flags & AcceptTable.upper != 0 { spellings.append(CaseVariants.upper(key)) }
                for spelling in spellings where index.rejects(spelling) {
                    refused.withLock { if $0 == nil { $0 = spelling } }
                }
            }
        }
        if let word = refused.withLock({ $0 }) { return (.unusable, "would refuse \(word), which Hunspell accepts") }
        return (index, nil)
    }

    /// The accept table of the distinct forms (each spelling Hunspell accepts, on every core), and how many forms it holds.
    static func verify(_ forms: [WordFormExpander.Form], engine: HunspellEngine, cases: CaseInference = .disabled,
                       progress: @escaping @Sendable (Double) -> Void) -> (AcceptTable, Int) {
        var list = FormList()
        for form in forms { list.append(form.word, suggestible: form.suggestible, keepsCase: form.keepsCase) }
        return verify(list, engine: engine, cases: cases, progress: progress)
    }

    /// The accept table of the distinct forms in `forms` (each spelling Hunspell accepts, on every core), and how many forms it holds.
    static func verify(_ forms: FormList, engine: HunspellEngine, cases: CaseInference = .disabled,
                       progress: @escaping @Sendable (Double) -> Void) -> (AcceptTable, Int) {
        let verified = verifiedFlags(forms, engine: engine, cases: cases, progress: progress)
        return (acceptTable(forms, unique: verified.unique, flags: verified.flags), verified.flags.count { $0 != 0 })
    }

    /// The indices of the distinct forms in `forms`, in byte order, and the spellings of each Hunspell accepts
    /// (`AcceptTable` flags, 0 for none), on every core: `verify` without building the table.
    ///
    /// `oneHandle` asks on this thread alone, so the engine loads no second Hunspell handle (`verifiesOnOneHandle`).
    static func verifiedFlags(_ forms: FormList, engine: HunspellEngine, cases: CaseInference = .disabled, oneHandle: Bool = false,
                              progress: @escaping @Sendable (Double) -> Void) -> (unique: [UInt32], flags: [UInt8]) {
        let (unique, keepsCase, plainCopies) = distinctSorted(forms)
        let plain = plainFormsAgree(forms, unique: unique, keepsCase: keepsCase, plain: plainCopies, engine: engine, cases: cases)
            ? plainCopies : [Bool](repeating: false, count: plainCopies.count)
        let chunkSize = 4096
        let chunks = (unique.count + chunkSize - 1) / chunkSize
        let results = Locked([[UInt8]](repeating: [], count: chunks))
        let done = Atomic<Int>(0)
        // With `oneHandle`, one iteration verifies every chunk in turn.
        DispatchQueue.concurrentPerform(iterations: oneHandle ? 1 : chunks) { iteration in
            for chunk in oneHandle ? 0..<chunks : iteration..<(iteration + 1) {
                let range = (chunk * chunkSize)..<min(unique.count, (chunk + 1) * chunkSize)
                var flags: [UInt8] = []
                flags.reserveCapacity(range.count)
                var memo = CaseInference.ScalarMemo()
                var capitals = ScalarByteMemo()
                // Hashing every form for an empty set was a tenth of a Polish compile.
                let forbidden = cases.forbiddenSpellings, forbids = !forbidden.isEmpty
                for position in range {
                    let word = forms.word(Int(unique[position]))
                    var flag: UInt8 = 0
                    let plainHere = plain[position] && !keepsCase[position] && cases.isEnabled
                    let lowered = plainHere ? PlainForms.lowerInitial(word) : nil
                    // A capitalised plain form: accepted as it is, and in capitals through this same spelling (Hunspell's
                    // capitals path looks up the capitalised spelling), unless a hidden capitalised homonym may reach it.
                    if let lowered, !cases.hiddenCapitalised.contains(lowered),
                       let variants = cases.inferredVariants(lowered, memo: &memo, innerHyphens: true, capitalisedForm: true) {
                        flags.append(AcceptTable.asIs | variants)
                        continue
                    }
                    // A plain form (every copy of it) Hunspell certainly accepts as it is (`PlainForms`).
                    let trusted = plainHere && lowered == nil && !(forbids && forbidden.contains(word))
                    if trusted, let variants = cases.inferredVariants(word, memo: &memo, innerHyphens: true) {
                        flags.append(AcceptTable.asIs | variants)
                        continue
                    }
                    if trusted {
                        flag = AcceptTable.asIs
                    } else if engine.spell(word) {
                        flag |= AcceptTable.asIs
                    }
                    // A KEEPCASE form (from any stem that spells it) is asked in every case.
                    if flag != 0, !keepsCase[position], let variants = cases.inferredVariants(word, memo: &memo) {
                        // Capitalised and in capitals Hunspell looks up this same lower-case spelling.
                        flags.append(flag | variants)
                        continue
                    }
                    // A caseless word (Hebrew) is its own capitalised and capitals spelling: nothing more to ask.
                    guard CaseVariants.changesInCapitals(word, memo: &capitals) else {
                        flags.append(flag)
                        continue
                    }
                    let capitalised = CaseVariants.capitalised(word)
                    if capitalised != word, engine.spell(capitalised) { flag |= AcceptTable.capitalised }
                    let upper = CaseVariants.upper(word)
                    if upper != word, upper != capitalised, engine.spell(upper) { flag |= AcceptTable.upper }
                    if upper == capitalised, upper != word, flag & AcceptTable.capitalised != 0 { flag |= AcceptTable.upper }
                    flags.append(flag)
                }
                results.withLock { $0[chunk] = flags }
                let finished = done.add(1, ordering: .relaxed).newValue
                if finished % 8 == 0 || finished == chunks { progress(Double(finished) / Double(max(chunks, 1))) }
            }
        }
        return (unique, results.withLock { $0.flatMap { $0 } })
    }

    /// Whether Hunspell accepts an even sample of the forms `verify` would trust (`PlainForms`) as they are.
    ///
    /// `PlainForms` reasons from the files as this code reads them; a dictionary Hunspell reads otherwise
    /// (an .aff it fails to load, an alias table it refuses) shows in the sample, and then no form is trusted.
    static func plainFormsAgree(_ forms: FormList, unique: [UInt32], keepsCase: [Bool], plain: [Bool],
                                engine: HunspellEngine, cases: CaseInference, sampleSize: Int = 512) -> Bool {
        guard cases.isEnabled else { return true }
        var trusted: [Int] = []
        for position in unique.indices where plain[position] && !keepsCase[position] { trusted.append(position) }
        guard !trusted.isEmpty else { return true }
        let stride = max(1, trusted.count / sampleSize)
        for sample in Swift.stride(from: 0, to: trusted.count, by: stride) {
            let word = forms.word(Int(unique[trusted[sample]]))
            let lower = PlainForms.lowerInitial(word) ?? word
            if cases.forbiddenSpellings.contains(lower) || word != lower && cases.hiddenCapitalised.contains(lower) { continue }
            if !engine.spell(word) { return false }
        }
        return true
    }

    /// The indices of the distinct non-empty forms in the order of their UTF-8 bytes (the first of equal forms),
    /// whether any of the equal forms keeps its case (KEEPCASE), and whether every one of them is plain (`PlainForms`).
    ///
    /// A radix pass on the first two bytes splits the forms into 65,536 buckets (reading the bytes in
    /// the order they were written); each bucket is then sorted on every core by the next eight bytes
    /// as one integer, with `memcmp` of the rest only for ties. Sorting every index by `memcmp` took
    /// two thirds of an Italian compile (tens of millions of forms).
    static func distinctSorted(_ forms: FormList) -> (indices: [UInt32], keepsCase: [Bool], plain: [Bool]) {
        let bucketCount = 65_536
        @inline(__always) func bucket(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int) -> Int {
            Int(bytes[start]) << 8 | (count > 1 ? Int(bytes[start + 1]) : 0)
        }
        var starts = [Int](repeating: 0, count: bucketCount + 1)
        var order = [UInt32](repeating: 0, count: forms.count)
        forms.bytes.withUnsafeBufferPointer { bytes in
            forms.ends.withUnsafeBufferPointer { ends in
                var start = 0
                for index in 0..<ends.count {
                    let end = Int(ends[index])
                    if end > start { starts[bucket(bytes, start, end - start) + 1] += 1 }
                    start = end
                }
                for position in 0..<bucketCount { starts[position + 1] += starts[position] }
                var next = starts
                start = 0
                for index in 0..<ends.count {
                    let end = Int(ends[index])
                    if end > start {
                        let target = bucket(bytes, start, end - start)
                        order[next[target]] = UInt32(index)
                        next[target] += 1
                    }
                    start = end
                }
            }
        }
        let total = starts[bucketCount]
        // Buckets sorted in place, duplicates dropped, on every core, in groups of about equal size.
        let groups = BucketGroups.cut(starts), bucketStarts = starts
        let kept = Locked([Int](repeating: 0, count: bucketCount))
        var keepsCase = [Bool](repeating: false, count: total)
        var plain = [Bool](repeating: false, count: total)
        order.withUnsafeMutableBufferPointer { orderBuffer in
            keepsCase.withUnsafeMutableBufferPointer { keepsBuffer in
                plain.withUnsafeMutableBufferPointer { plainBuffer in
                    forms.bytes.withUnsafeBufferPointer { bytes in
                        forms.ends.withUnsafeBufferPointer { ends in
                            let shared = SortBuffers(bytes: bytes, ends: ends, order: orderBuffer, keeps: keepsBuffer, plain: plainBuffer)
                            DispatchQueue.concurrentPerform(iterations: groups.count) { group in
                                let bytes = shared.bytes, ends = shared.ends, order = shared.order, keeps = shared.keeps
                                let plain = shared.plain
                                var keys: [(key: UInt64, index: UInt32)] = []
                                var counts: [(Int, Int)] = []
                                for bucketIndex in groups[group] {
                                    let range = bucketStarts[bucketIndex]..<bucketStarts[bucketIndex + 1]
                                    guard !range.isEmpty else { continue }
                                    keys.removeAll(keepingCapacity: true)
                                    for position in range {
                                        keys.append((Self.sortKey(bytes, ends, order[position]), order[position]))
                                    }
                                    keys.sort { a, b in
                                        if a.key != b.key { return a.key < b.key }
                                        let order = Self.compareTails(bytes, ends, a.index, b.index)
                                        return order != 0 ? order < 0 : a.index < b.index
                                    }
                                    var count = 0
                                    var lastKey: UInt64 = 0
                                    for item in keys {
                                        let keepsThis = forms.keepsCase(Int(item.index)), plainThis = forms.isPlain(Int(item.index))
                                        if count > 0, lastKey == item.key,
                                           Self.equalForms(bytes, ends, order[range.lowerBound + count - 1], item.index) {
                                            if keepsThis { keeps[range.lowerBound + count - 1] = true }
                                            if !plainThis { plain[range.lowerBound + count - 1] = false }
                                            continue
                                        }
                                        order[range.lowerBound + count] = item.index
                                        keeps[range.lowerBound + count] = keepsThis
                                        plain[range.lowerBound + count] = plainThis
                                        lastKey = item.key
                                        count += 1
                                    }
                                    counts.append((bucketIndex, count))
                                }
                                kept.withLock { for (bucketIndex, count) in counts { $0[bucketIndex] = count } }
                            }
                        }
                    }
                }
            }
        }
        // Each bucket's distinct forms moved down to one run, in bucket order.
        let counts = kept.withLock { $0 }
        var write = 0
        for bucketIndex in 0..<bucketCount {
            let from = starts[bucketIndex]
            for offset in 0..<counts[bucketIndex] {
                order[write] = order[from + offset]
                keepsCase[write] = keepsCase[from + offset]
                plain[write] = plain[from + offset]
                write += 1
            }
        }
        order.removeSubrange(write...)
        keepsCase.removeSubrange(write...)
        plain.removeSubrange(write...)
        return (order, keepsCase, plain)
    }

    /// The buffers `distinctSorted` shares with its threads: each writes only its own buckets' ranges of `order`, `keeps` and `plain`.
    private struct SortBuffers: @unchecked Sendable {
        let bytes: UnsafeBufferPointer<UInt8>
        let ends: UnsafeBufferPointer<UInt32>
        let order: UnsafeMutableBufferPointer<UInt32>
        let keeps: UnsafeMutableBufferPointer<Bool>
        let plain: UnsafeMutableBufferPointer<Bool>
    }

    /// Bytes 2..<10 of a form as one big-endian integer, zero past its end (no form holds a zero byte).
    @inline(__always)
    private static func sortKey(_ bytes: UnsafeBufferPointer<UInt8>, _ ends: UnsafeBufferPointer<UInt32>, _ index: UInt32) -> UInt64 {
        let start = index == 0 ? 0 : Int(ends[Int(index) - 1]), end = Int(ends[Int(index)])
        var key: UInt64 = 0
        for position in 2..<10 {
            key = key << 8 | (start + position < end ? UInt64(bytes[start + position]) : 0)
        }
        return key
    }

    /// The order of two forms' bytes from byte 10 on (their first ten bytes being equal).
    @inline(__always)
    private static func compareTails(_ bytes: UnsafeBufferPointer<UInt8>, _ ends: UnsafeBufferPointer<UInt32>,
                                     _ a: UInt32, _ b: UInt32) -> Int32 {
        let aStart = (a == 0 ? 0 : Int(ends[Int(a) - 1])), aCount = Int(ends[Int(a)]) - aStart
        let bStart = (b == 0 ? 0 : Int(ends[Int(b) - 1])), bCount = Int(ends[Int(b)]) - bStart
        let common = min(aCount, bCount)
        if common > 10, let base = bytes.baseAddress {
            let order = memcmp(base + aStart + 10, base + bStart + 10, common - 10)
            if order != 0 { return order }
        }
        return aCount == bCount ? 0 : (aCount < bCount ? -1 : 1)
    }

    @inline(__always)
    private static func equalForms(_ bytes: UnsafeBufferPointer<UInt8>, _ ends: UnsafeBufferPointer<UInt32>,
                                   _ a: UInt32, _ b: UInt32) -> Bool {
        let aStart = (a == 0 ? 0 : Int(ends[Int(a) - 1])), aCount = Int(ends[Int(a)]) - aStart
        let bStart = (b == 0 ? 0 : Int(ends[Int(b) - 1])), bCount = Int(ends[Int(b)]) - bStart
        guard aCount == bCount, let base = bytes.baseAddress else { return false }
        return memcmp(base + aStart, base + bStart, aCount) == 0
    }

    /// Whether `a` comes before `b` in the order of their UTF-8 bytes (the order `AcceptTable.build` and the dedup rely on).
    static func utf8Precedes(_ a: String, _ b: String) -> Bool {
        utf8Order(a, b) < 0
    }

    /// Negative, zero or positive as `a`'s UTF-8 bytes come before, equal or come after `b`'s.
    ///
    /// Bytes, not `String` equality: `==` on strings compares canonical equivalence, the slow
    /// path for every word outside ASCII (a tenth of sorting a Russian store).
    static func utf8Order(_ a: String, _ b: String) -> Int {
        let fast = a.utf8.withContiguousStorageIfAvailable { left in
            b.utf8.withContiguousStorageIfAvailable { right -> Int in
                let common = min(left.count, right.count)
                if common > 0, let x = left.baseAddress, let y = right.baseAddress {
                    let order = memcmp(x, y, common)
                    if order != 0 { return order < 0 ? -1 : 1 }
                }
                return left.count == right.count ? 0 : (left.count < right.count ? -1 : 1)
            }
        }
        if let fast, let result = fast { return result }
        if a.utf8.elementsEqual(b.utf8) { return 0 }
        return a.utf8.lexicographicallyPrecedes(b.utf8) ? -1 : 1
    }

    /// The accept table of the distinct forms `unique` with their flags, with capitals keys as `withCapitalsAsKeys` adds them.
    ///
    /// The same table as `AcceptTable.build(withCapitalsAsKeys(items))` over a `String` item per form, read from the
    /// forms' bytes instead: those items (a `String` each, most of them on the heap outside ASCII) and their merged copy
    /// were a Ukrainian compile's largest arrays.
    static func acceptTable(_ forms: FormList, unique: [UInt32], flags: [UInt8]) -> AcceptTable {
        var capitals = Set<String>()
        var unchanged = ScalarByteMemo()
        for (position, flag) in flags.enumerated() where flag & AcceptTable.upper != 0 {
            // A key of ASCII bytes but capitals is its own fold (`WordList.isOwnFold`): no String is made for it.
            if forms.isASCIIWithoutCapitals(Int(unique[position])) { continue }
            let key = forms.word(Int(unique[position]))
            if WordList.isOwnFold(key, unchanged: &unchanged) { continue }
            let lower = CaseVariants.lower(key)
            guard key != lower, key != CaseVariants.capitalised(lower) else { continue }
            capitals.insert(CaseVariants.upper(key))
        }
        var merged = flags
        if !capitals.isEmpty {
            forms.bytes.withUnsafeBufferPointer { bytes in
                for position in unique.indices {
                    let range = forms.range(Int(unique[position]))
                    // A key whose first byte is a lower-case ASCII letter is no word in capitals: no hash of it is needed.
                    guard let first = range.first.map({ bytes[$0] }), !(first >= 0x61 && first <= 0x7A) else { continue }
                    if capitals.remove(String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)) != nil {
                        merged[position] |= AcceptTable.asIs
                    }
                }
            }
        }
        let extra = capitals.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        return forms.bytes.withUnsafeBufferPointer { bytes in
            AcceptTable.build { add in
                for position in unique.indices {
                    add(UnsafeBufferPointer(rebasing: bytes[forms.range(Int(unique[position]))]), merged[position])
                }
                for key in extra {
                    var key = key
                    key.withUTF8 { add($0, AcceptTable.asIs) }
                }
            }
        }
    }

    /// The items, with the capitals of every mixed-case form accepted in capitals as a key of their own.
    ///
    /// A lookup finds a word in capitals through its lower-case and capitalised spellings only, so
    /// `MCMAHON` (from `McMahon`) and `ABC'S` (from `ABC's`) would go to Hunspell; as keys accepted as
    /// they are, the table decides them. Keys stay distinct.
    static func withCapitalsAsKeys(_ items: [(key: String, flags: UInt8)]) -> [(key: String, flags: UInt8)] {
        var capitals = Set<String>()
        var unchanged = ScalarByteMemo()
        for item in items where item.flags & AcceptTable.upper != 0 {
            // A key in lower case already (most of them) is not mixed case.
            if WordList.isOwnFold(item.key, unchanged: &unchanged) { continue }
            let lower = CaseVariants.lower(item.key)
            guard item.key != lower, item.key != CaseVariants.capitalised(lower) else { continue }
            capitals.insert(CaseVariants.upper(item.key))
        }
        guard !capitals.isEmpty else { return items }
        var merged = items
        // A key whose first byte is a lower-case ASCII letter is no word in capitals: no hash of it is needed.
        for index in merged.indices where !(merged[index].key.utf8.first.map { $0 >= 0x61 && $0 <= 0x7A } ?? false)
            && capitals.remove(merged[index].key) != nil {
            merged[index].flags |= AcceptTable.asIs
        }
        merged += capitals.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.map { (key: $0, flags: AcceptTable.asIs) }
        return merged
    }
}
