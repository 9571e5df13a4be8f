import ArgumentParser

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
