import Foundation

/// The project words that apply to a file or folder: every `.textsvcd/words.txt` in its folder and the folders above.
///
/// Project words count as learned words for the files below their folder:
/// accepted as written, in capitals, and (a lower-case word) capitalised
/// (`accepts`), and offered as guesses for near misspellings
/// (`guesses(near:)`). Every words file from the starting folder up to the
/// filesystem root applies (a monorepo's root list and a package's own);
/// `files` lists them nearest first. Get one with `nearest(to:)`, which
/// reads through a process-wide cache: a lookup costs one `stat` per folder
/// up to the root, and a file is read again only when its stamp changed, so
/// doors may look up before every check and see edits without a restart.
/// `add(_:)` writes to the nearest words file of the project (see
/// `destination(workspaceRoots:)`). The spell checker knows nothing of
/// projects: the doors (check, the language server, the ispell pipe) apply
/// project words, since they know the file. A value; thread-safe.
public struct ProjectWords: Sendable {
    /// The folder the search started from (absolute).
    public let origin: String
    /// The words files that apply, nearest first.
    public let files: [ProjectWordsFile]
    /// The spellings every file's words are accepted in.
    public let spellings: AcceptedSpellings

    public init(origin: String, files: [ProjectWordsFile]) {
        self.origin = origin
        self.files = files
        var spellings = AcceptedSpellings()
        for file in files { spellings.formUnion(file.spellings) }
        self.spellings = spellings
    }

    /// The project words of a file or folder, read through the shared cache (see `ProjectWordsCache`).
    ///
    /// A file's search starts from its folder; a path that does not exist
    /// (an unsaved document) is taken for a file. A relative path is taken
    /// from the current directory.
    public static func nearest(to path: String) -> ProjectWords {
        ProjectWordsCache.shared.words(for: path)
    }

    /// The folder a search for `path` starts from: the folder itself, or a file's folder, absolute and without `.` or `..`.
    public static func startFolder(for path: String) -> String {
        var absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        absolute = (absolute as NSString).standardizingPath
        return startFolder(forStandardized: absolute)
    }

    /// The folder a search for an absolute path already standardized (`NSString.standardizingPath`) starts from.
    static func startFolder(forStandardized absolute: String) -> String {
        if FileSystem.isFolder(absolute) { return absolute }
        let parent = (absolute as NSString).deletingLastPathComponent
        return parent.isEmpty ? "/" : parent
    }

    /// Every word, nearest file first, each once.
    public var words: [String] {
        var seen = Set<String>()
        return files.flatMap(\.words).filter { seen.insert($0).inserted }
    }

    /// Whether no words file applies or none holds a word.
    public var isEmpty: Bool { spellings.isEmpty }

    /// What could not be read in the files, one line each (`PATH:LINE: why`), for the door to show once.
    public var problems: [String] { files.flatMap(\.problems) }

    /// Which files were read, and in what state: equal signatures mean the same words.
    public var signature: [String] {
        files.map { file in
            guard let stamp = file.stamp else { return file.path }
            return "\(file.path)@\(stamp.inode):\(stamp.size):\(stamp.modifiedSeconds).\(stamp.modifiedNanoseconds)"
        }
    }

    /// Whether a word is a project word in one of its accepted spellings.
    public func accepts(_ word: String) -> Bool {
        spellings.contains(word)
    }

    // MARK: Guesses

    /// The most edits (optimal string alignment distance, ignoring case) a guess may be from a typed word of `letters` letters.
    ///
    /// Words of up to three letters get only case corrections (`kubectl`'s
    /// cousins are long; short typos are the dictionary's business), four
    /// and five letters one edit, longer words two.
    public static func allowedDistance(letters: Int) -> Int {
        switch letters {
        case ..<4: return 0
        case 4...5: return 1
        default: return 2
        }
    }

    /// Project words near a misspelled word, nearest first, each in the typed word's case pattern.
    ///
    /// Near is at most `allowedDistance(letters:)` edits (insertions,
    /// deletions, substitutions, swaps of neighbours) ignoring case; a word
    /// that differs only in case (`kubernetes` for `Kubernetes`) is nearest.
    /// Ties go to the word closer in length, then to the nearer file's
    /// order. Capitals typed give capitals (`KUBERNETS` → `KUBERNETES`), a
    /// capital first letter gives one; otherwise the project's spelling stays.
    public func guesses(near typed: String, limit: Int = 5) -> [String] {
        ranked(near: typed).prefix(limit).map(\.word)
    }

