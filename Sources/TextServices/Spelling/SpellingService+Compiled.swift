import Foundation

extension SpellingService {
    /// The compiler for this configuration's cache folder (and its system-wide folders); nil when compiled dictionaries are off.
    public var compiler: DictionaryCompiler? {
        configuration.compiledDictionaries.map {
            DictionaryCompiler(folder: $0, frequencyFolders: locator.searchPath.map(\.folder),
                               systemFolders: configuration.systemCompiledDictionaries)
        }
    }

    /// The state of a language's compiled form; nil when compiled dictionaries are off.
    ///
    /// Throws `.unknownLanguage` for an unknown language.
    public func compiledState(_ language: String?) throws(TextServicesError) -> DictionaryCompiler.State? {
        let dictionary = try dictionary(language)
        return compiler?.state(of: dictionary.info)
    }

    /// Maps a language's compiled form into its loaded dictionary if it is ready and not yet in use.
    ///
    /// Returns whether the dictionary now uses a compiled form. Cheap when
    /// nothing changed (a stat of the source files). Throws -32001 for an
    /// unknown language.
    @discardableResult
    public func reloadCompiled(_ language: String?) throws(TextServicesError) -> Bool {
        let dictionary = try dictionary(language)
        guard let compiler else { return dictionary.compiledForm != nil }
        if let current = dictionary.compiledForm, (try? compiler.openChecked(dictionary.info))?.contentKey == current.contentKey {
            return true
        }
        guard let form = compiler.open(dictionary.info) else { return dictionary.compiledForm != nil }
        dictionary.useCompiled(form)
        return true
    }

    /// Compiles a language's missing or stale compiled form with `launcher`, then maps it; returns at once.
    ///
    /// The dictionary answers with Hunspell until the form is ready. One
    /// compile per dictionary runs at a time; a call while one runs, or when
    /// the form is ready (it is mapped then), starts nothing. Returns whether
    /// a compile was started. Throws `.unknownLanguage` for an unknown language.
    @discardableResult
    public func compileInBackground(_ language: String?, launcher: any CompileLauncher) throws(TextServicesError) -> Bool {
        let dictionary = try dictionary(language)
        if try reloadCompiled(language) { return false }
        return compileInBackground(dictionary, launcher: launcher)
    }

    /// Makes every dictionary this service loads from now on without a ready compiled form compile in the background.
    ///
    /// Every process sets this (the daemon, the CLI, the doors), with a
    /// launcher that compiles in a child process at low priority; the
    /// dictionary answers with Hunspell until its compiled form is ready,
    /// then maps it (a process that exits first leaves the child running, and
    /// the next process maps its result). Nil stops new compiles.
    public func compileLoadedDictionaries(with launcher: (any CompileLauncher)?) {
        shared.backgroundCompiles.withLock { $0 = launcher }
    }

    /// Starts compiling a loaded dictionary's compiled form unless one is compiling; whether one was started.
    @discardableResult
    func compileInBackground(_ dictionary: SpellDictionary, launcher: any CompileLauncher) -> Bool {
        guard let compiler else { return false }
        let info = dictionary.info
        guard shared.compiling.withLock({ $0.insert(info.path).inserted }) else { return false }
        launcher.compile(info, compiler: compiler) { [self] _ in
            if let form = compiler.open(info) { dictionary.useCompiled(form) }
            shared.compiling.withLock { _ = $0.remove(info.path) }
        }
        return true
    }

    /// Whether a background compile of the language's dictionary is running.
    public func isCompiling(_ language: String?) throws(TextServicesError) -> Bool {
        let info = try dictionary(language).info
        return shared.compiling.withLock { $0.contains(info.path) }
    }
}
