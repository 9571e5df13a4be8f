import Foundation

/// What a project says about one file: the words files and settings found walking up from it.
///
/// The one place every door (check, the language server, the ispell pipe)
/// learns what applies to a file: `nearest(to:)` reads `.textsvcd/words.txt`
/// in the file's folder and the folders above (see `ProjectWords`), through
/// a process-wide cache checked against file stamps on every lookup, so edits
/// are seen without a restart. `checker(_:adding:)` composes a door's spell
/// checker with the project's words. A value; thread-safe.
public struct Project: Sendable {
    /// The project words that apply.
    public let words: ProjectWords

    public init(words: ProjectWords) {
        self.words = words
    }

    /// What applies to a file or folder now (a relative path is taken from the current directory).
    public static func nearest(to path: String) -> Project {
        Project(words: ProjectWords.nearest(to: path))
    }

    /// What could not be read or understood in the project's files, one line each (`PATH:LINE: why`), for the door to show once.
    public var problems: [String] { words.problems }

    /// Which files were read, and in what state: equal signatures mean the same project.
    public var signature: [String] { words.signature }

    /// The spellings a checker accepts beyond its dictionaries: the project's words and `extra` (a door's own list).
    public func spellings(adding extra: AcceptedSpellings = AcceptedSpellings()) -> AcceptedSpellings {
        var spellings = extra
        spellings.formUnion(words.spellings)
        return spellings
    }

    /// A checker that also accepts the project's words and `extra`.
    public func checker<Base: WordChecking>(_ base: Base, adding extra: AcceptedSpellings = AcceptedSpellings()) -> AcceptingWords<Base> {
        AcceptingWords(base, spellings: spellings(adding: extra))
    }
}
