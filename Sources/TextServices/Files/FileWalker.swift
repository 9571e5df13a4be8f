import Foundation

/// Finds the files under paths for `check` and `find`: as git lists them inside a work tree, by walking outside.
///
/// Inside a git work tree the files are what `git ls-files -co
/// --exclude-standard` lists (tracked, and untracked but not ignored): git
/// itself applies the ignore rules. Outside one, folders are walked, hidden
/// folders (`.name`) skipped. Either way a repository inside another is
/// walked with its own rules; symbolic links to files are followed, to
/// folders not (so a link loop cannot trap the walk), and a link that loops
/// is reported; a submodule that is not checked out is counted and passed
/// over. Files over `sizeLimit` bytes and generated files (see
/// `isGenerated(_:)`) are counted and left out. A file named explicitly is
/// always kept. Thread-safe; each walk runs git as a child process.
public struct FileWalker: Sendable {
    /// The largest file kept, in bytes.
    public var sizeLimit: Int
    /// Where `git` is looked for (colon-separated folders).
    public var searchPath: String?

    public init(sizeLimit: Int = 4 << 20, searchPath: String? = ProcessInfo.processInfo.environment["PATH"]) {
        self.sizeLimit = sizeLimit
        self.searchPath = searchPath
    }

    /// Walks `paths` (files and folders); with none, the current git work tree, or nil when the current folder is in none.
    public func walk(_ paths: [String]) -> FileWalk? {
        var walk = FileWalk()
        if paths.isEmpty {
            guard let listed = gitFiles(in: ".", pathspec: ":/") else { return nil }
            add(listed, under: nil, to: &walk, depth: 0)
            return walk
        }
        for path in paths {
            switch FileEntry.at(path) {
            case nil:
                walk.problems.append("\(path): no such file or folder")
            case .folder, .link(target: .folder):
                walkFolder(path, to: &walk, depth: 0)
            case .linkLoop:
                walk.problems.append("\(path): symbolic link loop, skipped")
            default:
                walk.files.append(path)
            }
        }
        return walk
    }

