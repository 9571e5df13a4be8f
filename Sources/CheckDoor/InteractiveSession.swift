import Foundation
import TextServices
import TextServicesProtocol

/// `check --interactive`: asks a person on the controlling terminal what to do with each misspelling, and does it.
///
/// For each misspelling in text order, the terminal shows its line with the
/// word marked and numbered guesses; a key picks a guess, types a
/// replacement, ignores it once or for the rest of the run, adds it to the
/// project's words (`.textsvcd/words.txt`, a sorted file kept sorted) or to
/// the personal dictionary, skips the rest of the file, or quits. A file's
/// replacements are written when its last misspelling is decided (or on
/// skip or quit), in one atomic replace that refuses a file changed or
/// removed since it was read. A word ignored for the run, added or learned
/// is not asked about again. Used from one thread, in input order.
public final class InteractiveSession {
    public let terminal: ControllingTerminal
    let client: any TextServicesClient
    let languages: [String]?
    /// Whether the word is marked with reverse video (else with brackets: `NO_COLOR`, `TERM=dumb`).
    let highlights: Bool
    /// Words not to ask about again in this run: ignored everywhere, added to the project, learned.
    private var settled = Set<String>()
    /// The replacement last chosen for each word, offered first when it comes again.
    private var chosen: [String: String] = [:]
    /// Whether the person quit: the rest of the run asks nothing.
    public private(set) var quitting = false

    /// A session asking on `terminal`; `languages` are the run's (`--lang`), for learning words.
    public init(terminal: ControllingTerminal, client: any TextServicesClient, languages: [String]?,
                environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.terminal = terminal
        self.client = client
        self.languages = languages
        self.highlights = environment["NO_COLOR"] == nil && environment["TERM"] != "dumb"
    }

    /// What was decided about one input's misspellings.
    public struct Resolution: Sendable, Equatable {
        /// What was done, one line each, for standard error (`path: replaced 2 (wrold -> world, ...)`).
        public var notes: [String] = []
        /// What could not be done (a file changed meanwhile, a words file that cannot be written).
        public var problems: [String] = []
        /// Misspellings left as they are and not ignored: skipped, not reached after quitting, or not written.
        public var left = 0
    }

    /// Asks about each of an input's findings and writes the replacements chosen.
    public func resolve(_ input: CheckInput, findings: [CheckDoor.Finding]) -> Resolution {
        var resolution = Resolution()
        var replacements: [CheckDoor.Replacement] = []
        var skipping = false
        var locator = LineLocator(input.text)
        let asked = findings.filter { !settled.contains($0.misspelling.word) }
        for (index, finding) in asked.enumerated() {
            let word = finding.misspelling.word
            if settled.contains(word) { continue }
            if skipping || quitting || input.name == "-" {
                resolution.left += 1
                continue
            }
            let position = locator.locate(finding.misspelling.range.lowerBound)
            var guesses = finding.guesses
            if let previous = chosen[word] { guesses = [previous] + guesses.filter { $0 != previous } }
            guesses = Array(guesses.prefix(Self.maximumGuesses))
            show(finding, in: input, at: position, guesses: guesses, counter: (index + 1, asked.count))
            switch ask(word: word, guesses: guesses) {
            case .replace(let replacement):
                replacements.append(CheckDoor.Replacement(range: finding.misspelling.range, word: word, guess: replacement))
                chosen[word] = replacement
            case .ignore:
                break
            case .ignoreAll:
                settled.insert(word)
            case .addToProject:
                do {
                    let addition = try Project.nearest(to: input.projectPath).words.add([word], keepingSorted: true)
                    resolution.notes.append("added '\(word)' to \(addition.path)")
                    settled.insert(word)
                } catch {
                    resolution.problems.append("'\(word)' was not added to the project's words: \(error)")
                    resolution.left += 1
                }
            case .learn:
                do {
                    _ = try client.send(SpellLearnRequest(word: word, language: learningLanguage(for: finding.misspelling)))
                    resolution.notes.append("learned '\(word)' (personal dictionary)")
                    settled.insert(word)
                } catch {
                    resolution.problems.append("'\(word)' was not learned: \(error.message)")
                    resolution.left += 1
                }
            case .skipFile:
                skipping = true
                resolution.left += 1
            case .quit:
                quitting = true
                resolution.left += 1
            }
        }
        if input.name == "-", resolution.left > 0 {
            resolution.problems.append("-: standard input cannot be changed; --interactive asks about files")
        }
        write(replacements, to: input, into: &resolution)
        return resolution
    }

    /// Writes a file's replacements in one atomic replace, or says why the file was left as it was.
    private func write(_ replacements: [CheckDoor.Replacement], to input: CheckInput, into resolution: inout Resolution) {
        guard !replacements.isEmpty else { return }
        do {
            try FileSystem.replace(input.name, expecting: input.text.bytes,
                                   with: CheckDoor.applying(replacements, to: input.text.bytes))
        } catch {
            resolution.problems.append("\(input.name): \(error.description); the \(replacements.count) replacements chosen were not written")
            resolution.left += replacements.count
            return
        }
        let listed = replacements.prefix(5).map { "\($0.word) -> \($0.guess)" }.joined(separator: ", ")
        resolution.notes.append("\(input.name): replaced \(replacements.count) (\(listed)\(replacements.count > 5 ? ", ..." : ""))")
    }

    /// The language a learned word goes to: the one the word was found in, else the first asked for (nil: the default).
    private func learningLanguage(for misspelling: Misspelling) -> String? {
        misspelling.language ?? languages?.first { !$0.hasPrefix("auto") }
    }
}
