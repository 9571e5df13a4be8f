import Foundation

/// Runs a dictionary compile away from the caller: a child process, or a low-priority thread.
public protocol CompileLauncher: Sendable {
    /// Starts compiling `info` with `compiler` and returns at once; `done` is called on any thread, true on success.
    func compile(_ info: DictionaryInfo, compiler: DictionaryCompiler, done: @escaping @Sendable (Bool) -> Void)
}

/// Compiles on a thread of this process at the lowest priority (nice 19).
///
/// The compile's memory peak (hundreds of MB for large dictionaries) lands in
/// this process; a server should prefer a child process.
public struct ThreadCompileLauncher: CompileLauncher {
    public init() {}

    public func compile(_ info: DictionaryInfo, compiler: DictionaryCompiler, done: @escaping @Sendable (Bool) -> Void) {
        let thread = Thread {
            // On Linux, priority is per thread: this lowers only the compiling thread.
            SystemFacts.lowerPriority(19)
            let succeeded = (try? compiler.compile(info)) != nil
            AllocatorTrim.releaseFreeMemory()
            done(succeeded)
        }
        thread.stackSize = 1 << 22
        thread.start()
    }
}
