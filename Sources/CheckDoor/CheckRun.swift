import Foundation
import TextServices
import TextServicesProtocol

/// A whole `check` run over paths: inputs checked on every core, findings printed in input order.
///
/// Inputs are read, matched with their project and checked in batches of a
/// few per core at once (through the daemon, requests are pipelined on its
/// connection); each batch's output is written in input order, so the
/// output does not depend on timing. A bad input (unreadable, binary, not
/// UTF-8) is reported and the others are still checked; a project file's
/// problem is shown once.
public struct CheckRun: Sendable {
    public let door: CheckDoor
    /// How folders were walked (for the summary's size limit).
    public let walker: FileWalker

    public init(door: CheckDoor, walker: FileWalker = FileWalker()) {
        self.door = door
        self.walker = walker
    }

    /// What a run met, for the exit status: 0 clean, 1 misspellings, 2 errors.
    public struct Outcome: Sendable, Equatable {
        public var sawMisspelling = false
        public var sawError = false
        /// Files checked.
        public var checked = 0
        /// Words checked, in all files.
        public var words = 0
        /// Misspellings reported, in all files.
        public var misspellings = 0
        /// Files found in folders and left out as binary (a NUL byte).
        public var binary = 0
        /// Files found in folders and left out as not UTF-8 (each is named in a warning).
        public var notUTF8 = 0
        /// Files found in folders and left out by a config's `exclude`.
        public var excluded = 0
        /// Distinct words not reported because the tree uses them again and again (`RepositoryVocabulary`).
        public var vocabulary = 0
        /// Distinct words flagged too seldom to recur but not reported because the tree's code uses them as names.
        public var codeNames = 0
        /// Gettext catalogs whose translations were not checked (not a language asked for), by their `Language:` ("" when it names none).
        public var skippedTranslations: [String: Int] = [:]
        /// Words not reported because they are in a script none of their languages is written in, by script name.
        public var otherScriptWords: [String: Int] = [:]
        /// Files that held such words, by script name.
        public var otherScriptFiles: [String: Int] = [:]

        public init() {}

        mutating func countOtherScripts(_ words: [String: Int]) {
            for (script, count) in words {
                otherScriptWords[script, default: 0] += count
                otherScriptFiles[script, default: 0] += 1
            }
        }

        /// The exit status: 2 when any error was met, else 1 when any misspelling was found, else 0.
        public var exitStatus: Int32 { sawError ? 2 : sawMisspelling ? 1 : 0 }
    }

    /// What became of one input.
    private enum Result: Sendable {
        case checked(CheckInput, CheckDoor.Report, projectProblems: [String], configErrors: [String])
        /// Checked in a learning run's first pass, no guesses asked yet; the text is kept only for standard input.
        case found(InputList.Input, CheckDoor.Findings, kept: CheckInput?, project: Project)
        /// Checked, and nothing left to report once the repository's own words are taken out.
        case quiet(words: Int, skippedTranslations: String?, otherScripts: [String: Int], projectProblems: [String], configErrors: [String])
        case unreadable(String)
        case excluded(configErrors: [String])
        case binary
        case notUTF8(String)
        case failed(CheckInput, String, projectProblems: [String], configErrors: [String])
    }

