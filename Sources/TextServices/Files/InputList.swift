/// The inputs a command reads, from its path arguments: files named, files found in folders, or standard input.
///
/// With no paths, standard input is read when it is a file or a pipe (as
/// ripgrep decides); otherwise the current git work tree is walked whole,
/// and outside one standard input is read. `-` is standard input. Each
/// folder named is walked with `FileWalker`; a file named is always kept.
public struct InputList: Sendable {
    /// One input: a path (`-` for standard input), and whether it was named on the command line.
    public struct Input: Sendable, Equatable {
        public var path: String
        public var named: Bool
    }

    /// The inputs, in order.
    public var inputs: [Input] = []
    /// What the walks found and left out (all walks together).
    public var walk = FileWalk()
    /// Whether any folder was walked (so a summary of what was skipped is worth printing).
    public var walked = false

    /// The inputs of `paths`; `standardInputIsData` says whether standard input is a file or a pipe.
    public init(paths: [String], walker: FileWalker = FileWalker(), standardInputIsData: Bool) {
        if paths.isEmpty {
            if !standardInputIsData, let tree = walker.walk([]) {
                walked = true
                take(tree)
            } else {
                inputs = [Input(path: "-", named: true)]
            }
            return
        }
        for path in paths {
            if path == "-" {
                inputs.append(Input(path: "-", named: true))
                continue
            }
            let isFolder = FileSystem.isFolder(path)
            guard isFolder, let found = walker.walk([path]) else {
                inputs.append(Input(path: path, named: true))
                continue
            }
            walked = true
            take(found)
        }
    }

    private mutating func take(_ found: FileWalk) {
        inputs += found.files.map { Input(path: $0, named: false) }
        walk.files += found.files
        walk.problems += found.problems
        walk.tooLarge += found.tooLarge
        walk.generated += found.generated
        walk.nestedRepositories += found.nestedRepositories
        walk.emptySubmodules += found.emptySubmodules
        walk.linkedFolders += found.linkedFolders
    }
}
