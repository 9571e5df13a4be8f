import Dispatch
import Foundation
import TextServices
import TextServicesProtocol

extension LanguageServer {
    // MARK: Which project words apply

    /// The folder a document's project words are searched from: a `file:` document's own path, else the first workspace root.
    func projectPath(for uri: String) -> String? {
        if uri.hasPrefix("file://") { return LSPDocument.path(ofURI: uri) }
        return workspaceRoots.first
    }

    /// What the project says about a document now (nil when it has no folder), read through the shared cache.
    func project(for uri: String) -> Project? {
        projectPath(for: uri).map(Project.nearest(to:))
    }

    /// The languages a document is checked in: the editor's setting, else its project's `language` (nil: the default).
    ///
    /// Automatic languages are one element, `auto` or `auto:TAG,...`.
    func languages(for uri: String) -> [String]? {
        settings.languages ?? project(for: uri)?.settings.languages?.value
    }

    /// The project words that apply to a document now (nil when it has no folder).
    func projectWords(for uri: String) -> ProjectWords? {
        project(for: uri)?.words
    }

    /// Where "add to the project dictionary" writes for a document; nil when it is in no project.
    ///
    /// See `ProjectWords.destination(workspaceRoots:)`: the nearest
    /// `.textsvcd` folder, else the repository's root (`.git`), else the
    /// workspace folder that holds the document.
    func projectDestination(for uri: String) -> String? {
        projectWords(for: uri)?.destination(workspaceRoots: workspaceRoots)
    }

    /// Shows each problem of a project's words files once per session (a line that is not UTF-8, an unreadable file).
    func reportProjectProblems(_ project: Project) {
        for problem in project.problems where shownProjectProblems.insert(problem).inserted {
            showMessage(problem, type: .warning)
        }
        // A broken config is an error, shown once per fault (an edit that mends it and breaks it again shows it again).
        for error in project.errors where shownProjectProblems.insert(error).inserted {
            showMessage("textsvcd: \(error)", type: .error)
        }
    }

    // MARK: Noticing changes

    /// Checks again every open document whose project words changed since it was last checked.
    ///
    /// Costs one `stat` per folder above each distinct document folder; a
    /// words file is read again only when it changed.
    func refreshProjects() {
        guard phase == .running else { return }
        var byPath: [String: [String]] = [:]
        for uri in documents.keys.sorted() {
            let signature = projectPath(for: uri).map { path in
                byPath[path] ?? { let value = Project.nearest(to: path).signature; byPath[path] = value; return value }()
            } ?? []
            if documents[uri]?.projectSignature != signature {
                documents[uri]?.checked = false
                checkAndPublish(uri)
            }
        }
    }

    /// Starts the stamp poll (every `projectPollInterval` seconds) if documents are open and it is not running.
    ///
    /// The poll makes changes to words files visible in editors that do not
    /// watch files for the server; it costs a few `stat` calls a tick.
    func startProjectPollIfNeeded() {
        guard projectPoll == nil, !documents.isEmpty, phase == .running, projectPollInterval > 0 else { return }
        let timer = DispatchSource.makeTimerSource(queue: queue)
        let interval = DispatchTimeInterval.milliseconds(Int(projectPollInterval * 1000))
        timer.schedule(deadline: .now() + interval, repeating: interval, leeway: .milliseconds(100))
        timer.setEventHandler { [weak self] in self?.refreshProjects() }
        timer.resume()
        projectPoll = timer
    }

    /// Stops the stamp poll (no documents open, or the session ends).
    func stopProjectPoll() {
        projectPoll?.cancel()
        projectPoll = nil
    }

    /// Asks a client that can to tell the server about changes to words files (`workspace/didChangeWatchedFiles`).
    func registerWordsFileWatcher() {
        guard clientRegistersWatchers else { return }
        let watchers = [ProjectWordsFile.fileName, ProjectConfig.fileName].map { name in
            FileSystemWatcher(globPattern: "**/\(ProjectWordsFile.folderName)/\(name)")
        }
        let registration = Registration(id: "textsvcd-project-words", method: "workspace/didChangeWatchedFiles",
                                        registerOptions: DidChangeWatchedFilesRegistrationOptions(watchers: watchers))
        sendRequest("client/registerCapability", RegistrationParams(registrations: [registration])) { _ in }
    }

    /// `workspace/didChangeWorkspaceFolders`: follows the folders added and removed.
    func didChangeWorkspaceFolders(_ params: DidChangeWorkspaceFoldersParams) {
        let removed = Set(params.event.removed.compactMap(\.path))
        workspaceRoots = workspaceRoots.filter { !removed.contains($0) }
        for path in params.event.added.compactMap(\.path) where !workspaceRoots.contains(path) { workspaceRoots.append(path) }
        refreshProjects()
    }

    // MARK: Adding

    /// Adds a word to the project dictionary of a document (creating the file if needed) and checks open documents again.
    func addToProjectDictionary(word: String, uri: String) throws {
        guard let project = projectWords(for: uri) else {
            throw ServiceError.invalidParams(field: "arguments", "the document \(uri) is in no folder, so it has no project")
        }
        guard project.destination(workspaceRoots: workspaceRoots) != nil else {
            throw ServiceError.invalidParams(field: "arguments",
                                             "\(uri) is in no project (no .textsvcd or .git folder above it, outside the workspace)")
        }
        do {
            try project.add(word, workspaceRoots: workspaceRoots)
        } catch {
            throw ServiceError(error)
        }
        refreshProjects()
    }
}
