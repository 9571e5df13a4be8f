import ArgumentParser

/// `textsvcd words`: the word lists textsvcd accepts besides its dictionaries.
struct WordsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "words",
        abstract: "Manage the words accepted besides the dictionaries: the personal and the project dictionary.",
        discussion: """
            The personal dictionary is the user's learned words ($XDG_DATA_HOME/textsvcd/personal/<tag>.dic), \
            kept by the daemon. The project dictionary is .textsvcd/words.txt in a folder or any folder above \
            it (one word a line, # comments): its words count as learned for every file below it.
            """,
        subcommands: [WordsImportCommand.self]
    )
}
