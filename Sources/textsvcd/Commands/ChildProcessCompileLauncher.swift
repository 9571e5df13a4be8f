import Foundation
import TextServices
import TextServicesProtocol

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
