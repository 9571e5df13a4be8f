import TextServices
internal import TextServicesDaemon

extension Services {
    /// This process's own services, as a command or a door without the daemon uses them.
    ///
    /// A dictionary loaded without a ready compiled form starts one compile
    /// in a detached low-priority child (`ChildProcessCompileLauncher.forCommand`),
    /// as the daemon does; the command goes on with Hunspell and does not wait,
    /// and the next command maps the result.
    public static func forThisProcess(configuration: Configuration) -> Services {
        let services = Services(configuration: configuration)
        services.spelling.compileLoadedDictionaries(with: ChildProcessCompileLauncher.forCommand(dictionaryPaths: configuration.dictionaryPaths))
        return services
    }
}
