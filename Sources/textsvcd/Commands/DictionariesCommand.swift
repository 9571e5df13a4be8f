import ArgumentParser
import Foundation
import TextServices

/// `textsvcd dictionaries`: the dictionaries found and the state of their compiled forms.
struct DictionariesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dictionaries",
        abstract: "List dictionaries and their compiled forms, or compile them.",
        discussion: """
            Lists each dictionary (tag, source, path) and its compiled form in the cache folder \
            ($XDG_CACHE_HOME/textsvcd): missing, ready (with size and path), stale (its files changed) \
            or corrupt. Works in this process; no daemon is needed.
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
                                      frequencyFolders: locator.searchPath.map(\.folder))
    }
}

struct ListDictionaries: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List dictionaries and the state of their compiled forms.")

    @OptionGroup var global: GlobalOptions

    @Option(name: .long, help: "Output format: text or json.")
    var format: OutputFormat = .text

    func run() throws {
        let setup = DictionariesSetup(options: global)
        let all = setup.locator.available()
        var output = StandardOutputBuffer()
        defer { output.flush() }
        var rows: [JSONValue] = []
        let width = all.map(\.tag.tag.count).max() ?? 5
        for info in all {
            let state = setup.compiler.state(of: info)
            switch format {
            case .json:
                var object: JSONObject = ["tag": .string(info.tag.tag), "source": .string(info.source.rawValue), "path": .string(info.path)]
                object["compiled"] = .object(Self.describe(state))
                rows.append(.object(object))
            case .text:
                let tag = info.tag.tag.padding(toLength: width, withPad: " ", startingAt: 0)
                let source = info.source.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)
                output.appendLine("\(tag)  \(source) \(info.path)  compiled: \(Self.summary(state))")
            }
        }
        if format == .json { output.appendLine(JSONValue.object(["dictionaries": .array(rows)]).serialized) }
        if all.isEmpty {
            StandardError.print("textsvcd: no dictionaries found (install hunspell-en-us, or use --dictionary-path)")
            throw ExitCode(2)
        }
    }

    static func summary(_ state: DictionaryCompiler.State) -> String {
        switch state {
        case .missing: "missing"
        case .ready(let path, let bytes): "ready, \(ByteCountFormatter.megabytes(bytes)), \(path)"
        case .stale(let path): "stale, \(path)"
        case .corrupt(let path, let reason): "corrupt (\(reason)), \(path)"
        }
    }

    static func describe(_ state: DictionaryCompiler.State) -> JSONObject {
        switch state {
        case .missing(let path): ["state": "missing", "path": .string(path)]
        case .ready(let path, let bytes): ["state": "ready", "path": .string(path), "bytes": .int(bytes)]
        case .stale(let path): ["state": "stale", "path": .string(path)]
        case .corrupt(let path, let reason): ["state": "corrupt", "path": .string(path), "reason": .string(reason)]
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
    var format: OutputFormat = .text

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
        let bar = ProgressBar.wanted(format: format) ? ProgressBar() : nil
        var output = StandardOutputBuffer()
        defer { output.flush() }
        var failed = false
        for info in infos {
            do {
                let progress: @Sendable (DictionaryCompiler.Stage, Double) -> Void = { stage, fraction in
                    bar?.show(label: info.tag.tag, stage: stage.rawValue, fraction: fraction)
                }
                let report = force ? try setup.compiler.compile(info, progress: progress)
                    : try setup.compiler.compileIfNeeded(info, progress: progress)
                bar?.finish()
                switch format {
                case .text:
                    if let report {
                        output.appendLine("\(info.tag.tag): compiled in \(String(format: "%.1f", report.seconds)) s, "
                            + "\(ByteCountFormatter.megabytes(report.byteCount)), \(report.acceptedForms) of \(report.expandedForms) forms accepted, \(report.path)")
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
                bar?.finish()
                output.flush()
                StandardError.print("textsvcd: \(info.tag.tag): \(error.message)")
                failed = true
            }
        }
        if failed { throw ExitCode(2) }
    }
}

enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}

/// A one-line progress bar on standard error, redrawn in place.
private final class ProgressBar: @unchecked Sendable {
    private let lock = NSLock()
    private var lastDrawn = -1

    /// Whether to draw one: standard error is a terminal, CI is unset, TERM is not dumb, and the output is text.
    static func wanted(format: OutputFormat) -> Bool {
        let environment = ProcessInfo.processInfo.environment
        return format == .text && isatty(STDERR_FILENO) == 1 && environment["CI"] == nil
            && environment["TERM"].map { $0 != "dumb" && !$0.isEmpty } ?? false
    }

    func show(label: String, stage: String, fraction: Double) {
        lock.lock()
        defer { lock.unlock() }
        let stages = ["expanding", "verifying", "indexing", "writing"]
        let weights = [0.15, 0.6, 0.15, 0.1]
        let index = stages.firstIndex(of: stage) ?? 0
        let overall = weights[..<index].reduce(0, +) + weights[index] * min(max(fraction, 0), 1)
        let permille = Int(overall * 1000)
        guard permille != lastDrawn else { return }
        lastDrawn = permille
        let width = 30
        let filled = Int(overall * Double(width))
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        FileHandle.standardError.write(Data("\r\(label) [\(bar)] \(Int(overall * 100))% \(stage)\u{1B}[K".utf8))
    }

    func finish() {
        lock.lock()
        defer { lock.unlock() }
        if lastDrawn >= 0 { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        lastDrawn = -1
    }
}

extension ByteCountFormatter {
    static func megabytes(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1_000_000) }
}

/// Compiles in a child process (`textsvcd dictionaries compile --nice 10 TAG`), so its memory never lands here.
///
/// For a server: `services.spelling.compileInBackground(tag, launcher: ChildProcessCompileLauncher(...))`.
struct ChildProcessCompileLauncher: CompileLauncher {
    /// The configured `--dictionary-path` folders, passed on so the child finds the same dictionary.
    var dictionaryPaths: [String]

    func compile(_ info: DictionaryInfo, compiler: DictionaryCompiler, done: @escaping @Sendable (Bool) -> Void) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var arguments = ["dictionaries", "compile", "--nice", "10", "--format", "json"]
        for path in dictionaryPaths { arguments += ["--dictionary-path", path] }
        process.arguments = arguments + ["--compiled-folder", compiler.folder, info.tag.tag]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.terminationHandler = { finished in done(finished.terminationStatus == 0) }
        do {
            try process.run()
        } catch {
            done(false)
        }
    }
}
