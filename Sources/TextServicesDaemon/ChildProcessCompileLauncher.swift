import Foundation
import Logging
import TextServices
import TextServicesProtocol

/// Compiles in a child process (`textsvcd dictionaries compile --nice 10 TAG`), so its memory never lands here.
///
/// The daemon hands one to `SpellingService.compileLoadedDictionaries(with:)`:
/// each dictionary it loads without a ready compiled form is compiled this
/// way while Hunspell answers. The child holds none of the daemon's
/// descriptors (its socket and lock stay the daemon's alone) and writes
/// nothing but the compiled file.
struct ChildProcessCompileLauncher: CompileLauncher {
    /// The configured `--dictionary-path` folders, passed on so the child finds the same dictionary.
    var dictionaryPaths: [String]
    /// Where the daemon logs a compile's start and end.
    var logger: Logger

    func compile(_ info: DictionaryInfo, compiler: DictionaryCompiler, done: @escaping @Sendable (Bool) -> Void) {
        var arguments = ["dictionaries", "compile", "--nice", "10", "--format", "json"]
        for path in dictionaryPaths { arguments += ["--dictionary-path", path] }
        arguments += ["--compiled-folder", compiler.folder, info.tag.tag]
        let logger = logger
        let started = Date()
        logger.info("compiling a dictionary in the background", metadata: ["dictionary": "\(info.tag.tag)"])
        do {
            try ServerSystem.spawnDetached(ServerSystem.executablePath, arguments,
                                           environment: ProcessInfo.processInfo.environment, log: nil,
                                           newSession: false) { status in
                let succeeded = status == 0
                let metadata: Logger.Metadata = ["dictionary": "\(info.tag.tag)", "status": "\(status)",
                                                 "seconds": "\(String(format: "%.1f", Date().timeIntervalSince(started)))"]
                if succeeded {
                    logger.info("compiled a dictionary", metadata: metadata)
                } else {
                    logger.warning("compiling a dictionary failed; Hunspell keeps answering", metadata: metadata)
                }
                done(succeeded)
            }
        } catch {
            logger.warning("cannot start a compile", metadata: ["dictionary": "\(info.tag.tag)", "error": "\(error)"])
            done(false)
        }
    }
}