    /// The project's guesses for `typed` merged with `others` (the dictionary's), at most `limit`, each once.
    ///
    /// Project words one edit away (or differing in case) come first, a
    /// project's words being what its texts are about; those two edits away
    /// come after the dictionary's first guess, so that a common word's
    /// obvious correction keeps its place.
    public func guesses(near typed: String, before others: [String], limit: Int) -> [String] {
        let ranked = ranked(near: typed)
        guard !ranked.isEmpty else { return Array(others.prefix(limit)) }
        var order = ranked.filter { $0.distance <= 1 }.map(\.word)
        order += others.prefix(1)
        order += ranked.filter { $0.distance > 1 }.map(\.word)
        order += others.dropFirst()
        var seen = Set<String>()
        return Array(order.filter { seen.insert($0).inserted }.prefix(limit))
    }

    /// Candidates within reach, best first, case restored.
    private func ranked(near typed: String) -> [(word: String, distance: Int)] {
        let target = typed.lowercased().unicodeScalars.map(\.value)
        let letters = typed.unicodeScalars.filter { $0.properties.isAlphabetic }.count
        let limit = Self.allowedDistance(letters: letters)
        var scratch: [Int] = []
        var found: [(word: String, distance: Int, lengthGap: Int, order: Int)] = []
        var order = 0
        var seen = Set<String>()
        for file in files {
            for (word, folded) in zip(file.words, file.folded) {
                order += 1
                guard seen.insert(word).inserted, word != typed, abs(folded.count - target.count) <= limit else { continue }
                let distance = EditModel.distance(folded[...], target[...], limit: limit, scratch: &scratch)
                guard distance <= limit else { continue }
                found.append((word, distance, abs(folded.count - target.count), order))
            }
        }
        found.sort { ($0.distance, $0.lengthGap, $0.order) < ($1.distance, $1.lengthGap, $1.order) }
        var unique = Set<String>()
        return found.compactMap { candidate in
            let cased = Guesser.restoreCase(of: typed, in: candidate.word)
            guard cased != typed, unique.insert(cased).inserted else { return nil }
            return (cased, candidate.distance)
        }
    }

    /// Project words that complete a typed prefix (ignoring case), in the prefix's case pattern, at most `limit`.
    ///
    /// As learned words are among the dictionary's completions, project
    /// words are among a document's; nearer files' words come first.
    public func completions(for prefix: String, limit: Int) -> [String] {
        let folded = prefix.lowercased()
        guard !folded.isEmpty, limit > 0 else { return [] }
        var seen = Set<String>()
        var result: [String] = []
        for file in files {
            for word in file.words where word.count > prefix.count && word.lowercased().hasPrefix(folded) {
                let cased = SpellDictionary.applyCase(of: prefix, to: word)
                if seen.insert(cased).inserted { result.append(cased) }
                if result.count == limit { return result }
            }
        }
        return result
    }

    // MARK: Adding words

    /// Where words added for this folder go: the nearest `.textsvcd/words.txt` of its project, existing or to create.
    ///
    /// Walking up from `origin`, the first folder that holds a `.textsvcd`
    /// folder, holds `.git` (a repository's root; a file for submodules and
    /// worktrees), or is one of `workspaceRoots` (an editor's workspace
    /// folders) gives `FOLDER/.textsvcd/words.txt`. Nil when none does: the
    /// folder is in no project.
    public func destination(workspaceRoots: [String] = []) -> String? {
        let roots = Set(workspaceRoots.map { ($0 as NSString).standardizingPath })
        var folder = origin
        while true {
            let marker = (folder == "/" ? "" : folder) + "/" + ProjectWordsFile.folderName
            if FileSystem.isFolder(marker) || FileSystem.exists((folder == "/" ? "" : folder) + "/.git") || roots.contains(folder) {
                return ProjectWordsFile.path(inProject: folder)
            }
            guard folder != "/" else { return nil }
            let parent = (folder as NSString).deletingLastPathComponent
            folder = parent.isEmpty ? "/" : parent
        }
    }

    /// Adds words to `destination(workspaceRoots:)`, or to `origin/.textsvcd/words.txt` when the folder is in no project.
    ///
    /// See `ProjectWordsFile.add(_:to:keepingSorted:)` for how the file is written; the
    /// shared cache takes the new file in at once.
    @discardableResult
    public func add(_ words: [String], workspaceRoots: [String] = [],
                    keepingSorted: Bool = false) throws(TextServicesError) -> ProjectWordsFile.Addition {
        let path = destination(workspaceRoots: workspaceRoots) ?? ProjectWordsFile.path(inProject: origin)
        return try ProjectWordsCache.shared.add(words, to: path, keepingSorted: keepingSorted)
    }

    /// Adds one word; see `add(_:workspaceRoots:)`.
    @discardableResult
    public func add(_ word: String, workspaceRoots: [String] = []) throws(TextServicesError) -> ProjectWordsFile.Addition {
        try add([word], workspaceRoots: workspaceRoots)
    }
}