    /// Checks files named or found in folders, then prints a summary of what the walk left out (when a folder was walked).
    ///
    /// When a folder was walked and the options give a repository
    /// vocabulary rule, the words the tree itself uses again and again are
    /// not reported (`RepositoryVocabulary`). With a `session`
    /// (`--interactive`), each input's findings are asked about in turn
    /// instead of printed; after a quit, no more inputs are checked.
    public func run(_ list: InputList, output: some CheckOutput, asking session: InteractiveSession? = nil) -> Outcome {
        // A folder walked is a batch: guesses from the ranker alone (docs/spelling.md), unless asked about one by one.
        // Inputs not asked about share the catalog lines they repeat (`RepeatedLines`).
        var batch = self
        if !door.options.interactive, list.walked || list.inputs.count > 1 {
            var options = door.options
            if list.walked { options.quickGuesses = true }
            batch = CheckRun(door: CheckDoor(client: door.client, options: options, lines: door.lines ?? RepeatedLines()), walker: walker)
        }
        var outcome = batch.run(inputs: list.inputs, output: output, before: list.walk.problems,
                                learning: list.walked ? door.options.repositoryVocabulary : nil, asking: session)
        let untranslated = [outcome.untranslatedSummary, outcome.otherScriptsSummary].compactMap { $0 }.joined(separator: "; ")
        guard list.walked else {
            if !untranslated.isEmpty { output.summarize(untranslated) }
            return outcome
        }
        let walk = list.walk
        var skipped: [String] = []
        func count(_ number: Int, _ what: String) { if number > 0 { skipped.append("\(number) \(what)") } }
        count(outcome.binary, "binary")
        count(walk.tooLarge, "over \(walker.sizeLimit >> 20) MB")
        count(walk.generated, "generated")
        count(outcome.excluded, "excluded by config")
        count(outcome.notUTF8, "not UTF-8")
        count(walk.linkedFolders, "links to folders")
        count(walk.emptySubmodules, walk.emptySubmodules == 1 ? "submodule not checked out" : "submodules not checked out")
        var summary = "\(outcome.checked) \(outcome.checked == 1 ? "file" : "files") checked"
        if walk.nestedRepositories > 0 {
            summary += " (with \(walk.nestedRepositories) nested \(walk.nestedRepositories == 1 ? "repository" : "repositories"))"
        }
        if outcome.vocabulary > 0 {
            summary += "; \(outcome.vocabulary) recurring \(outcome.vocabulary == 1 ? "word" : "words") taken as the repository's own"
        }
        if outcome.codeNames > 0 {
            summary += "; \(outcome.codeNames) \(outcome.codeNames == 1 ? "word" : "words") its code uses as names"
        }
        if !skipped.isEmpty { summary += "; skipped: " + skipped.joined(separator: ", ") }
        if !untranslated.isEmpty { summary += "; " + untranslated }
        output.summarize(summary)
        if !walk.problems.isEmpty { outcome.sawError = true }
        return outcome
    }

    /// Checks `inputs` (paths of files, `-` for standard input) and writes what was found to `output`.
    ///
    /// `before` are problems met finding the inputs, reported first. An
    /// input found in a folder (not named) that is binary is counted and
    /// left out, one that is not UTF-8 warned about and left out. With a
    /// `learning` rule and at least its `minimumFiles` inputs, every input
    /// is checked first, then the words recurring in the tree are taken out
    /// (`RepositoryVocabulary`) and guesses asked for the rest; a file with
    /// something left to report is read again for its lines. With a
    /// `session`, findings are asked about instead of printed. Once the
    /// findings' reader is gone (a closed pipe) or the session quits, no more
    /// inputs are started; those begun are finished.
    public func run(inputs: [InputList.Input], output: some CheckOutput, before problems: [String] = [],
                    learning rule: RepositoryVocabulary.Rule? = nil, asking session: InteractiveSession? = nil) -> Outcome {
        output.begin(inputs: inputs.map(\.path))
        var outcome = Outcome()
        for problem in problems { output.warn(problem) }
        var warned = Set<String>()
        let batchSize = inputs.count == 1 ? 1 : max(2, 4 * OrderedParallelMap.processors)
        if let rule, inputs.count >= rule.minimumFiles {
            // The first pass prints nothing: one parallel loop over every input, so that no core waits at a batch's end.
            // Each input's flagged words and names are counted as soon as it and those before it are checked, while
            // the other cores go on checking: only the last inputs' counting is left when the loop ends.
            var found: [Result] = []
            found.reserveCapacity(inputs.count)
            var vocabulary = RepositoryVocabulary(rule: rule)
            let projects = ProjectLookup()
            OrderedParallelMap.forEach(inputs.count, state: {}, { _, index in
                checkOne(inputs[index], finding: true, projects: projects)
            }, consume: { _, result in
                guard case .found(let item, var findings, let kept, let project) = result else {
                    found.append(result)
                    return true
                }
                vocabulary.add(findings.misspellings.map(\.word) + findings.acronyms)
                vocabulary.addNames(findings.names)
                // Counted: the names are not needed again.
                findings.names = []
                found.append(.found(item, findings, kept: kept, project: project))
                return true
            })
            outcome.vocabulary = vocabulary.learnedWords.count
            outcome.codeNames = vocabulary.namedWords.count
            let learned = vocabulary
            found = inParallel(found) { result in
                guard case .found(let item, var findings, let kept, let project) = result else { return result }
                // A part of a compound the code names (`nclear` in a comment's `bit_nclear`) is the code's too.
                let compounds = findings.compounds
                findings.misspellings = findings.misspellings.enumerated().filter { index, misspelling in
                    !learned.contains(misspelling.word)
                        && !(index < compounds.count && compounds[index].map { learned.isName($0) } == true)
                }.map(\.element)
                findings.compounds = []
                return .found(item, findings, kept: kept, project: project)
            }
            // Every word left is guessed once, all at once, before any file is reported.
            let asked = door.runGuesses(for: found.compactMap { result in
                guard case .found(_, let findings, _, let project) = result, !findings.misspellings.isEmpty else { return nil }
                return (findings, project)
            })
            if session == nil {
                // Each input is written as soon as it and those before it are reported: no core waits at a batch's end.
                OrderedParallelMap.forEach(found.count, state: {}, { _, index in
                    reportOne(found[index], asked: asked)
                }, consume: { _, result in
                    handle(result, alone: false, output: output, outcome: &outcome, warned: &warned, session: nil)
                    return !output.isClosed
                })
            } else {
                var start = 0
                while start < found.count, session?.quitting != true, !output.isClosed {
                    let batch = Array(found[start..<min(found.count, start + batchSize)])
                    start += batch.count
                    for result in inParallel(batch, { reportOne($0, asked: asked) }) {
                        handle(result, alone: false, output: output, outcome: &outcome, warned: &warned, session: session)
                    }
                }
            }
        } else {
            var start = 0
            while start < inputs.count, session?.quitting != true, !output.isClosed {
                let batch = Array(inputs[start..<min(inputs.count, start + batchSize)])
                start += batch.count
                // One input alone is read first, so that a large standard input can start the bar and move it.
                let results = batch.count == 1 ? [checkOne(batch[0]) { output.read($0); return output.onPieces }] : checkAll(batch)
                for result in results {
                    handle(result, alone: batch.count == 1, output: output, outcome: &outcome, warned: &warned, session: session)
                }
            }
        }
        output.finish()
        return outcome
    }