    /// Whether a file's name says it is generated: lock files, minified scripts and style sheets, source maps.
    public static func isGenerated(_ path: String) -> Bool {
        let utf8 = path.utf8
        // An ASCII path is cut and compared by its bytes (each Character is one byte): no array of its folders.
        if utf8.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) {
            var end = utf8.endIndex
            while end > utf8.startIndex, utf8[utf8.index(before: end)] == UInt8(ascii: "/") { end = utf8.index(before: end) }
            guard end > utf8.startIndex else { return generatedNames.contains(path) }
            let start = utf8[..<end].lastIndex(of: UInt8(ascii: "/")).map(utf8.index(after:)) ?? utf8.startIndex
            let name = utf8[start..<end]
            if generatedNameLengths.contains(name.count), generatedNames.contains(String(path[start..<end])) { return true }
            return generatedSuffixBytes.contains { name.count >= $0.count && name.suffix($0.count).elementsEqual($0) }
        }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        if generatedNames.contains(name) { return true }
        return generatedSuffixes.contains { name.hasSuffix($0) }
    }

    static let generatedNames: Set<String> = [
        "package-lock.json", "npm-shrinkwrap.json", "yarn.lock", "pnpm-lock.yaml", "Cargo.lock", "Gemfile.lock",
        "poetry.lock", "composer.lock", "Pipfile.lock", "Package.resolved", "go.sum", "flake.lock", "mix.lock",
        "pubspec.lock", "packages.lock.json", "uv.lock", "bun.lockb",
    ]
    static let generatedSuffixes = [".min.js", ".min.css", ".min.mjs", ".js.map", ".css.map", ".min.map"]
    private static let generatedSuffixBytes = generatedSuffixes.map { Array($0.utf8) }
    private static let generatedNameLengths = Set(generatedNames.map(\.utf8.count))

    /// Lists shorter than this are looked up on one core (handing a few `lstat`s to other threads costs more).
    static let fewestLookedUpInParallel = 256

    /// Repositories deeper than this are not entered (a guard against pathological trees).
    static let maximumDepth = 64

    // MARK: Walking

    /// Adds a folder's files: git's list when the folder is in a work tree, else a walk.
    private func walkFolder(_ folder: String, to walk: inout FileWalk, depth: Int) {
        if let listed = gitFiles(in: folder, pathspec: nil) {
            add(listed, under: folder, to: &walk, depth: depth)
        } else {
            walkPlain(folder, to: &walk, depth: depth)
        }
    }

    /// Adds what git listed in `folder` (names relative to it; nil: the current folder, names as git gave them).
    ///
    /// A long list's entries are looked up (`lstat`) on every core first, then taken in git's order.
    private func add(_ names: [String], under folder: String?, to walk: inout FileWalk, depth: Int) {
        let paths = names.map { name in
            let trimmed = name.hasSuffix("/") ? String(name.dropLast()) : name
            return folder.map { join($0, trimmed) } ?? trimmed
        }
        let entries = paths.count < Self.fewestLookedUpInParallel
            ? paths.map(FileEntry.at)
            : OrderedParallelMap.map(paths.count, state: {}) { _, index in FileEntry.at(paths[index]) }
        for (path, entry) in zip(paths, entries) {
            switch entry {
            case nil:
                continue  // tracked, but deleted in the work tree
            case .folder:
                // An untracked repository or a submodule: its own files, by its own rules. A submodule that is not
                // checked out (an empty folder without `.git`) holds nothing; asking git in it would list the
                // submodule itself again.
                guard FileSystem.exists(path + "/.git") else {
                    walk.emptySubmodules += 1
                    continue
                }
                guard depth < Self.maximumDepth else {
                    walk.problems.append("\(path): repositories nested too deep, skipped")
                    continue
                }
                walk.nestedRepositories += 1
                walkFolder(path, to: &walk, depth: depth + 1)
            default:
                keep(path, entry, to: &walk)
            }
        }
    }

    /// Walks a folder that is in no git work tree, skipping hidden folders.
    private func walkPlain(_ folder: String, to walk: inout FileWalk, depth: Int) {
        let names: [String]
        do {
            names = try FileSystem.names(inFolder: folder).sorted()
        } catch {
            walk.problems.append("\(folder): cannot be read (\(error.errno.description)), skipped")
            return
        }
        for name in names {
            let path = join(folder, name)
            let entry = FileEntry.at(path)
            if entry == .folder {
                if name.hasPrefix(".") { continue }
                if FileSystem.exists(path + "/.git"), depth < Self.maximumDepth, let listed = gitFiles(in: path, pathspec: nil) {
                    walk.nestedRepositories += 1
                    add(listed, under: path, to: &walk, depth: depth + 1)
                } else if depth < Self.maximumDepth * 4 {
                    walkPlain(path, to: &walk, depth: depth + 1)
                }
            } else {
                keep(path, entry, to: &walk)
            }
        }
    }

    /// Keeps a found file unless it is generated, too large, a link to a folder or a loop (counted or reported).
    ///
    /// `entry` is what the walk found at `path` (one `lstat` a file, not two).
    private func keep(_ path: String, _ entry: FileEntry?, to walk: inout FileWalk) {
        switch entry {
        case .file(let size), .link(target: .file(let size)):
            if Self.isGenerated(path) {
                walk.generated += 1
            } else if size > sizeLimit {
                walk.tooLarge += 1
            } else {
                walk.files.append(path)
            }
        case .link(target: .folder):
            walk.linkedFolders += 1
        case .linkLoop:
            walk.problems.append("\(path): symbolic link loop, skipped")
        case .link(target: nil):
            walk.problems.append("\(path): symbolic link to nothing, skipped")
        case .link(target: .some), .folder, .other, nil:
            break
        }
    }

    private func join(_ folder: String, _ name: String) -> String {
        if folder == "." { return name }
        return folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    // MARK: Git

    /// The files git lists in `folder` (tracked, and untracked but not ignored), relative to it; nil outside a work tree.
    func gitFiles(in folder: String, pathspec: String?) -> [String]? {
        guard let git = ExternalProgram.locate("git", path: searchPath) else { return nil }
        var arguments = ["-C", folder, "ls-files", "-co", "--exclude-standard", "-z"]
        if let pathspec { arguments += ["--", pathspec] }
        var environment = ProcessInfo.processInfo.environment
        environment["GIT_OPTIONAL_LOCKS"] = "0"
        guard let outcome = try? ExternalProgram.run(git, arguments, captureOutput: true, environment: environment,
                                                     timeout: .seconds(300), maximumOutputBytes: 1 << 30),
              outcome.succeeded else { return nil }
        return outcome.output.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    }
}
