import ArgumentParser
import Foundation
import Synchronization
import TextServices
import TextServicesCLI
import TextServicesProtocol

/// `textsvcd dictionaries`: the dictionaries found and the state of their compiled forms.
struct DictionariesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dictionaries",
        abstract: "List dictionaries and their compiled forms, or compile them.",
        discussion: """
            Lists each dictionary (tag, source, path) and its compiled form in the cache folder \
            ($XDG_CACHE_HOME/textsvcd): missing, ready (with size and path), stale (its files changed) \
            or corrupt; then the system-wide form an install compiled (share/textsvcd/compiled), which \
            every process maps first when it is ready. Works in this process; no daemon is needed.
            """,
        subcommands: [ListDictionaries.self, CompileDictionaries.self],
        defaultSubcommand: ListDictionaries.self
    )
}

/// What both subcommands share: the configuration and the compiler.
private struct DictionariesSetup {
    let locator: DictionaryLocator
    let compiler: DictionaryCompiler

    init(options: GlobalOptions, folder: String? = nil) {
        let configuration = Configuration.fromEnvironment(dictionaryPaths: options.dictionaryPaths)
        locator = DictionaryLocator(configuration: configuration)
        compiler = DictionaryCompiler(folder: folder ?? configuration.compiledDictionaries ?? DictionaryCompiler.defaultFolder(),
                                      frequencyFolders: locator.searchPath.map(\.folder),
                                      systemFolders: configuration.systemCompiledDictionaries)
    }
}

struct ListDictionaries: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List dictionaries and the state of their compiled forms.")

    @OptionGroup var global: GlobalOptions

    @Option(name: .long, help: "Output format: text or json.")
    var format: DictionariesFormat = .text

    func run() throws {
        let setup = DictionariesSetup(options: global)
        let all = setup.locator.available()
        var output = StandardOutputBuffer()
        defer { output.flush() }
        var rows: [JSONValue] = []
        let width = all.map(\.tag.tag.count).max() ?? 5
        for info in all {
            let state = setup.compiler.state(of: info)
            let systemStates = setup.compiler.systemStates(of: info)
            switch format {
            case .json: rows.append(DictionaryReport.row(info, state: state, systemStates: systemStates))
            case .text: output.appendLine(DictionaryReport.line(info, state: state, systemStates: systemStates, tagWidth: width))
            }
        }
        if format == .json { output.appendLine(JSONValue.object(["dictionaries": .array(rows)]).serialized) }
        if all.isEmpty {
            StandardError.print("textsvcd: no dictionaries found (install hunspell-en-us, or use --dictionary-path)")
            throw ExitCode(2)
        }
    }
}

struct CompileDictionaries: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compile",
        abstract: "Compile dictionaries into the cache folder (all found, or the given tags).",
        discussion: "Shows a progress bar when standard error is a terminal (and CI is unset, TERM is not dumb, the format is text)."
    )

    @OptionGroup var global: GlobalOptions

    @Option(name: .long, help: "Output format: text or json.")
    var format: DictionariesFormat = .text

    @Flag(name: .long, help: "Compile even when a current compiled form exists.")
    var force = false

    @Option(name: .long, help: "Run at this lower priority (nice 1-19); 0 keeps the priority.")
    var nice: Int32 = 0

    @Option(name: .long, help: ArgumentHelp("The folder to write to (default: $XDG_CACHE_HOME/textsvcd).", visibility: .hidden))
    var compiledFolder: String?

    @Argument(help: "Language tags (all dictionaries found when none).")
    var tags: [String] = []

    func run() throws {
        if nice > 0 { DictionaryCompiler.lowerPriority(min(nice, 19)) }
        let setup = DictionariesSetup(options: global, folder: compiledFolder)
        var infos: [DictionaryInfo] = []
        do {
            infos = tags.isEmpty ? setup.locator.available() : try tags.map { tag throws(DictionaryError) in try setup.locator.locate(tag) }
        } catch {
            StandardError.print("textsvcd: \(error.message)")
            throw ExitCode(2)
        }
        var output = StandardOutputBuffer()
        defer { output.flush() }
        var failed = false
        for info in infos {
            // The compiler reports from its own threads: the bar (one thread's) is used under a lock.
            let bar = Mutex<ProgressBar?>(nil)
            if format == .text { bar.withLock { $0 = ProgressBar.onStandardError(total: 1000, label: info.tag.tag) } }
            defer { bar.withLock { $0?.finish() } }
            do {
                let progress: @Sendable (DictionaryCompiler.Stage, Double) -> Void = { stage, fraction in
                    bar.withLock { bar in
                        bar?.detail = stage.rawValue
                        bar?.update(completed: Int(DictionaryReport.overall(stage, fraction) * 1000))
                    }
                }
                let report = force ? try setup.compiler.compile(info, progress: progress)
                    : try setup.compiler.compileIfNeeded(info, progress: progress)
                bar.withLock { $0?.finish() }
                switch format {
                case .text:
                    if let report {
                        output.appendLine("\(info.tag.tag): compiled in \(String(format: "%.1f", report.seconds)) s, "
                            + "\(DictionaryReport.megabytes(report.byteCount)), \(report.acceptedForms) of \(report.expandedForms) forms accepted, \(report.path)")
                    } else {
                        output.appendLine("\(info.tag.tag): up to date, \(setup.compiler.path(for: info))")
                    }
                case .json:
                    var object: JSONObject = ["tag": .string(info.tag.tag), "path": .string(setup.compiler.path(for: info))]
                    if let report {
                        object["compiled"] = true
                        object["bytes"] = .int(report.byteCount)
                        object["seconds"] = .double(report.seconds)
                        object["expandedForms"] = .int(report.expandedForms)
                        object["acceptedForms"] = .int(report.acceptedForms)
                    } else {
                        object["compiled"] = false
                    }
                    output.appendLine(JSONValue.object(object).serialized)
                }
            } catch {
                bar.withLock { $0?.finish() }
                output.flush()
                StandardError.print("textsvcd: \(info.tag.tag): \(error.message)")
                failed = true
            }
        }
        if failed { throw ExitCode(2) }
    }
}

/// The output formats of `textsvcd dictionaries`.
enum DictionariesFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}
