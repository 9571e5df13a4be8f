import Foundation

/// The lines of a git work tree's files added or changed since a commit, or staged: what `check --diff` reports on.
///
/// Read from `git diff -U0` (renames followed, so a renamed file's moved
/// lines are not new); a file deleted in the work tree has no lines. Since a
/// commit, files git does not track yet (and does not ignore) count as new
/// in full. Lines count from 1. Immutable once loaded; thread-safe.
public struct ChangedLines: Sendable {
    /// What the lines are changed against.
    public enum Base: Sendable, Equatable {
        /// The work tree against a commit (`git diff REF`), untracked files included.
        case commit(String)
        /// The index against `HEAD` (`git diff --cached`).
        case staged
    }

    /// Why the changed lines could not be found; the message names the folder or the reference.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    /// The work tree's top folder, as the file system resolves it.
    public let root: String
    /// Changed line ranges (half-open, from 1), by path relative to `root`.
    public let files: [String: [Range<Int>]]

    public init(root: String, files: [String: [Range<Int>]]) {
        self.root = root
        self.files = files
    }

    /// The changed lines of the work tree that holds `folder`.
    ///
    /// Throws a `Failure` when `folder` is in no git work tree, when the
    /// commit named is not one, or when git cannot be run.
    public static func load(_ base: Base, in folder: String = ".",
                            searchPath: String? = ProcessInfo.processInfo.environment["PATH"]) throws(Failure) -> ChangedLines {
        guard let git = ExternalProgram.locate("git", path: searchPath) else {
            throw Failure(description: "--diff and --staged need git, which is not on the PATH")
        }
        func run(_ arguments: [String], in directory: String) throws(Failure) -> ExternalProgram.Outcome {
            var environment = ProcessInfo.processInfo.environment
            environment["GIT_OPTIONAL_LOCKS"] = "0"
            do {
                return try ExternalProgram.run(git, ["-C", directory, "-c", "core.quotePath=false"] + arguments,
                                               captureOutput: true, environment: environment,
                                               timeout: .seconds(300), maximumOutputBytes: 1 << 30)
            } catch {
                throw Failure(description: "git cannot be run: \(error)")
            }
        }
        let top = try run(["rev-parse", "--show-toplevel"], in: folder)
        guard top.succeeded else { throw Failure(description: "\(folder == "." ? "the current folder" : folder) is not in a git work tree") }
        let root = FileSystem.resolved(String(decoding: top.output, as: UTF8.self).trimmingCharacters(in: .newlines))
        var arguments = ["diff", "-U0", "--no-color", "--no-ext-diff", "--no-textconv", "-M", "--src-prefix=a/", "--dst-prefix=b/"]
        switch base {
        case .commit(let reference):
            let verified = try run(["rev-parse", "--verify", "--quiet", "--end-of-options", reference + "^{commit}"], in: root)
            guard verified.succeeded else {
                throw Failure(description: "'\(reference)' is not a commit in \(root)\(reference == "HEAD" ? " (no commit yet?)" : "")")
            }
            arguments += [String(decoding: verified.output, as: UTF8.self).trimmingCharacters(in: .newlines), "--"]
        case .staged:
            arguments += ["--cached", "--"]
        }
        let diff = try run(arguments, in: root)
        guard diff.succeeded else { throw Failure(description: "git diff failed: \(diff.errorOutput)") }
        var files = parse(diff: diff.output)
        if case .commit = base {
            let untracked = try run(["ls-files", "-o", "--exclude-standard", "-z"], in: root)
            if untracked.succeeded {
                for name in untracked.output.split(separator: 0) { files[String(decoding: name, as: UTF8.self)] = [1..<Int.max] }
            }
        }
        return ChangedLines(root: root, files: files)
    }