    /// Writes what became of one input and counts it.
    private func handle(_ result: Result, alone: Bool, output: some CheckOutput, outcome: inout Outcome, warned: inout Set<String>,
                        session: InteractiveSession?) {
        switch result {
        case .unreadable(let message):
            output.warn(message)
            outcome.sawError = true
            output.checked(nil)
        case .binary:
            outcome.binary += 1
            output.checked(nil)
        case .notUTF8(let message):
            output.warn("warning: \(message)")
            outcome.notUTF8 += 1
            output.checked(nil)
        case .excluded(let errors):
            report(errors, to: output, seen: &warned, outcome: &outcome)
            outcome.excluded += 1
            output.checked(nil)
        case .checked(let input, let report, let problems, let errors):
            if !alone { output.read(input) }
            self.report(errors, to: output, seen: &warned, outcome: &outcome)
            for problem in problems where warned.insert(problem).inserted { output.warn("warning: \(problem)") }
            output.write(report.lines)
            for note in report.notes { output.summarize(note) }
            outcome.checked += 1
            if let session {
                let resolution = session.resolve(input, findings: report.findings)
                for note in resolution.notes { output.summarize(note) }
                for problem in resolution.problems { output.warn(problem) }
                if !resolution.problems.isEmpty { outcome.sawError = true }
                if resolution.left > 0 { outcome.sawMisspelling = true }
            } else if report.misspellings > 0 {
                outcome.sawMisspelling = true
            }
            outcome.words += report.words
            outcome.misspellings += report.misspellings
            if let skipped = report.skippedTranslations { outcome.skippedTranslations[skipped, default: 0] += 1 }
            outcome.countOtherScripts(report.otherScripts)
            output.checked(input)
        case .found(_, let findings, _, let project):
            // A first pass's result is reported (`reportAll`) before it is handled; this one had nothing to tell.
            handle(.quiet(words: findings.words, skippedTranslations: findings.skippedTranslations, otherScripts: findings.otherScripts,
                          projectProblems: project.problems,
                          configErrors: project.errors), alone: alone, output: output,
                   outcome: &outcome, warned: &warned, session: session)
        case .quiet(let words, let skipped, let otherScripts, let problems, let errors):
            if let skipped { outcome.skippedTranslations[skipped, default: 0] += 1 }
            outcome.countOtherScripts(otherScripts)
            self.report(errors, to: output, seen: &warned, outcome: &outcome)
            for problem in problems where warned.insert(problem).inserted { output.warn("warning: \(problem)") }
            outcome.checked += 1
            outcome.words += words
            output.checked(nil)
        case .failed(let input, let message, let problems, let errors):
            if !alone { output.read(input) }
            report(errors, to: output, seen: &warned, outcome: &outcome)
            for problem in problems where warned.insert(problem).inserted { output.warn("warning: \(problem)") }
            output.warn("\(input.name): \(message)")
            outcome.sawError = true
            output.checked(input)
        }
    }

