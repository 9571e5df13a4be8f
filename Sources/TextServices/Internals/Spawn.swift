import CPlatform
import SystemPackage
#if canImport(Glibc)
import Glibc
#endif

/// `posix_spawn` for Swift: the one place that closes a child's inherited
/// descriptors and turns arguments and an environment into C arrays.
/// `ExternalProgram` (clipboard providers) and the daemon's own start both
/// go through it.
public enum Spawn {
    /// Starts `executable` (`argv[0]`) with `arguments` and exactly `environment`; its process id.
    ///
    /// The caller's `actions` set up descriptors 0-2; every descriptor above 2
    /// is closed in the child, whatever its close-on-exec flag says, so the
    /// child holds nothing of this process (a parent waiting for one of them
    /// to close, as Foundation's `Process` does, would otherwise wait as long
    /// as the child lives).
    public static func start(_ executable: String, _ arguments: [String], environment: [String: String],
                             actions: inout posix_spawn_file_actions_t,
                             attributes: inout posix_spawnattr_t) throws(SystemFailure) -> pid_t {
        let closing = tsv_spawn_close_descriptors_from(&actions, 3)
        guard closing == 0 else { throw SystemFailure("start", executable, errno: Errno(rawValue: closing)) }
        let argv = [executable] + arguments
        var cArguments = argv.map { strdup($0) } + [nil]
        var cEnvironment = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            cArguments.forEach { free($0) }
            cEnvironment.forEach { free($0) }
        }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, &attributes, &cArguments, &cEnvironment)
        guard result == 0 else { throw SystemFailure("start", executable, errno: Errno(rawValue: result)) }
        return pid
    }
}