    /// The new side's changed lines of each file in a `git diff -U0` patch (deleted files left out).
    public static func parse(diff: [UInt8]) -> [String: [Range<Int>]] {
        var files: [String: [Range<Int>]] = [:]
        var current: String?
        for rawLine in diff.split(separator: 0x0A, omittingEmptySubsequences: false) {
            if rawLine.starts(with: "diff --git ".utf8) {
                current = nil
            } else if rawLine.starts(with: "+++ ".utf8) {
                let name = unquoted(String(decoding: rawLine.dropFirst(4), as: UTF8.self))
                current = name.hasPrefix("b/") ? String(name.dropFirst(2)) : nil
                if let current, files[current] == nil { files[current] = [] }
            } else if rawLine.starts(with: "@@ ".utf8), let current {
                if let range = newLines(String(decoding: rawLine, as: UTF8.self)), !range.isEmpty {
                    files[current, default: []].append(range)
                }
            }
        }
        return files.filter { !$0.value.isEmpty }
    }

    /// The new side's lines of a hunk header `@@ -a,b +c,d @@`.
    static func newLines(_ header: String) -> Range<Int>? {
        guard let plus = header.split(separator: " ").first(where: { $0.hasPrefix("+") }) else { return nil }
        let parts = plus.dropFirst().split(separator: ",")
        guard let start = parts.first.flatMap({ Int($0) }) else { return nil }
        let count = parts.count > 1 ? Int(parts[1]) ?? 1 : 1
        return start..<(start + count)
    }

    /// A path as git prints it in a patch header: C-quoted when it holds a quote, a backslash or a control character.
    static func unquoted(_ name: String) -> String {
        guard name.hasPrefix("\""), name.hasSuffix("\""), name.count >= 2 else { return name }
        var bytes: [UInt8] = []
        var iterator = Array(name.utf8.dropFirst().dropLast()).makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "\\"), let next = iterator.next() else { bytes.append(byte); continue }
            switch next {
            case UInt8(ascii: "n"): bytes.append(0x0A)
            case UInt8(ascii: "t"): bytes.append(0x09)
            case UInt8(ascii: "r"): bytes.append(0x0D)
            case UInt8(ascii: "a"): bytes.append(0x07)
            case UInt8(ascii: "b"): bytes.append(0x08)
            case UInt8(ascii: "f"): bytes.append(0x0C)
            case UInt8(ascii: "v"): bytes.append(0x0B)
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                var value = Int(next - UInt8(ascii: "0"))
                for _ in 0..<2 { if let digit = iterator.next() { value = value * 8 + Int(digit - UInt8(ascii: "0")) } }
                bytes.append(UInt8(truncatingIfNeeded: value))
            default: bytes.append(next)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The changed lines of the file at `path` (as given: relative to the current folder, or absolute); none when it did not change.
    public func lines(ofPath path: String) -> [Range<Int>] {
        guard let relative = relativePath(path) else { return [] }
        return files[relative] ?? []
    }

    /// Whether line `line` of the file at `path` changed.
    public func contains(line: Int, ofPath path: String) -> Bool {
        lines(ofPath: path).contains { $0.contains(line) }
    }

    /// The changed files that exist in the work tree, as paths from the current folder (absolute when outside it), sorted.
    public var existingPaths: [String] {
        let current = FileSystem.resolved(FileManager.default.currentDirectoryPath)
        return files.keys.sorted().compactMap { name in
            let absolute = root + "/" + name
            guard FileSystem.exists(absolute), !FileSystem.isFolder(absolute) else { return nil }
            if current == root { return name }
            return absolute.hasPrefix(current + "/") ? String(absolute.dropFirst(current.count + 1)) : absolute
        }
    }

    /// A path relative to `root`, or nil when it is outside the work tree.
    private func relativePath(_ path: String) -> String? {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        let folder = FileSystem.resolved((absolute as NSString).deletingLastPathComponent)
        let full = folder + "/" + (absolute as NSString).lastPathComponent
        guard full.hasPrefix(root + "/") else { return nil }
        return String(full.dropFirst(root.count + 1))
    }
}