    /// Reports each broken config once, as an error.
    private func report(_ errors: [String], to output: some CheckOutput, seen: inout Set<String>, outcome: inout Outcome) {
        guard !errors.isEmpty else { return }
        outcome.sawError = true
        for error in errors where seen.insert(error).inserted { output.warn(error) }
    }

    /// Reads and checks one input; `reading` is told of it before it is checked and may give a progress callback.
    private func checkOne(_ item: InputList.Input, finding: Bool = false, projects: ProjectLookup? = nil,
                          reading: (CheckInput) -> (@Sendable (Int) -> Void)? = { _ in nil }) -> Result {
        // A file found in a folder that a config excludes is not even read.
        let found: Project? = item.path == "-" ? nil : projects?.nearest(to: item.path) ?? Project.nearest(to: item.path)
        if !item.named, let found, found.settings.excludedBy != nil { return .excluded(configErrors: found.errors) }
        let input: CheckInput
        do {
            input = try CheckInput.read(item.path)
        } catch {
            if !item.named, error.kind == .binary { return .binary }
            if !item.named, error.kind == .notUTF8 { return .notUTF8(error.description) }
            return .unreadable(error.description)
        }
        let project = found ?? Project.nearest(to: input.projectPath)
        let onPieces = reading(input)
        do {
            if finding {
                return .found(item, try door.find(in: input, project: project, onPieces: onPieces, names: true),
                              kept: item.path == "-" ? input : nil,
                              project: project)
            }
            return .checked(input, try door.check(input, project: project, onPieces: onPieces), projectProblems: project.problems,
                            configErrors: project.errors)
        } catch {
            return .failed(input, error.message, projectProblems: project.problems, configErrors: project.errors)
        }
    }

    /// Reads and checks each input of a batch, in parallel; results in the order given.
    ///
    /// Each input's project files are looked up again, so that words an interactive session adds count for the
    /// next files (a first pass, which sees the tree as it was when it started, looks each folder's up once:
    /// `ProjectLookup`).
    private func checkAll(_ paths: [InputList.Input]) -> [Result] {
        inParallel(paths) { checkOne($0) }
    }

    /// Reports one first-pass finding (the repository's own words taken out).
    ///
    /// Guesses come from `asked`, the whole run's, where it has them. An
    /// input with nothing left is not read again; one with something left
    /// is (standard input's kept text is used), and a file cut shorter since
    /// the first pass is reported as changed rather than misplaced.
    private func reportOne(_ result: Result, asked: RunGuesses) -> Result {
        guard case .found(let item, let findings, let kept, let project) = result else { return result }
        let problems = project.problems, errors = project.errors
        guard !findings.misspellings.isEmpty else {
            return .quiet(words: findings.words, skippedTranslations: findings.skippedTranslations, otherScripts: findings.otherScripts,
                          projectProblems: problems,
                          configErrors: errors)
        }
        let input: CheckInput
        if let kept {
            input = kept
        } else {
            do {
                input = try CheckInput.read(item.path)
            } catch {
                return .unreadable(String(describing: error))
            }
        }
        guard findings.misspellings.allSatisfy({ $0.range.upperBound.rawValue <= input.text.byteCount }) else {
            return .unreadable("\(item.path): changed while it was checked")
        }
        do {
            return .checked(input, try door.report(findings, in: input, project: project, asked: asked), projectProblems: problems,
                            configErrors: errors)
        } catch {
            return .failed(input, error.message, projectProblems: problems, configErrors: errors)
        }
    }

    /// `transform` applied to each element on every core; results in the order given.
    private func inParallel<Element: Sendable>(_ elements: [Element], _ transform: @Sendable (Element) -> Result) -> [Result] {
        OrderedParallelMap.map(elements.count, state: {}) { _, index in transform(elements[index]) }
    }
}
