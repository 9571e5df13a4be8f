import Foundation
import Synchronization
import Logging
import TextServices
import TextServicesProtocol

/// Compiles in a child process (`textsvcd dictionaries compile --nice N TAG`), so its memory never lands here.
///
/// Every process hands one to `SpellingService.compileLoadedDictionaries(with:)`:
/// each dictionary it loads without a ready compiled form is compiled this
/// way while Hunspell answers. The child holds none of this process's
/// descriptors (a daemon's socket and lock stay the daemon's alone), writes
/// nothing but the compiled file, and takes the dictionary's compile lock, so
/// processes starting one at once compile it once. Children are queued
/// (`--queue`): one compiles at a time in a folder, whoever started it. A
/// command's child runs in its own session and outlives the command: the next
/// command maps its result; a command starts one child at a time, and none
/// while a queued compile runs (a later command starts the next).
public struct ChildProcessCompileLauncher: CompileLauncher {
    /// The configured `--dictionary-path` folders, passed on so the child finds the same dictionary.
    var dictionaryPaths: [String]
    /// Where a daemon logs a compile's start and end; nil for a command, which prints nothing of it.
    var logger: Logger?
    /// The child's scheduling priority (nice 1-19).
    var niceness = 10
    /// Whether the child runs in a session of its own, so that it outlives this process and its terminal.
    var ownSession = false

    /// Whether a child this process (a command or a door without a daemon) started is still compiling.
    private static let commandChildRuns = Mutex(false)

    /// The launcher a command or a door uses: lowest priority, its own session, started only when no other compile of the dictionary runs.
    public static func forCommand(dictionaryPaths: [String]) -> ChildProcessCompileLauncher {
        ChildProcessCompileLauncher(dictionaryPaths: dictionaryPaths, logger: nil, niceness: 19, ownSession: true)
    }

    public func compile(_ info: DictionaryInfo, compiler: DictionaryCompiler, done: @escaping @Sendable (Bool) -> Void) {
        // A command need not queue a child behind a compile that runs (a daemon does: its child's exit maps the result).
        let report: @Sendable (Bool) -> Void
        if logger == nil {
            // Claims this process's one child slot unless it is taken.
            let claimed = !compiler.isCompiling(info) && !compiler.isCompilingQueued()
                && Self.commandChildRuns.withLock { runs in
                    guard !runs else { return false }
                    runs = true
                    return true
                }
            guard claimed else {
                done(false)
                return
            }
            report = { succeeded in
                Self.commandChildRuns.withLock { $0 = false }
                done(succeeded)
            }
        } else {
            report = done
        }
        var arguments = ["dictionaries", "compile", "--queue", "--nice", "\(niceness)", "--format", "json"]
        for path in dictionaryPaths { arguments += ["--dictionary-path", path] }
        arguments += ["--compiled-folder", compiler.folder, info.tag.tag]
        let logger = logger
        let started = Date()
        logger?.info("compiling a dictionary in the background", metadata: ["dictionary": "\(info.tag.tag)"])
        do {
            try ServerSystem.spawnDetached(ServerSystem.executablePath, arguments,
                                           environment: ProcessInfo.processInfo.environment, log: nil,
                                           newSession: ownSession) { status in
                let succeeded = status == 0
                let metadata: Logger.Metadata = ["dictionary": "\(info.tag.tag)", "status": "\(status)",
                                                 "seconds": "\(String(format: "%.1f", Date().timeIntervalSince(started)))"]
                if succeeded {
                    logger?.info("compiled a dictionary", metadata: metadata)
                } else {
                    logger?.warning("compiling a dictionary failed; Hunspell keeps answering", metadata: metadata)
                }
                report(succeeded)
            }
        } catch {
            logger?.warning("cannot start a compile", metadata: ["dictionary": "\(info.tag.tag)", "error": "\(error)"])
            report(false)
        }
    }
}
