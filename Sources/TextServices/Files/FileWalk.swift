/// What a walk over paths found: the files to read, in order, and what it left out and why.
public struct FileWalk: Sendable, Equatable {
    /// The files to read: paths as given, joined with what was found below them.
    public var files: [String] = []
    /// Entries that could not be walked (an unreadable folder, a symbolic link loop, a missing path), one line each: `PATH: why`.
    public var problems: [String] = []
    /// Files larger than the walk's size limit, left out.
    public var tooLarge = 0
    /// Generated files (lock files, minified scripts, source maps), left out.
    public var generated = 0
    /// Repositories found inside another (walked with their own ignore rules).
    public var nestedRepositories = 0
    /// Submodules that are not checked out (empty folders git lists as submodules), passed over.
    public var emptySubmodules = 0
    /// Symbolic links to folders, not followed.
    public var linkedFolders = 0

    public init() {}
}
